package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.dynamodb.verify.KeyCondition.Bound;
import dev.keyplan.dynamodb.verify.KeyCondition.Op;
import org.junit.jupiter.api.Test;

/** keyplan's printed key conditions, read back into the terms a Query sends. */
final class KeyConditionTest {
  /** Placeholders become {attr}, range bounds {attr:FROM} and {attr:TO}; shards take 7. */
  private static String filled(KeyCondition.Template t) {
    return KeyCondition.fill(
        t, (a, b) -> b == Bound.VALUE ? "{" + a + "}" : "{" + a + ":" + b + "}", n -> 7);
  }

  @Test
  void getItemKey_isTwoEqualities() {
    KeyCondition kc = KeyCondition.parse("PK = \"C#<customer_id>\" AND SK = \"PROFILE\"");
    assertThat(kc.terms()).hasSize(2);
    assertThat(kc.terms().get(0).attribute()).isEqualTo("PK");
    assertThat(kc.terms().get(0).op()).isEqualTo(Op.EQ);
    assertThat(filled(kc.terms().get(0).operands().get(0))).isEqualTo("C#{customer_id}");
    assertThat(filled(kc.terms().get(1).operands().get(0))).isEqualTo("PROFILE");
    assertThat(kc.queries()).isEqualTo(1);
  }

  @Test
  void beginsWith_keepsItsPrefix() {
    KeyCondition kc = KeyCondition.parse("PK = \"USER#<user_id>\" AND begins_with(SK, \"ORDER#\")");
    assertThat(kc.terms().get(1).op()).isEqualTo(Op.BEGINS_WITH);
    assertThat(kc.terms().get(1).attribute()).isEqualTo("SK");
    assertThat(filled(kc.terms().get(1).operands().get(0))).isEqualTo("ORDER#");
  }

  @Test
  void between_hasTwoOperands_andItsAndIsNotATermBoundary() {
    KeyCondition kc =
        KeyCondition.parse(
            "PK = \"C#<customer_id>\" AND SK BETWEEN \"ORDER#<order_date from>\" AND \"ORDER#<order_date to>\\uffff\"");
    assertThat(kc.terms()).hasSize(2);
    KeyCondition.Term between = kc.terms().get(1);
    assertThat(between.op()).isEqualTo(Op.BETWEEN);
    assertThat(filled(between.operands().get(0))).isEqualTo("ORDER#{order_date:FROM}");
    // The escape keyplan prints is the highest character, so the upper bound keeps the last value's
    // items.
    assertThat(filled(between.operands().get(1))).isEqualTo("ORDER#{order_date:TO}\uffff");
  }

  @Test
  void oneBound_isRunAsABetweenToTheEndOfThePrefix() {
    KeyCondition kc =
        KeyCondition.parse(
            "PK = \"S#<sensor_id>\" AND SK < or > \"R#<day>#<at>\""
                + " (written as a BETWEEN with the prefix's end as the other bound)");
    KeyCondition.Term t = kc.terms().get(1);
    assertThat(t.op()).isEqualTo(Op.BETWEEN);
    // Only the last placeholder is the ranged one; <day> was given by equality.
    assertThat(filled(t.operands().get(0))).isEqualTo("R#{day}#{at:FROM}");
    assertThat(filled(t.operands().get(1))).isEqualTo("R#{day}#\uffff");
  }

  @Test
  void aShardSuffix_makesOneQueryPerShard() {
    KeyCondition kc = KeyCondition.parse("PK = \"<product_id>#<0..9>\"");
    assertThat(kc.queries()).isEqualTo(10);
    assertThat(filled(kc.terms().get(0).operands().get(0))).isEqualTo("{product_id}#7");
    assertThat(kc.terms().get(0).operands().get(0).sharded()).isTrue();
  }

  @Test
  void aBarePlaceholder_isRecognised() {
    KeyCondition kc = KeyCondition.parse("product_id = \"<product_id>\"");
    assertThat(kc.terms().get(0).operands().get(0).bare()).isPresent();
    assertThat(KeyCondition.parse("PK = \"C#<c>\"").terms().get(0).operands().get(0).bare())
        .isEmpty();
  }

  @Test
  void anAndInsideALiteral_isText() {
    KeyCondition kc = KeyCondition.parse("PK = \"A AND B#<x>\"");
    assertThat(kc.terms()).hasSize(1);
    assertThat(filled(kc.terms().get(0).operands().get(0))).isEqualTo("A AND B#{x}");
  }

  @Test
  void textThatIsNoKeyCondition_isRejectedNamingIt() {
    assertThatThrownBy(() -> KeyCondition.parse("-"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'-'");
    assertThatThrownBy(() -> KeyCondition.parse("PK LIKE \"x\""))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
