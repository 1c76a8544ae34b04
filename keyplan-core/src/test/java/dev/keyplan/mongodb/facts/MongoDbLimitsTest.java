package dev.keyplan.mongodb.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class MongoDbLimitsTest {

  // Drivers print the limit in bytes: "the connected server supports BSON document sizes up to
  // 16777216 bytes" (crits/crits#750, quoted in the notes §4).
  @Test
  void maxDocumentBytes_is16Mebibytes() {
    assertThat(MongoDbLimits.MAX_DOCUMENT_BYTES).isEqualTo(16_777_216);
  }

  // Manual, "Migration Thresholds": "For the default range size of 128MB, two shards must have a
  // data size difference ... of at least 384MB"; 384 × 1,048,576 = 402,653,184.
  @Test
  void migrationThreshold_atDefaultRangeSize_is384Mb() {
    assertThat(MongoDbLimits.DEFAULT_RANGE_SIZE_BYTES).isEqualTo(134_217_728);
    assertThat(MongoDbLimits.migrationThresholdBytes(MongoDbLimits.DEFAULT_RANGE_SIZE_BYTES))
        .isEqualTo(384 * MongoDbLimits.MB)
        .isEqualTo(402_653_184);
  }

  // "Modify Range Size": 1 to 1024 MB; both ends are accepted, one byte outside is not.
  @Test
  void rangeSize_outside1To1024Mb_isRejected() {
    assertThat(MongoDbLimits.migrationThresholdBytes(MongoDbLimits.MB))
        .isEqualTo(3 * MongoDbLimits.MB);
    assertThat(MongoDbLimits.migrationThresholdBytes(1024 * MongoDbLimits.MB))
        .isEqualTo(3_221_225_472L);
    assertThatThrownBy(() -> MongoDbLimits.migrationThresholdBytes(MongoDbLimits.MB - 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 to 1024 MB");
    assertThatThrownBy(() -> MongoDbLimits.requireRangeSize(1024 * MongoDbLimits.MB + 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  // Manual, "Reshard a Collection": 2 TB of collection and 0.4 TB of indexes on 4 shards need
  // ((2 + 0.4) × 2) / 4 = 1.2 TB per shard. Here in GB: (2,000 + 400) × 2 / 4 = 1,200.
  @Test
  void reshardStorage_manualExample_is1point2TbPerShard() {
    long gb = 1_000_000_000L;
    assertThat(MongoDbLimits.reshardStoragePerShardBytes(2_000 * gb, 400 * gb, 4))
        .isEqualTo(1_200 * gb);
  }

  // (1 + 0) × 2 / 3 = 0.67 bytes: rounded up, a shard cannot hold part of a byte.
  @Test
  void reshardStorage_roundsUp() {
    assertThat(MongoDbLimits.reshardStoragePerShardBytes(1, 0, 3)).isEqualTo(1);
    assertThatThrownBy(() -> MongoDbLimits.reshardStoragePerShardBytes(1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1 shard");
  }

  // The Atlas document threshold is an eighth of the hard limit; the index advice comes before the
  // hard limit of 64.
  @Test
  void atlasThresholds_sitBelowTheHardLimits() {
    assertThat(MongoDbLimits.ATLAS_LARGE_DOCUMENT_BYTES * 8)
        .isEqualTo(MongoDbLimits.MAX_DOCUMENT_BYTES);
    assertThat(MongoDbLimits.ATLAS_MANY_INDEXES)
        .isLessThan(MongoDbLimits.MAX_INDEXES_PER_COLLECTION);
  }
}
