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
}
