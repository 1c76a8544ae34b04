package dev.keyplan.spark;

import dev.keyplan.analyze.EngineSettings;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark session keyplan measures in: the active one (spark-submit's, or a test's), else a new
 * one. Without {@code spark.master} (set by spark-submit), a local session on {@link
 * EngineSettings#threads} cores. Times read in UTC, as the embedded engine reads them.
 */
final class SparkSessions {
  private SparkSessions() {}

  static SparkSession get(EngineSettings settings) {
    SparkSession.Builder b =
        SparkSession.builder()
            .appName("keyplan analyze")
            .config("spark.sql.session.timeZone", "UTC");
    if (System.getProperty("spark.master") == null) {
      b =
          b.master("local[" + settings.threads() + "]")
              .config("spark.ui.enabled", "false")
              // A local run has one machine's cores: Spark's default of 200 shuffle partitions
              // would schedule 200 tiny tasks per grouping.
              .config("spark.sql.shuffle.partitions", String.valueOf(2 * settings.threads()));
      if (settings.tempDirectory().isPresent()) {
        b = b.config("spark.local.dir", settings.tempDirectory().get().toString());
      }
    }
    return b.getOrCreate();
  }
}
