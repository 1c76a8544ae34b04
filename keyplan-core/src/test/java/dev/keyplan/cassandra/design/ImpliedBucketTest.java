package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A date or timestamp partition key column that holds no attribute is a time bucket the application
 * sets, without {@code derived:} (issue 15 §4 and its Decisions); a bound date attribute stays an
 * attribute. 100 sensors write 1 reading/s each (100/s in all).
 */
final class ImpliedBucketTest {
  private static CassandraAnalysis analyse(String extraAttribute, String cql) {
    String model =
        """
        model: iot
        horizon: 30d
        entities:
          Reading:
            attributes:
              sensor_id: uuid
              ts: {type: timestamp, time_ordered: true}
              value: double
        %s
            key: [sensor_id, ts]
            growth: 100/s
            spread:
              sensor_id: {distinct: 100}
        patterns:
          - id: record
            rate: 100/s
            insert: Reading
          - id: today
            rate: 10/s
            query: Reading where sensor_id = ? order by ts desc limit 50
        cassandra:
          schema: unused.cql
        """
            .formatted(extraAttribute);
    return RuleTester.withoutRule()
        .model(model)
        .cql(
            "CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};\n"
                + cql)
        .analysis();
  }

  @Test
  void aDateColumnNoAttributeHolds_isADailyBucket() {
    // One sensor writes 1/s: a 1-day bucket holds 86,400 rows, instead of 30 days' 2,592,000.
    var a =
        analyse(
            "",
            "CREATE TABLE iot.readings_by_day (sensor_id uuid, day date, ts timestamp, value double,"
                + " PRIMARY KEY ((sensor_id, day), ts));");
    var s = a.sizing().get("readings_by_day");
    assertThat(s.windowSeconds()).isEqualTo(86_400);
    assertThat(s.busiest().rows()).isEqualTo(86_400);
    // The latest 50 are in today's bucket: a walk of one partition.
    assertThat(a.plan("today").orElseThrow().access()).isEqualTo(CassandraAccess.BUCKET_WALK);
  }

  @Test
  void aTimestampNamedForItsUnit_isABucketOfThatWidth() {
    // An hour bucket: 3,600 rows for one sensor.
    var s =
        analyse(
                "",
                "CREATE TABLE iot.readings_by_hour (sensor_id uuid, hour timestamp, ts timestamp,"
                    + " value double, PRIMARY KEY ((sensor_id, hour), ts));")
            .sizing()
            .get("readings_by_hour");
    assertThat(s.windowSeconds()).isEqualTo(3_600);
    assertThat(s.busiest().rows()).isEqualTo(3_600);
  }

  @Test
  void aDateThatIsAnAttribute_staysAnAttribute() {
    // day is the reading's own attribute (no spread): not a bucket, so the table is unsized.
    var s =
        analyse(
                "      day: date",
                "CREATE TABLE iot.readings_by_day (sensor_id uuid, day date, ts timestamp, value"
                    + " double, PRIMARY KEY ((sensor_id, day), ts));")
            .sizing()
            .get("readings_by_day");
    assertThat(s.windowSeconds()).isZero();
  }
}
