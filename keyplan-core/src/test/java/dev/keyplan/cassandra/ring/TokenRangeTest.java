package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

final class TokenRangeTest {
  private static final Node OWNER = new Node("n1", "dc1", "r1", List.of(10L));

  // Ranges are (start, end]: TokenMetadata.firstToken gives the end token its owner.
  @Test
  void contains_rangeIsOpenAtStartClosedAtEnd() {
    var range = new TokenRange(-5, 10, OWNER);
    assertThat(range.contains(-5)).isFalse();
    assertThat(range.contains(-4)).isTrue();
    assertThat(range.contains(10)).isTrue();
    assertThat(range.contains(11)).isFalse();
  }

  @Test
  void contains_wrappingRange_coversBothEnds() {
    var range = new TokenRange(10, -5, OWNER);
    assertThat(range.contains(Long.MAX_VALUE)).isTrue();
    assertThat(range.contains(Long.MIN_VALUE)).isTrue();
    assertThat(range.contains(-5)).isTrue();
    assertThat(range.contains(0)).isFalse();
    assertThat(range.contains(10)).isFalse();
  }

  // Murmur3Partitioner.LongToken.size: t.size(t) == 1, the whole ring.
  @Test
  void fraction_rangeFromTokenToItself_isWholeRing() {
    var range = new TokenRange(10, 10, OWNER);
    assertThat(range.fraction()).isEqualTo(1.0);
    assertThat(range.contains(42)).isTrue();
  }

  // LongToken.size scales the unsigned distance by 2^-64: half the ring is 0.5.
  @Test
  void fraction_halfRing_isOneHalf() {
    assertThat(new TokenRange(Long.MIN_VALUE, 0, OWNER).fraction()).isEqualTo(0.5);
    assertThat(new TokenRange(0, Long.MIN_VALUE, OWNER).fraction()).isEqualTo(0.5);
    assertThat(new TokenRange(0, 1L << 62, OWNER).fraction()).isCloseTo(0.25, within(0.0));
  }
}
