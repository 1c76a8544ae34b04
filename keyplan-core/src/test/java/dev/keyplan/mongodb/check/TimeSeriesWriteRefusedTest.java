package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TimeSeriesWriteRefused: MongoDB 8.0 refuses, on a time-series collection, an update that matches
 * or modifies anything but the metaField or is not an updateMany, and every write in a transaction
 * (MongoDB manual, "Time Series Collection Limitations",
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/). A delete by time is
 * allowed since 7.0, and an updateMany of the metaField by the metaField is what the server takes.
 */
final class TimeSeriesWriteRefusedTest {
  private final RuleTester tester = RuleTester.of(TimeSeriesWriteRefused.class);

  @Test
  void updatesOfMeasurements_andWritesInTransactions_areRefused() {
    // fix-reading: matches t and modifies value, neither the metaField device_id ⇒ error.
    // ingest-logged: an insert in a transaction ⇒ error.
    // retag: matches device_id and modifies site (both in the metaField), several documents a
    //   device, so an updateMany ⇒ allowed.
    // purge: a delete by time: allowed on 7.0 and later ⇒ nothing (the plan notes 6.3 and earlier).
    List<Finding> found =
        tester
            .model(
                """
        model: iot
        horizon: 30d
        entities:
          Reading:
            attributes: {device_id: bigint, site: {type: text, size: 8B}, t: timestamp, value: double}
            key: [device_id, t]
            growth: 1k/s
            spread: {site: {distinct: 10}, device_id: {distinct: 1k, belongs_to: site}}
        patterns:
          - id: fix-reading # FINDING: TimeSeriesWriteRefused [error]: the update matches on t, not the metaField; it modifies value
            rate: 1/s
            update: Reading set value where device_id = ? and t = ?
          - id: ingest-logged # FINDING: TimeSeriesWriteRefused [error]: it runs in a transaction
            rate: 1k/s
            insert: Reading
            batch: logged
          - id: retag
            rate: 1/min
            update: Reading set site where device_id = ?
          - id: purge
            rate: 1/min
            delete: Reading where t < ?
        mongodb:
          collections:
            readings:
              entity: Reading
              timeseries: {timeField: t, metaField: {meta: [device_id, site]}, granularity: seconds}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("update a time-series collection only by its metaField (meta)");
    assertThat(tester.mongodb().plan("purge").orElseThrow().notes())
        .anyMatch(n -> n.startsWith("MongoDB 5.1 to 6.3 refuse this delete"));
  }
}
