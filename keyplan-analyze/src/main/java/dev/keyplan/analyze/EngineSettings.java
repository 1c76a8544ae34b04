package dev.keyplan.analyze;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How the embedded engine may use the machine (docs/analyze.md, "Engine").
 *
 * @param memoryLimit DuckDB's {@code memory_limit} ({@code 2GB}, {@code 512MiB}): past it the
 *     engine spills to {@code tempDirectory}
 *     (https://duckdb.org/docs/stable/configuration/overview)
 * @param threads DuckDB's {@code threads}, at least 1
 * @param tempDirectory where the engine spills; empty for a fresh directory under {@code
 *     java.io.tmpdir}, removed afterwards
 */
public record EngineSettings(String memoryLimit, int threads, Optional<Path> tempDirectory) {

  private static final Pattern SIZE =
      Pattern.compile("[0-9]{1,6}(\\.[0-9]{1,3})?\\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)");

  /**
   * 2 GB of memory, and as many threads as the JVM sees processors: DuckDB's own defaults are 80%
   * of the machine's memory and every core, too much for a tool that shares a laptop or a CI
   * runner.
   */
  public static final EngineSettings DEFAULT =
      new EngineSettings(
          "2GB", Math.max(1, Runtime.getRuntime().availableProcessors()), Optional.empty());

  public EngineSettings {
    if (!isSize(memoryLimit)) {
      throw new IllegalArgumentException("memory limit not a size: " + memoryLimit);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads below 1: " + threads);
    }
  }

  /**
   * The smallest memory limit: 64 MiB. Below a few buffers DuckDB fails its first allocation ("Out
   * of Memory Error" at 0GB), which would read as a fault of the data.
   */
  public static final long MIN_MEMORY_BYTES = 64L << 20;

  /**
   * True for a memory limit DuckDB accepts and keyplan allows: a number and one of KB, MB, GB, TB
   * (powers of 1000) or KiB … TiB (of 1024), at least {@link #MIN_MEMORY_BYTES}.
   */
  public static boolean isSize(String s) {
    java.util.regex.Matcher m = SIZE.matcher(s);
    if (!m.matches()) {
      return false;
    }
    String unit = m.group(2);
    int power = "KMGT".indexOf(unit.charAt(0)) + 1;
    double base = unit.contains("i") ? 1024 : 1000;
    double number = Double.parseDouble(s.substring(0, m.start(2)).strip());
    return number * Math.pow(base, power) >= MIN_MEMORY_BYTES;
  }
}
