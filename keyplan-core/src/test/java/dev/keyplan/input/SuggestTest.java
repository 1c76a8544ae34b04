package dev.keyplan.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Did-you-mean suggestions, and the bounded work issue 18 asks of every reader's checks. */
class SuggestTest {

  @Test
  void aTypo_isSuggested() {
    // "nmae" → "name": two substitutions (or one transposition, which Levenshtein counts as 2);
    // a 4-letter word allows ⌈4/3⌉ = 2 edits.
    assertThat(Suggest.closest("nmae", List.of("id", "name"))).contains("name");
    assertThat(Suggest.closest("zzzz", List.of("id", "name"))).isEmpty();
  }

  @Test
  void distance_isLevenshteins_cutOffPastTheBound() {
    // Levenshtein's textbook pair: kitten → sitting is 3 edits (k→s, e→i, insert g).
    assertThat(Suggest.distance("kitten", "sitting", 3)).isEqualTo(3);
    assertThat(Suggest.distance("kitten", "sitting", 7)).isEqualTo(3);
    // With a bound of 2 the answer is "more than 2", which the cut-off reports as 3.
    assertThat(Suggest.distance("kitten", "sitting", 2)).isEqualTo(3);
    // "abab…" against "baba…" of 1,000 letters: delete the first, append the last, 2 edits, far
    // from a common prefix or suffix.
    String ab = "ab".repeat(500);
    String ba = "ba".repeat(500);
    assertThat(Suggest.distance(ab, ba, 3)).isEqualTo(2);
  }

  @Test
  void aHugeWord_getsNoSuggestion_atOnce() {
    // Hostile input (issue 18): a 2,000,000-character attribute name against three of 1,000
    // characters took 74 s (6 × 10⁹ cells of the full table). A word past 1,024 characters, YAML's
    // limit on a plain key, is no typo of a name.
    String word = "a".repeat(2_000_000);
    List<String> known = List.of("a".repeat(1_000), "a".repeat(1_000) + "b", "a".repeat(999));
    Optional<String> s =
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> Suggest.closest(word, known));
    assertThat(s).isEmpty();
  }

  @Test
  void manyLongNames_costTheBandOnly() {
    // Hostile input: 20,000 names of 1,024 characters, each one letter off the word's end. The
    // full table is 20,000 × 1,024² ≈ 2 × 10¹⁰ cells; the band of 2 × 3 + 1 diagonals is
    // 20,000 × 1,024 × 7 ≈ 1.4 × 10⁸.
    String word = "a".repeat(1_023) + "z";
    List<String> known = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      known.add("a".repeat(1_023) + (char) ('0' + i % 10));
    }
    // The full table would take about 70 s of CPU at the 3 × 10⁸ cells a second measured above
    // (6 × 10⁹ cells in 20 s of CPU, 74 s of a busy machine's wall clock); the band takes well
    // under a second, so 30 s fails only the full table.
    Optional<String> s =
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Suggest.closest(word, known));
    // One substitution from each; the tie goes to the name first in sort order, '0'.
    assertThat(s).contains("a".repeat(1_023) + "0");
  }
}
