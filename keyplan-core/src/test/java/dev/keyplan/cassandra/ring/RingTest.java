package dev.keyplan.cassandra.ring;

import static dev.keyplan.cassandra.ring.SixNodeRing.N1;
import static dev.keyplan.cassandra.ring.SixNodeRing.N2;
import static dev.keyplan.cassandra.ring.SixNodeRing.N3;
import static dev.keyplan.cassandra.ring.SixNodeRing.N6;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class RingTest {
  private static final long INT_1 = -4069959284402364209L;
  private static final long INT_3 = 9010454139840013625L;

  // Notes §4.3/§4.4 and TokenMetadata.firstToken: the owner is the first node token >= t.
  @Test
  void primary_tokenBetweenNodes_isNextNodeClockwise() {
    Ring ring = SixNodeRing.ring();
    assertThat(ring.primary(INT_1).name()).isEqualTo("n3");
    assertThat(ring.rangeOf(INT_1)).isEqualTo(new TokenRange(N2, N3, ring.node("n3").get()));
  }

  // Notes §4.4 "exact hit": a token equal to a node token belongs to that node.
  @Test
  void primary_exactNodeToken_isThatNode() {
    Ring ring = SixNodeRing.ring();
    assertThat(ring.primary(0).name()).isEqualTo("n4");
    assertThat(ring.primary(N1).name()).isEqualTo("n1");
  }

  // Notes §4.4 (int 3 wraps): past the last token, TokenMetadata.firstToken returns index 0.
  @Test
  void primary_tokenPastLastNode_wrapsToFirst() {
    Ring ring = SixNodeRing.ring();
    assertThat(ring.primary(INT_3).name()).isEqualTo("n1");
    assertThat(ring.primary(Long.MIN_VALUE).name()).isEqualTo("n1");
    assertThat(ring.rangeOf(INT_3)).isEqualTo(new TokenRange(N6, N1, ring.node("n1").get()));
  }

  // The fractions follow LongToken.size: n2 owns (n1, n2], 3e18 tokens of 2^64; n1 owns the
  // wrapping rest; they add up to the whole ring.
  @Test
  void primaryOwnership_sixNodes_sumsToOneWithWrapToFirst() {
    Map<String, Double> share = SixNodeRing.ring().primaryOwnership();
    double ring = Math.scalb(1.0, 64);
    assertThat(share.get("n2")).isCloseTo(3e18 / ring, within(1e-15));
    assertThat(share.get("n1")).isCloseTo((ring - 15e18) / ring, within(1e-15));
    assertThat(share.values().stream().mapToDouble(Double::doubleValue).sum())
        .isCloseTo(1.0, within(1e-12));
    assertThat(share.keySet()).containsExactly("n1", "n2", "n3", "n4", "n5", "n6");
  }

  // Murmur3Partitioner.describeOwnership: a ring of one token owns everything.
  @Test
  void primaryOwnership_singleToken_isWholeRing() {
    Ring ring = Ring.of(List.of(new Node("solo", "dc1", "r1", List.of(42L))));
    assertThat(ring.primaryOwnership()).containsEntry("solo", 1.0);
    assertThat(ring.primary(Long.MAX_VALUE).name()).isEqualTo("solo");
  }

  @Test
  void ranges_areInTokenOrderWithWrappingFirstRange() {
    List<TokenRange> ranges = SixNodeRing.ring().ranges();
    assertThat(ranges).hasSize(6);
    assertThat(ranges.get(0).start()).isEqualTo(N6);
    assertThat(ranges.get(0).end()).isEqualTo(N1);
  }

  // Cassandra's random token assignment (BootStrapper.getRandomTokens) drawn from a seeded
  // SplittableRandom: the same seed gives the same ring.
  @Test
  void builder_sameSeed_givesSameTokens() {
    Ring a = vnodeRing(42);
    Ring b = vnodeRing(42);
    Ring c = vnodeRing(43);
    assertThat(a.sortedTokens()).isEqualTo(b.sortedTokens());
    assertThat(a.sortedTokens()).isNotEqualTo(c.sortedTokens());
    assertThat(a.node("v1").get().tokens()).hasSize(16);
    assertThat(a.node("fixed").get().tokens()).containsExactly(7L);
    assertThat(a.sortedTokens()).hasSize(16 * 3 + 1).doesNotHaveDuplicates();
    assertThat(a.nodes()).extracting(Node::name).containsExactly("v1", "fixed", "v2", "v3");
  }

  @Test
  void of_duplicateToken_isRejectedNamingBothNodes() {
    assertThatThrownBy(
            () ->
                Ring.of(
                    List.of(
                        new Node("a", "dc1", "r1", List.of(1L)),
                        new Node("b", "dc1", "r1", List.of(1L)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("token 1 is claimed by both a and b");
  }

  @Test
  void of_duplicateName_isRejected() {
    assertThatThrownBy(
            () ->
                Ring.of(
                    List.of(
                        new Node("a", "dc1", "r1", List.of(1L)),
                        new Node("a", "dc1", "r1", List.of(2L)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("two nodes are named a");
  }

  private static Ring vnodeRing(long seed) {
    return Ring.builder()
        .randomNode("v1", "dc1", "r1", 16)
        .node("fixed", "dc1", "r2", List.of(7L))
        .randomNode("v2", "dc1", "r2", 16)
        .randomNode("v3", "dc1", "r3", 16)
        .build(seed);
  }
}
