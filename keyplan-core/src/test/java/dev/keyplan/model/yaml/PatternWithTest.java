package dev.keyplan.model.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.AccessPattern;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Specification of a pattern's {@code with:} (docs/model.md, "Reading related rows together"): the
 * entities a query returns besides its own, read by the same restrictions. Every mistake is placed
 * at {@code file:line:column}; {@link #MODEL}'s lines are numbered beside it.
 */
final class PatternWithTest {
  private static final String MODEL =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes: {order_id: uuid, customer_id: uuid}
        OrderLine:
          attributes: {order_id: uuid, line_id: int}
        Payment:
          attributes: {payment_id: uuid}
      patterns:
        - id: order-with-lines
          rate: 500/s
          query: Order where order_id = ?
          with: %s
      """;

  // Lines: 1 model  2 horizon  3 entities  4 Order  5 attributes  6 OrderLine  7 attributes
  //        8 Payment  9 attributes  10 patterns  11 - id  12 rate  13 query  14 with (value at 11)

  private static AccessPattern read(String with) {
    return ModelReader.read("m.yaml", MODEL.formatted(with), Path.of(".")).patterns().get(0);
  }

  private static List<String> errors(String yaml) {
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> ModelReader.read("m.yaml", yaml, Path.of(".")));
    assertThat(e).as("an InputException for:\n%s", yaml).isNotNull();
    return e.diagnostics().stream().map(Diagnostic::toString).toList();
  }

  @Test
  void aListOrOneNameIsRead_andAPatternWithoutItReturnsItsEntityAlone() {
    assertThat(read("[OrderLine]").with()).containsExactly("OrderLine");
    assertThat(read("OrderLine").with()).containsExactly("OrderLine");
    String without = MODEL.formatted("[]").replace("    with: []\n", "");
    assertThat(ModelReader.read("m.yaml", without, Path.of(".")).patterns().get(0).with())
        .isEmpty();
  }

  @Test
  void anUnknownEntityGetsADidYouMean() {
    assertThat(errors(MODEL.formatted("[OrderLines]")))
        .containsExactly(
            "m.yaml:14:12: error: no entity named 'OrderLines' (did you mean 'OrderLine'?)");
  }

  @Test
  void anEntityLackingARestrictedAttributeCannotBeReadByTheSameRestrictions() {
    // Payment has no order_id: no restriction of the query can select its rows.
    assertThat(errors(MODEL.formatted("[OrderLine, Payment]")))
        .containsExactly(
            "m.yaml:14:23: error: 'Payment' has no attribute 'order_id', which the query"
                + " restricts; an entity in with is read by the same restrictions");
  }

  @Test
  void theQuerysOwnEntityAndATwiceNamedOneAreErrors() {
    assertThat(errors(MODEL.formatted("[Order, OrderLine, OrderLine]")))
        .containsExactly(
            "m.yaml:14:12: error: 'Order' is the query's own entity; with names the other"
                + " entities it returns",
            "m.yaml:14:30: error: 'OrderLine' is named twice in with");
  }

  @Test
  void aWriteReturnsNothing_soWithIsAnError() {
    String write =
        MODEL.formatted("[OrderLine]").replace("query: Order where order_id = ?", "insert: Order");
    assertThat(errors(write))
        .containsExactly(
            "m.yaml:14:5: error: 'with' applies to queries (the entities a read returns with its"
                + " own); this pattern is a write");
  }
}
