package dev.keyplan.model.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading {@code for:}, the window of a busiest rate (docs/model.md, "Hot for a window"), on an
 * entity's spread and on a pattern's, and every way to write it wrong: each an error at its place.
 */
final class SpreadWindowTest {
  private static final String MODEL =
      """
      model: likes
      horizon: 1y
      entities:
        Like:
          attributes: {post_id: bigint, user_id: bigint}
          key: [post_id, user_id]
          growth: 10k/s
          spread:
            post_id: %s
      patterns:
        - id: q
          rate: 1k/s
          query: Like where post_id = ?
          spread:
            post_id: %s
      """;

  // Lines: 9 the entity's post_id spread and 15 the pattern's, each mapping at column 16.

  private static Model read(String entity, String pattern) {
    return ModelReader.read("m.yaml", MODEL.formatted(entity, pattern), Path.of("."));
  }

  private static List<String> errors(String entity, String pattern) {
    String yaml = MODEL.formatted(entity, pattern);
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> ModelReader.read("m.yaml", yaml, Path.of(".")));
    assertThat(e).as("an InputException for:\n%s", yaml).isNotNull();
    return e.diagnostics().stream().map(Diagnostic::toString).toList();
  }

  @Test
  void readsTheWindowInSeconds_onAnEntitysSpreadAndAPatterns() {
    // 1d = 86,400 s; 2h = 7,200 s.
    Model m = read("{distinct: 10M, busiest: 300/s, for: 1d}", "{busiest: 100/s, for: 2h}");
    assertThat(m.entities().get("Like").spread().get("post_id").busiestForSeconds())
        .hasValue(86_400);
    assertThat(m.patterns().get(0).spread().get("post_id").busiestForSeconds()).hasValue(7_200);
  }

  @Test
  void withoutAWindow_theRateLastsTheHorizon() {
    Model m = read("{distinct: 10M, busiest: 300/s}", "{busiest: 100/s}");
    assertThat(m.entities().get("Like").spread().get("post_id").busiestForSeconds()).isEmpty();
  }

  @Test
  void aWindowNeedsABusiestRate() {
    // "{distinct: 10M, " is 16 characters: for: at column 16 + 16 = 32.
    assertThat(errors("{distinct: 10M, for: 1d}", "{busiest: 100/s}"))
        .containsExactly(
            "m.yaml:9:32: error: 'for' bounds a busiest rate in time; expected 'busiest' as a"
                + " rate such as 300/s beside it");
    // "{busiest: 2%, " is 14 characters: for: at column 30.
    assertThat(errors("{busiest: 2%, for: 1d}", "{busiest: 100/s}"))
        .containsExactly(
            "m.yaml:9:30: error: 'for' bounds a busiest rate in time, but 'busiest' is a share"
                + " (2%); write busiest as a rate such as 300/s, or drop for:");
  }

  @Test
  void aWindowIsADurationShorterThanTheHorizon() {
    // "{busiest: 300/s, for: " is 22 characters: the value at column 16 + 22 = 38.
    assertThat(errors("{busiest: 300/s, for: 1y}", "{busiest: 100/s}"))
        .containsExactly(
            "m.yaml:9:38: error: a window of 1y is as long as the horizon (1y) or longer: a window"
                + " as long as the horizon is the plain busiest rate: drop for:");
    assertThat(errors("{busiest: 300/s, for: 300/s}", "{busiest: 100/s}"))
        .containsExactly(
            "m.yaml:9:38: error: expected the busiest rate's window such as 1d (s, m, h, d, w,"
                + " mo, y; at most 100y) but found '300/s'");
    // On a pattern's spread, at line 15: its mapping at column 16 too, the value at 38.
    assertThat(errors("{busiest: 300/s}", "{busiest: 100/s, for: 2y}"))
        .containsExactly(
            "m.yaml:15:38: error: a window of 2y is as long as the horizon (1y) or longer: a window"
                + " as long as the horizon is the plain busiest rate: drop for:");
  }
}
