package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.cassandra.ring.TokenAllocator.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TokenAllocator}: which of Cassandra's paths a joining node takes, and figures derived by
 * hand from the published design. The whole-ring comparison with cassandra-all 5.0.6 (RF 1 and 3, 1
 * and 3 racks, 3 to 24 nodes) is keyplan-fidelity's FidelityAllocatorTest.
 */
final class TokenAllocatorTest {

  /** Joins {@code count} nodes to dc1, racks dealt in turn, recording each node's path. */
  private static List<Node> join(int count, int racks, int rf, long seed, List<Method> methods) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String rack = "r" + (i % racks + 1);
      var allocation = TokenAllocator.allocate(nodes, "dc1", rack, rf, 16, random);
      methods.add(allocation.method());
      nodes.add(new Node("n" + (i + 1), "dc1", rack, allocation.tokens()));
    }
    return nodes;
  }

  @Test
  void secondNode_rf1_takesHalfLessTheSpread() {
    // One node owns the whole ring. The second (RF 1) finds one donor: sum 1, average over the
    // donor and itself 1/2 = the target. Spread = target × min(1, 17/2) × 2 / 33 = 1/33, so the
    // donor aims at 1/2 + 1/66 and sheds 1 - (1/2 + 1/66) = 1/2 - 1/66 from its 16 ranges, which
    // hold all of it (ratio 0.4848, inside 10%..90%). The joiner owns 1/2 - 1/66 = 0.484848…
    List<Method> methods = new ArrayList<>();
    Map<String, Double> share = Ring.of(join(2, 1, 1, 7, methods)).primaryOwnership();

    assertThat(methods).containsExactly(Method.SPLITS, Method.TAKEOVER);
    assertThat(share.get("n2")).isCloseTo(0.5 - 1.0 / 66, within(1e-9));
    assertThat(share.get("n1")).isCloseTo(0.5 + 1.0 / 66, within(1e-9));
  }

  @Test
  void rf3_threeRacks_firstNodeOfEachRackSplits_laterOnesBalanceTheirRack() {
    // A node in a rack with no node yet counts the datacenter as one rack (Cassandra's
    // TokenAllocation.createStrategy): fewer nodes than the RF, so splits. From the 4th node its
    // rack exists and racks = RF = 3: a ring per rack, without replication.
    List<Method> methods = new ArrayList<>();
    List<Node> nodes = join(6, 3, 3, 7, methods);

    assertThat(methods)
        .containsExactly(
            Method.SPLITS,
            Method.SPLITS,
            Method.SPLITS,
            Method.TAKEOVER,
            Method.TAKEOVER,
            Method.TAKEOVER);
    // n4 joined r1, where n1 owned the whole rack ring: like the second node of any ring it takes
    // 1/2 - 1/66 of it (secondNode_rf1_takesHalfLessTheSpread), the ring of r1 alone.
    Map<String, Double> rack1 =
        Ring.of(nodes.stream().filter(n -> n.rack().equals("r1")).toList()).primaryOwnership();
    assertThat(rack1.get("n4")).isCloseTo(0.5 - 1.0 / 66, within(1e-9));
  }

  @Test
  void rf3_oneRack_fourthNodeIsReplicationAware() {
    List<Method> methods = new ArrayList<>();
    join(4, 1, 3, 7, methods);

    assertThat(methods)
        .containsExactly(Method.SPLITS, Method.SPLITS, Method.SPLITS, Method.REPLICATION_AWARE);
  }

  @Test
  void rf3_twoRacks_fallsBackToRandomTokens() {
    // Node 3 joins r1, which exists: 2 racks, between 1 and RF 3. Cassandra refuses ("the number
    // of racks 2 in datacenter dc1 is lower than its replication factor 3") unless
    // use_random_allocation_if_not_supported; keyplan takes that fallback.
    List<Method> methods = new ArrayList<>();
    join(3, 2, 3, 7, methods);

    assertThat(methods).containsExactly(Method.SPLITS, Method.SPLITS, Method.RANDOM);
  }

  @Test
  void theSeedOnlyTurnsTheRing() {
    // Split ratios come from new Random(tokens in the ring), as in Cassandra; the seed gives only
    // the first token. Two seeds: different tokens, the same shares.
    List<Node> a = join(12, 1, 3, 1, new ArrayList<>());
    List<Node> b = join(12, 1, 3, 2, new ArrayList<>());

    assertThat(a.get(0).tokens()).isNotEqualTo(b.get(0).tokens());
    Map<String, Double> shareA = Ring.of(a).primaryOwnership();
    Map<String, Double> shareB = Ring.of(b).primaryOwnership();
    shareA.forEach((node, s) -> assertThat(shareB.get(node)).isCloseTo(s, within(1e-9)));
  }

  @Test
  void anotherDatacentersTokenMovesToTheNextFreeOne() {
    // dc2's first node starts a fresh ring whose first token is the seed's first draw; a dc1 node
    // already holding that token pushes it one on
    // (TokenAllocation.adjustForCrossDatacenterClashes).
    long first = Murmur3Token.normalize(new SplittableRandom(3).nextLong());
    Node dc1 = new Node("a", "dc1", "r1", List.of(first));
    var allocation =
        TokenAllocator.allocate(List.of(dc1), "dc2", "r1", 3, 16, new SplittableRandom(3));

    assertThat(allocation.tokens()).contains(first + 1).doesNotContain(first);
  }

  @Test
  void midpointAndSplit_wrapPastTheEndOfTheRing() {
    // (MAX - 10, MIN + 10] wraps: (MIN + 10) - (MAX - 10) = 21 mod 2^64 tokens wide; half of it,
    // rounded down, is 10, and MAX - 10 + 10 = MAX.
    assertThat(TokenAllocator.midpoint(Long.MAX_VALUE - 10, Long.MIN_VALUE + 10))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(TokenAllocator.size(0, Long.MIN_VALUE)).isEqualTo(0.5);
    assertThat(TokenAllocator.size(5, 5)).isEqualTo(1.0);
    // A quarter of the whole ring from 0.
    assertThat(TokenAllocator.split(0, 0, 0.25)).isEqualTo(1L << 62);
  }
}
