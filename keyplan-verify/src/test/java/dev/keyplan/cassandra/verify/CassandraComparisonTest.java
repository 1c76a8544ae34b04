package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What verify counts as a partition-size mismatch, and the write timestamps it loads with (issue
 * 15's decisions: ±10% or ±64 bytes, whichever is larger; {@code USING TIMESTAMP} values spread so
 * the on-disk model's timestamp deltas are exercised).
 */
final class CassandraComparisonTest {
  @Test
  void aSmallPartition_mayBeOffBy64Bytes_aLargeOneBy10Percent() {
    // 100 B predicted: 10% is 10 B, so 64 B is the tolerance: 164 B is ok, 165 B is not.
    assertThat(CassandraComparison.sizeWithin(100, 164)).isTrue();
    assertThat(CassandraComparison.sizeWithin(100, 165)).isFalse();
    assertThat(CassandraComparison.sizeWithin(100, 36)).isTrue();
    // 10,000 B predicted: 10% is 1,000 B > 64 B: 11,000 ok, 11,001 not; 9,000 ok, 8,999 not.
    assertThat(CassandraComparison.sizeWithin(10_000, 11_000)).isTrue();
    assertThat(CassandraComparison.sizeWithin(10_000, 11_001)).isFalse();
    assertThat(CassandraComparison.sizeWithin(10_000, 9_000)).isTrue();
    assertThat(CassandraComparison.sizeWithin(10_000, 8_999)).isFalse();
  }

  @Test
  void loadTimestamps_areSpreadEvenlyOverTenMinutes_fromAFixedBase() {
    // 4 rows over 600 s = 6e8 µs: 0, 1.5e8, 3e8, 4.5e8 µs after the base; the span they cover is
    // 3/4 of 600 s, which is the spread the on-disk model is given for them.
    long base = TableLoad.TIMESTAMP_BASE_MICROS;
    assertThat(TableLoad.timestamp(0, 4)).isEqualTo(base);
    assertThat(TableLoad.timestamp(1, 4)).isEqualTo(base + 150_000_000L);
    assertThat(TableLoad.timestamp(3, 4)).isEqualTo(base + 450_000_000L);
    assertThat(TableLoad.SPREAD_SECONDS).isEqualTo(600);
  }

  private static CassandraVerifyReads.Measured traced(long rows, int walked) {
    return new CassandraVerifyReads.Measured(
        new Traced(walked, false, rows, false), walked, new dev.keyplan.verify.Latency(), "");
  }

  @Test
  void aLatestNRead_readsTheLimit_orThePartitionsLoadedRows_whicheverIsFewer() {
    // examples/chat.yaml: latest-messages asks channel_id = ? … limit 50, and keyplan says 50 rows.
    // The busiest 10-minute bucket (100 messages/s × 600 s = 60,000 rows) is loaded scaled to 40
    // rows (--fast): the read can only read those 40. The typical channel's bucket holds 3 rows,
    // and its walk of 17 buckets reaches 51: the read stops at its limit, 50.
    var a =
        dev.keyplan.cassandra.design.CassandraAnalyzer.analyze(LiveCassandra.example("chat.yaml"));
    var plan = a.plan("latest-messages").orElseThrow();
    var table = a.table(plan.tables().get(0)).orElseThrow();
    var size = a.sizing().get(table.name());
    TableLoad load = new TableLoad(table, size, 40, 17);
    assertThat(load.busiestRows).isEqualTo(40);
    assertThat(load.typicalRows).isEqualTo(3);
    assertThat(
            CassandraComparison.rowsOnTheLoadedData(
                plan, true, plan.rows().busiest(), traced(40, 1), load, size))
        .isEqualTo(40);
    assertThat(
            CassandraComparison.rowsOnTheLoadedData(
                plan, false, plan.rows().typical(), traced(50, 17), load, size))
        .isEqualTo(50);
  }

  @Test
  void aReadOfTheWholePartition_scalesKeyplansRowsAsTheLoadScaledThePartition() {
    // Were keyplan's plan to say 30 rows, below its limit of 50 (so the whole partition), for a
    // busiest bucket its sizing holds at 60,000 rows (a planner that disagrees with its own
    // sizing), the load's scale 40 / 60,000 brings it to 0.02 rows, and the trace's 40 rows are
    // then a mismatch.
    var a =
        dev.keyplan.cassandra.design.CassandraAnalyzer.analyze(LiveCassandra.example("chat.yaml"));
    var plan = a.plan("latest-messages").orElseThrow();
    var table = a.table(plan.tables().get(0)).orElseThrow();
    var size = a.sizing().get(table.name());
    assertThat(size.busiest().rows()).isEqualTo(60_000);
    TableLoad load = new TableLoad(table, size, 40, 1);
    assertThat(CassandraComparison.rowsOnTheLoadedData(plan, true, 30, traced(40, 1), load, size))
        .isCloseTo(30 * 40 / 60_000.0, org.assertj.core.data.Offset.offset(1e-9));
    // A single-row read reads one row, whatever the scale.
    assertThat(CassandraComparison.rowsOnTheLoadedData(plan, true, 1, traced(1, 1), load, size))
        .isEqualTo(1);
  }
}
