package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * TwcsWithoutTtl flags a table compacted with TimeWindowCompactionStrategy whose data never
 * expires: no default_time_to_live and a write pattern without {@code using ttl}. TWCS drops a
 * window's SSTable only when everything in it has expired (Apache Cassandra docs, "Time Window
 * Compaction Strategy"), so without a TTL the windows pile up forever.
 */
final class TwcsWithoutTtlTest {
  private final RuleTester tester = RuleTester.of(TwcsWithoutTtl.class);

  // Sensor readings, one partition per sensor and day, written 1,000/s.
  private static String model(String insert, String extra) {
    return """
        model: sensors
        horizon: 1y
        entities:
          Reading:
            attributes:
              sensor_id: uuid
              day: date
              at: timestamp
              value: double
            key: [sensor_id, day, at]
            count: 1M
            spread:
              sensor_id: {distinct: 10k}
              day: {distinct: 365}
        patterns:
          - id: record
            rate: 1k/s
        %s
        %s
        cassandra:
          schema: unused.cql
        """
        .formatted(insert, extra);
  }

  private static String cql(String options) {
    return """
        CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE iot.readings (sensor_id uuid, day date, at timestamp, value double, PRIMARY KEY ((sensor_id, day), at)) %s
        """
        .formatted(options);
  }

  @Test
  void twcsByItsFullClassName_withoutAnyTtl_isAWarning() {
    // DESCRIBE spells the full class name; no default_time_to_live, and "record" has no TTL.
    tester
        .model(model("    insert: Reading", ""))
        .cql(
            cql("WITH compaction = {'class': 'org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy', 'compaction_window_size': '1', 'compaction_window_unit': 'DAYS'};")
                .replace(
                    "PRIMARY KEY ((sensor_id, day), at))",
                    "PRIMARY KEY ((sensor_id, day), at)) -- FINDING: TwcsWithoutTtl [warning]:"
                        + " pattern record writes without one\n"))
        .expectMarkedFindings();
  }

  @Test
  void twcsByItsShortName_withADefaultTtl_isNotFlagged() {
    // default_time_to_live = 30 days: every row expires, whole windows are dropped.
    tester
        .model(model("    insert: Reading", ""))
        .cql(
            cql(
                "WITH compaction = {'class': 'TimeWindowCompactionStrategy'} AND default_time_to_live = 2592000;"))
        .expectMarkedFindings();
  }

  @Test
  void everyWriteUsingTtl_isNotFlagged_butOneUpdateWithoutIt_is() {
    // The inserts say using ttl 30d, so the table's data expires without default_time_to_live.
    tester
        .model(model("    insert: Reading using ttl 30d", ""))
        .cql(cql("WITH compaction = {'class': 'TimeWindowCompactionStrategy'};"))
        .expectMarkedFindings();
    // A correction that rewrites value without a TTL leaves cells that never expire: the window
    // that holds them is never dropped.
    tester
        .model(
            model(
                "    insert: Reading using ttl 30d",
                "  - id: correct\n"
                    + "    rate: 1/s\n"
                    + "    update: Reading set value where sensor_id = ? and day = ? and at = ?"))
        .cql(
            cql("WITH compaction = {'class': 'TimeWindowCompactionStrategy'};")
                .replace(
                    "PRIMARY KEY ((sensor_id, day), at))",
                    "PRIMARY KEY ((sensor_id, day), at)) -- FINDING: TwcsWithoutTtl: pattern"
                        + " correct writes without one\n"))
        .expectMarkedFindings();
  }

  @Test
  void otherCompactionStrategies_areNotFlagged() {
    // Near miss: the same data without a TTL under LCS or the default strategy is not TWCS's
    // problem (DeletesWithoutTtl and UnboundedPartitionGrowth look at growth).
    tester
        .model(model("    insert: Reading", ""))
        .cql(cql("WITH compaction = {'class': 'LeveledCompactionStrategy'};"))
        .expectMarkedFindings();
    tester.model(model("    insert: Reading", "")).cql(cql(";")).expectMarkedFindings();
  }
}
