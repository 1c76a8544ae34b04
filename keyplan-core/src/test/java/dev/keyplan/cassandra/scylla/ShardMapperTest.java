package dev.keyplan.cassandra.scylla;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.cassandra.ring.Murmur3Token;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class ShardMapperTest {

  // scylladb/scylla-rust-driver scylla/src/routing.rs test_shard_of ("Test values taken from the
  // gocql driver"): 4 shards, ignore_msb 12.
  @ParameterizedTest
  @CsvSource({"-9219783007514621794, 3", "9222582454147032830, 3"})
  void shardOf_rustDriverVectors_match(long token, int shard) {
    assertThat(new ShardMapper(4, 12).shardOf(token)).isEqualTo(shard);
  }

  // scylladb/python-driver tests/unit/test_shard_aware.py test_parsing_and_calculating_shard_id:
  // SCYLLA_NR_SHARDS 12, SCYLLA_SHARDING_IGNORE_MSB 12, tokens of the raw keys b"a" ... b"100000".
  @ParameterizedTest
  @CsvSource({"a, 4", "b, 6", "c, 6", "e, 4", "100000, 2"})
  void shardOf_pythonDriverKeys_match(String key, int shard) {
    long token = Murmur3Token.token(key.getBytes(StandardCharsets.UTF_8));
    assertThat(new ShardMapper(12, 12).shardOf(token)).isEqualTo(shard);
  }

  // Keyplan research notes §6, computed with ignore_msb 12 by an independent implementation
  // of docs/dev/protocol-extensions.md (not published elsewhere): int 1, 2, 3 on 8 and 16 shards.
  @ParameterizedTest
  @CsvSource({
    "-4069959284402364209, 8, 2",
    "-4069959284402364209, 16, 4",
    "-3248873570005575792, 8, 4",
    "-3248873570005575792, 16, 9",
    "9010454139840013625, 8, 5",
    "9010454139840013625, 16, 11",
  })
  void shardOf_intKeysFromNotes_match(long token, int shards, int shard) {
    assertThat(ShardMapper.withDefaultIgnoreMsb(shards).shardOf(token)).isEqualTo(shard);
  }

  // protocol-extensions.md: biased = token + 2^63, so MINIMUM is biased 0 and lands on shard 0;
  // without ignored bits MAXIMUM is the top of the range and lands on the last shard.
  @Test
  void shardOf_ringEnds_stayInRange() {
    assertThat(new ShardMapper(7, 0).shardOf(Long.MIN_VALUE)).isZero();
    assertThat(new ShardMapper(7, 0).shardOf(Long.MAX_VALUE)).isEqualTo(6);
    assertThat(new ShardMapper(1, 12).shardOf(Long.MAX_VALUE)).isZero();
    assertThat(new ShardMapper(65535, 12).shardOf(-1)).isBetween(0, 65534);
  }

  @Test
  void defaultIgnoreMsb_isScyllaDefault12() {
    assertThat(ShardMapper.DEFAULT_IGNORE_MSB).isEqualTo(12);
    assertThat(ShardMapper.withDefaultIgnoreMsb(8).ignoreMsb()).isEqualTo(12);
  }

  @Test
  void new_invalidParameters_areRejected() {
    assertThatThrownBy(() -> new ShardMapper(0, 12))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1 shard");
    assertThatThrownBy(() -> new ShardMapper(8, 64))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ignore_msb");
  }
}
