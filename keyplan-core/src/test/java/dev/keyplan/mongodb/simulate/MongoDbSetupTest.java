package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The setup's defaults and the values it refuses, each with a message naming the bad value. */
final class MongoDbSetupTest {
  @Test
  void defaults_leaveTheClusterToTheModel_andStateTheBalancersOwn() {
    MongoDbSetup d = MongoDbSetup.DEFAULTS;
    assertThat(d.shards()).isEmpty();
    assertThat(d.rangeSizeBytes()).isEmpty();
    assertThat(d.collection()).isEmpty();
    assertThat(d.start()).isEmpty();
    assertThat(d.balancerRoundSeconds()).isEqualTo(10);
    // 16 MiB/s: a full 128 MiB range moves in 8 s.
    assertThat(d.migrationBytesPerSecond()).isEqualTo(16.0 * 1_048_576);
    assertThat(d.autoMergerSeconds()).isEqualTo(3_600);
  }

  @Test
  void badValues_areRefused() {
    assertThatThrownBy(() -> MongoDbSetup.DEFAULTS.withShards(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shards must be between 1 and 10000, not 0");
    // As many shards as a model may declare (MongoDbLimits.MAX_SHARDS): 1,024 was refused here
    // while the mongodb: section accepted 10,000 (issue 18).
    assertThat(MongoDbSetup.DEFAULTS.withShards(10_000).shards()).hasValue(10_000);
    assertThatThrownBy(() -> MongoDbSetup.DEFAULTS.withShards(10_001))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shards must be between 1 and 10000, not 10001");
    assertThatThrownBy(() -> MongoDbSetup.DEFAULTS.withRangeSize(512 * 1024))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("between 1 MB and 1024 MB")
        .hasMessageContaining("524288");
    assertThatThrownBy(() -> MongoDbSetup.DEFAULTS.withCollection(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("blank");
    assertThatThrownBy(() -> MongoDbSetup.DEFAULTS.withMigrationRate(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("migration rate");
    assertThatThrownBy(() -> MongoDbSetup.DEFAULTS.withAutoMerger(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("AutoMerger");
    assertThatThrownBy(
            () ->
                new MongoDbSetup(
                    OptionalInt.empty(),
                    OptionalLong.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    0,
                    1,
                    0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("balancer round");
  }
}
