package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class ReplicaPlacementTest {
  private static final ReplicaPlacement SIMPLE_RF3 = new ReplicaPlacement.Simple(3);
  private static final ReplicaPlacement NTS_3_1 =
      new ReplicaPlacement.NetworkTopology(Map.of("dc1", 3, "dc2", 1));

  // Keyplan research notes §4.4, run on cassandra-all 5.0.6: SimpleStrategy RF 3 on the six-node
  // ring. Compared as sets with the primary first (notes §4.3).
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "-4069959284402364209|n3,n4,n5",
        "9010454139840013625|n1,n2,n3",
        "0|n4,n5,n6",
        "-9000000000000000000|n1,n2,n3",
      })
  void replicas_simpleStrategyRf3_matchCassandra506(long token, String expected) {
    assertReplicas(SIMPLE_RF3.replicas(SixNodeRing.ring(), token), expected);
  }

  // Same source: NetworkTopologyStrategy {dc1: 3, dc2: 1}. For int 3 n2 is skipped: its rack r1
  // of dc1 was seen with n1 and dc1 has 3 racks for RF 3, so no rack repeats are allowed.
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "-4069959284402364209|n3,n4,n5,n1",
        "9010454139840013625|n1,n3,n4,n5",
        "0|n4,n5,n1,n3",
        "-9000000000000000000|n1,n3,n4,n5",
      })
  void replicas_networkTopologyDc1Rf3Dc2Rf1_matchCassandra506(long token, String expected) {
    assertReplicas(NTS_3_1.replicas(SixNodeRing.ring(), token), expected);
  }

  // NetworkTopologyStrategy.DatacenterEndpoints: with fewer racks than the RF, the first
  // nodes met fill the difference (acceptableRackRepeats = rf - racks).
  @Test
  void replicas_fewerRacksThanRf_fillWithRackRepeats() {
    Ring ring =
        Ring.of(
            List.of(
                new Node("a", "dc1", "r1", List.of(10L)),
                new Node("b", "dc1", "r1", List.of(20L)),
                new Node("c", "dc1", "r2", List.of(30L)),
                new Node("d", "dc1", "r1", List.of(40L))));
    var nts = new ReplicaPlacement.NetworkTopology(Map.of("dc1", 3));
    assertThat(nts.replicas(ring, 5)).extracting(Node::name).containsExactly("a", "b", "c");
  }

  // rfLeft = min(rf, nodes in the DC): RF above the node count takes every node, and a listed DC
  // without nodes is skipped rather than stalling the walk.
  @Test
  void replicas_rfAboveNodeCountAndEmptyDc_takeWhatExists() {
    Ring ring =
        Ring.of(
            List.of(
                new Node("a", "dc1", "r1", List.of(10L)),
                new Node("b", "dc1", "r2", List.of(20L))));
    var nts = new ReplicaPlacement.NetworkTopology(Map.of("dc1", 5, "ghost", 2));
    assertThat(nts.replicas(ring, 15)).extracting(Node::name).containsExactly("b", "a");
  }

  // With vnodes a node holds many tokens; SimpleStrategy skips endpoints already chosen.
  @Test
  void replicas_vnodeRing_neverRepeatsANode() {
    Ring ring =
        Ring.of(
            List.of(
                new Node("a", "dc1", "r1", List.of(10L, 11L, 12L)),
                new Node("b", "dc1", "r1", List.of(20L)),
                new Node("c", "dc1", "r1", List.of(30L))));
    assertThat(SIMPLE_RF3.replicas(ring, 0)).extracting(Node::name).containsExactly("a", "b", "c");
    assertThat(new ReplicaPlacement.Simple(5).replicas(ring, 0)).hasSize(3);
  }

  @Test
  void describe_matchesCqlReplicationMap() {
    assertThat(SIMPLE_RF3.describe())
        .isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 3}");
    assertThat(NTS_3_1.describe())
        .isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 1}");
  }

  @Test
  void new_invalidFactors_areRejected() {
    assertThatThrownBy(() -> new ReplicaPlacement.Simple(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ReplicaPlacement.NetworkTopology(Map.of("dc1", -1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static void assertReplicas(List<Node> replicas, String expected) {
    List<String> names = List.of(expected.split(","));
    assertThat(replicas).extracting(Node::name).containsExactlyInAnyOrderElementsOf(names);
    assertThat(replicas.get(0).name()).isEqualTo(names.get(0));
  }
}
