package dev.keyplan.model.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Specification of docs/model.md, "Names": entity and attribute names are identifiers as the
 * operations read them (a letter or _, then letters, digits or _), so a name no query can spell is
 * refused where it is declared, not at each use. {@link #MODEL}'s lines: 1 model, 2 horizon, 3
 * entities, 4 the entity's name (column 3), 5 attributes (the attribute's name at column 17), 6
 * key, 7 patterns, 8 id, 9 rate, 10 query.
 */
final class EntityNamesTest {
  private static final String MODEL =
      """
      model: m
      horizon: 1y
      entities:
        %s:
          attributes: {%s: bigint}
          key: [%s]
      patterns:
        - id: p
          rate: 1/s
          query: Order where id = ?
      """;

  private static String model(String entity, String attribute) {
    return MODEL.formatted(entity, attribute, attribute);
  }

  private static List<String> errors(String yaml) {
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> ModelReader.read("m.yaml", yaml, Path.of(".")));
    return e == null ? List.of() : e.diagnostics().stream().map(Diagnostic::toString).toList();
  }

  @Test
  void anEntityNamedAsNoQueryCanSpell_isAnErrorAtItsName() {
    // 9E starts with a digit: the operation parser reads 9E as a number-like word, never an
    // entity. The first error is at the name (line 4, column 3); the query's 'Order' is unknown
    // too.
    assertThat(errors(model("9E", "id")).get(0))
        .isEqualTo(
            "m.yaml:4:3: error: expected an entity named as an identifier (a letter or _, then"
                + " letters, digits or _, as docs/model.md, \"Names\", says), but found '9E'");
  }

  @Test
  void anAttributeWithASpace_isAnErrorAtItsName() {
    // {"order id": bigint}: the name starts at the quote, line 5, column 18.
    assertThat(errors(model("Order", "\"order id\"")))
        .first()
        .asString()
        .startsWith("m.yaml:5:18: error: expected an attribute of entity 'Order' named as an")
        .endsWith("but found 'order id'");
  }

  @Test
  void lettersOfAnyScript_andUnderscores_areIdentifiers() {
    // The operation parser takes Unicode letters (Character.isLetterOrDigit), so the reader does.
    // (The query asks for 'id', so that error stays; none is about the name.)
    assertThat(errors(model("Order", "_prix_é2")))
        .noneMatch(e -> e.contains("identifier"))
        .hasSize(1);
  }

  @Test
  void aBidiControlIsLeftToItsRule_andNeverEchoedRaw() {
    // Evil<U+202E>di is an identifier once the control is removed: the rule
    // BidiControlInIdentifier reports it as a finding with its position (not this reader).
    assertThat(
            errors(model("Order", "\"i\\u202Ed\"")).stream().filter(e -> e.contains("identifier")))
        .isEmpty();
    // A name that is not an identifier for another reason is echoed with the control visible.
    assertThat(errors(model("Order", "\"9\\u202Ed\"")).get(0))
        .endsWith("but found '9<U+202E>d'")
        .doesNotContain("\u202E");
  }
}
