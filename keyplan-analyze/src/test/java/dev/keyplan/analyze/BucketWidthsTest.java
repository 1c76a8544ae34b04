package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.analyze.Analysis.Bucket;
import dev.keyplan.analyze.Analysis.KeyFigures;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --time}, each key's busiest partition is measured at the fixed widths and at the
 * design's own bucket width: a table bucketed by 15 minutes gets a {@code 15m} figure, the one
 * {@code check} sizes that table's partitions by.
 */
class BucketWidthsTest {
  @TempDir Path dir;

  @Test
  void aDesignsBucket_joinsTheFixedWidths_narrowestFirst() throws IOException {
    // The sensors example, its table bucketed by 15 minutes of recorded_at.
    Files.writeString(
        dir.resolve("readings.yaml"),
        """
        model: readings
        horizon: 1y
        entities:
          Reading:
            attributes:
              sensor_id: {type: text, size: 2B}
              recorded_at: {type: timestamp, time_ordered: true}
              value: double
            key: [sensor_id, recorded_at]
            growth: 10/s
        patterns:
          - id: recent-readings
            rate: 10/s
            query: Reading where sensor_id = ? order by recorded_at desc limit 10
        cassandra:
          schema: readings.cql
          derived:
            readings_by_sensor.slot: {window: 15m, of: recorded_at}
        """);
    Files.writeString(
        dir.resolve("readings.cql"),
        """
        CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE iot.readings_by_sensor (
          sensor_id text, slot timestamp, recorded_at timestamp, value double,
          PRIMARY KEY ((sensor_id, slot), recorded_at));
        """);
    // Sensor s1 reports every minute for two hours from 10:00 (120 rows), s2 every ten minutes
    // (12 rows).
    StringBuilder csv = new StringBuilder("sensor_id,recorded_at,value\n");
    Instant t0 = Instant.parse("2026-12-01T10:00:00Z");
    for (int i = 0; i < 120; i++) {
      csv.append("s1,").append(t0.plusSeconds(60L * i)).append(",1.5\n");
    }
    for (int i = 0; i < 12; i++) {
      csv.append("s2,").append(t0.plusSeconds(600L * i)).append(",2.5\n");
    }
    Files.writeString(dir.resolve("readings.csv"), csv);
    Analysis a =
        Analyzer.analyze(
            new AnalyzeRequest(
                ModelReader.read(dir.resolve("readings.yaml")),
                "Reading",
                List.of(dir.resolve("readings.csv").toString()),
                Optional.empty(),
                Map.of(),
                Optional.empty(),
                Optional.of("recorded_at"),
                OptionalDouble.empty(),
                0,
                AnalyzeRequest.DEFAULT_TOP,
                false,
                new EngineSettings("1GB", 2, Optional.empty())),
            Progress.NONE);
    KeyFigures sensor =
        a.keys().stream()
            .filter(k -> k.attributes().equals(List.of("sensor_id")))
            .findFirst()
            .get();
    assertThat(sensor.buckets())
        .extracting(Bucket::width)
        .containsExactly("15m", "1h", "1d", "7d", "30d");
    // s1's busiest 15 minutes (10:00 to 10:15, aligned to the epoch as the bucket column is)
    // hold 15 readings, its busiest hour 60, and a day all 120.
    assertThat(sensor.buckets())
        .extracting(Bucket::busiestRows)
        .containsExactly(15.0, 60.0, 120.0, 120.0, 120.0);
  }
}
