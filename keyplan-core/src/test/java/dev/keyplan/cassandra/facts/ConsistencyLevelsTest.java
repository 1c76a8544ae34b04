package dev.keyplan.cassandra.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Replica counts of consistency levels and the R + W &gt; RF rule (Apache Cassandra docs,
 * "Dynamo").
 */
final class ConsistencyLevelsTest {
  @Test
  void quorums_countReplicas() {
    // RF {dc1: 3, dc2: 3}: QUORUM = 6 / 2 + 1 = 4, LOCAL_QUORUM = 3 / 2 + 1 = 2, EACH_QUORUM = 2 ×
    // 2.
    assertThat(ConsistencyLevels.replicas("QUORUM", 3, 6, 2)).isEqualTo(4);
    assertThat(ConsistencyLevels.replicas("LOCAL_QUORUM", 3, 6, 2)).isEqualTo(2);
    assertThat(ConsistencyLevels.replicas("EACH_QUORUM", 3, 6, 2)).isEqualTo(4);
    assertThat(ConsistencyLevels.replicas("ALL", 3, 6, 2)).isEqualTo(6);
    assertThat(ConsistencyLevels.replicas("LOCAL_ONE", 3, 6, 2)).isEqualTo(1);
  }

  @Test
  void quorumBothWays_overlaps_seed000() {
    // Seed 000: RF 3 and quorum both ways, 2 + 2 > 3.
    assertThat(ConsistencyLevels.overlaps("LOCAL_QUORUM", "LOCAL_QUORUM", 3, 3, 1)).isTrue();
    assertThat(ConsistencyLevels.overlaps("ONE", "QUORUM", 3, 3, 1)).isFalse();
  }

  @Test
  void localRead_ofAGlobalQuorumWrite_canMissIt() {
    // RF {dc1: 3, dc2: 3}: a QUORUM write (4 of 6) may be 3 in dc2 and 1 in dc1; a LOCAL_QUORUM
    // read (2 of 3) in dc1 counts 2 + (4 − 3) = 3 ≤ 3, so it can miss it.
    assertThat(ConsistencyLevels.writeReplicasSeen("LOCAL_QUORUM", "QUORUM", 3, 6, 2)).isEqualTo(1);
    assertThat(ConsistencyLevels.overlaps("LOCAL_QUORUM", "QUORUM", 3, 6, 2)).isFalse();
    // EACH_QUORUM puts a quorum in dc1: 2 + 2 > 3.
    assertThat(ConsistencyLevels.overlaps("LOCAL_QUORUM", "EACH_QUORUM", 3, 6, 2)).isTrue();
    // A global QUORUM read (4 of 6) after a LOCAL_QUORUM write (2): 4 + 2 = 6 ≤ 6.
    assertThat(ConsistencyLevels.overlaps("QUORUM", "LOCAL_QUORUM", 3, 6, 2)).isFalse();
  }
}
