package dev.keyplan.model.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code fan_out:} as docs/model.md ("Fan-out writes") defines it: a write of one row for each
 * value of {@code each} under one value of {@code per}, N taken from {@code each}'s spread ({@code
 * per: {author_id: 150}}), and each mistake reported at its {@code file:line:column}.
 */
final class FanOutStatementTest {
  private static final String VALID =
      """
      model: m
      horizon: 1y
      entities:
        TimelineEntry:
          attributes:
            follower_id: bigint
            post_id: bigint
            author_id: bigint
          key: [follower_id, post_id]
          count: 1B
          spread:
            follower_id: {distinct: 10M, per: {author_id: 150}}
      patterns:
        - id: publish
          rate: 200/s
          insert: TimelineEntry
          fan_out: {each: follower_id, per: author_id}
      """;

  // Lines: 12 follower_id's spread, 14 - id, 16 insert, 17 fan_out: 'each' at column 15, its
  // value at 21, 'per' at 34, its value at 39.

  private static String with(String from, String to) {
    assertThat(VALID).containsOnlyOnce(from);
    return VALID.replace(from, to);
  }

  private static List<String> errors(String yaml) {
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> ModelReader.read("m.yaml", yaml, Path.of(".")));
    assertThat(e).as("an InputException for:\n%s", yaml).isNotNull();
    return e.diagnostics().stream().map(Diagnostic::toString).toList();
  }

  @Test
  void readsTheFanOut_withItsCountFromTheSpread() {
    Model m = ModelReader.read("m.yaml", VALID, Path.of("."));
    AccessPattern p = m.patterns().get(0);
    assertThat(p.fanOut()).isPresent();
    assertThat(p.fanOut().get().each()).isEqualTo("follower_id");
    assertThat(p.fanOut().get().per()).isEqualTo("author_id");
    assertThat(p.rowsPerRequest()).isEqualTo(150);
    assertThat(p.fanOut().get().describe())
        .isEqualTo("fan-out 150 rows a request (follower_id per author_id)");
  }

  @Test
  void aWriteWithoutFanOut_writesOneRow() {
    Model m =
        ModelReader.read(
            "m.yaml", with("    fan_out: {each: follower_id, per: author_id}\n", ""), Path.of("."));
    assertThat(m.patterns().get(0).fanOut()).isEmpty();
    assertThat(m.patterns().get(0).rowsPerRequest()).isEqualTo(1);
  }

  @Test
  void onARead_isAnError() {
    assertThat(errors(with("insert: TimelineEntry", "query: TimelineEntry where follower_id = ?")))
        .containsExactly(
            "m.yaml:17:5: error: 'fan_out' applies to writes; this pattern is a query");
  }

  @Test
  void anAttributeTheEntityLacks_isNamed() {
    assertThat(errors(with("each: follower_id", "each: follower")))
        .containsExactly(
            "m.yaml:17:21: error: entity 'TimelineEntry' has no attribute 'follower' (did you mean"
                + " 'follower_id'?)");
    assertThat(errors(with("per: author_id}", "per: auther_id}")))
        .containsExactly(
            "m.yaml:17:39: error: entity 'TimelineEntry' has no attribute 'auther_id' (did you mean"
                + " 'author_id'?)");
  }

  @Test
  void eachAndPerTheSame_isAnError() {
    assertThat(errors(with("per: author_id}", "per: follower_id}")))
        .containsExactly(
            "m.yaml:17:39: error: 'each' and 'per' are both 'follower_id': a fan-out writes one"
                + " row for each value of one attribute under one value of another");
  }

  @Test
  void aSpreadWithoutThePerCount_saysTheStatementToAdd() {
    assertThat(errors(with(", per: {author_id: 150}}", "}")))
        .containsExactly(
            "m.yaml:17:21: error: the spread of TimelineEntry.follower_id does not say how many"
                + " values it has per author_id: add per: {author_id: N} to it, such as spread:"
                + " {follower_id: {per: {author_id: 150}}}");
  }

  @Test
  void aMissingOrUnknownKey_isNamed() {
    assertThat(errors(with(", per: author_id}", "}")))
        .containsExactly(
            "m.yaml:17:14: error: missing 'per': expected the attribute the request gives one"
                + " value of, such as author_id");
    // The count is the spread's, not the pattern's: a count here is an unknown key.
    assertThat(errors(with("per: author_id}", "per: author_id, rows: 150}")))
        .containsExactly(
            "m.yaml:17:50: error: unknown key 'rows' in a fan_out; expected one of: each, per");
  }
}
