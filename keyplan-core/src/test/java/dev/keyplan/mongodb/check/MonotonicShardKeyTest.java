package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MonotonicShardKey puts every insert of a ranged key that leads with a field growing with time on
 * the one shard holding MaxKey, and holds that rate against the 10,000/s default shard budget.
 */
final class MonotonicShardKeyTest {
  private final RuleTester tester = RuleTester.of(MonotonicShardKey.class);

  @Test
  void aTimestampKeyAboveTheBudget_isAnError_anObjectIdKeyBelowIt_aWarning_hashedNothing() {
    // events {created_at: 1}: 12,000 inserts/s all on one shard, 12,000 / 10,000 = 120% ⇒ error;
    //   3 of 4 shards (75%) take none. The hashed fix: 12,000 / 4 = 3,000/s a shard.
    // logs {_id: 1}: an ObjectId _id (Log has no key) starts with its creation second: 500/s on
    //   one shard, 5% of the budget ⇒ warning.
    // events_hashed {created_at: hashed}: the hash scatters new values ⇒ nothing.
    // archive {created_at: 1}: no pattern inserts an Archived ⇒ nothing goes to MaxKey ⇒ nothing.
    List<Finding> found =
        tester
            .model(
                """
        model: events
        horizon: 90d
        entities:
          Event:
            attributes:
              event_id: {type: timeuuid, time_ordered: true}
              device_id: uuid
              created_at: {type: timestamp, time_ordered: true}
            key: [event_id]
            growth: 12k/s
            spread:
              device_id: {distinct: 1M}
          Log:
            attributes:
              line: {type: text, size: 100B}
            growth: 500/s
          Archived:
            attributes:
              archived_id: uuid
              created_at: {type: timestamp, time_ordered: true}
            key: [archived_id]
            count: 1M
        patterns:
          - {id: record, rate: 12k/s, insert: Event}
          - {id: last-hour, rate: 2/s, query: Event where created_at > ? limit 1000}
          - {id: log, rate: 500/s, insert: Log}
        mongodb:
          shards: 4
          collections:
            events:
              entity: Event
              shard_key: {created_at: 1} # FINDING: MonotonicShardKey [error]: one shard takes all 12,000/s inserts, 120% of the 10,000/s budget per shard, while 3 of 4 shards (75%) take none
            events_hashed:
              entity: Event
              shard_key: {created_at: hashed}
            logs:
              entity: Log
              shard_key: {_id: 1} # FINDING: MonotonicShardKey [warning]: leads with _id, which grows with time: every insert lands in the chunk holding MaxKey, so one shard takes all 500/s inserts, 5% of the 10,000/s budget
            archive:
              entity: Archived
              shard_key: {created_at: 1}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .contains(
            "shard on {created_at: \"hashed\"}: the hashes of new values spread evenly,"
                + " 3,000/s inserts on each of 4 shards")
        .contains("last-hour (a range on created_at) would ask all 4 shards")
        .contains("{device_id: 1, created_at: 1} (1,000,000 values of device_id)");
  }

  @Test
  void aTimeSeriesKeyOfTheTimeFieldAlone_isMonotonic_andTheFixIsTheMetaField() {
    // A time-series collection sharded on its timeField alone: every new measurement's time sorts
    // last, so all 12,000/s inserts reach one shard (MongoDB manual, "Time Series Collection
    // Limitations", Shard Key Fields: "Avoid specifying only the timeField as the shard key"). The
    // hashed fix is not allowed there (the timeField is ranged only): the fix is the metaField,
    // 12,000 / 4 = 3,000/s a shard over 10,000 devices.
    List<Finding> found =
        tester
            .model(
                """
        model: iot
        horizon: 30d
        entities:
          Reading:
            attributes: {device_id: bigint, t: timestamp, value: double}
            key: [device_id, t]
            growth: 12k/s
            spread: {device_id: {distinct: 10k}}
        patterns:
          - {id: ingest, rate: 12k/s, insert: Reading}
        mongodb:
          shards: 4
          collections:
            readings:
              entity: Reading
              timeseries: {timeField: t, metaField: device_id, granularity: seconds}
              shard_key: {t: 1} # FINDING: MonotonicShardKey [error]: leads with t, which grows with time
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith(
            "shard on the metaField, {device_id: 1} (10,000 values), or {device_id: 1, t: 1}: a"
                + " time-series shard key holds only the metaField, its subfields and the timeField"
                + " (last, ranged, never hashed); 3,000/s inserts on each of 4 shards")
        .doesNotContain("hashed\"}");
  }
}
