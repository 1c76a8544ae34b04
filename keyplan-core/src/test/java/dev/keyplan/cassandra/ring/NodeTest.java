package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class NodeTest {

  @Test
  void new_unsortedTokens_areSortedAndCopied() {
    var tokens = new ArrayList<>(List.of(5L, -3L, 0L));
    Node node = new Node("n1", "dc1", "r1", tokens);
    tokens.add(7L);
    assertThat(node.tokens()).containsExactly(-3L, 0L, 5L);
  }

  @Test
  void new_repeatedToken_isRejected() {
    assertThatThrownBy(() -> new Node("n1", "dc1", "r1", List.of(1L, 1L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("token 1 twice");
  }

  @Test
  void new_noTokensOrBlankRack_isRejected() {
    assertThatThrownBy(() -> new Node("n1", "dc1", "r1", List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Node("n1", "dc1", " ", List.of(1L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rack");
  }

  @Test
  void toString_showsNameDcAndRack() {
    assertThat(new Node("n1", "dc1", "r1", List.of(1L))).hasToString("n1 (dc1/r1)");
  }
}
