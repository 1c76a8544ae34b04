package dev.keyplan.dynamodb.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

final class AttributeValueTest {

  // ServiceQuotas "Number": positive 1E-130 to 9.9999999999999999999999999999999999999E+125,
  // negative likewise, 38 digits of precision.
  @Test
  void n_rangeEnds_areAcceptedAndOneStepBeyondRejected() {
    assertThat(AttributeValue.N.of("1E-130").value()).isNotNull();
    assertThat(AttributeValue.N.of("-" + "9.".concat("9".repeat(37)) + "E+125")).isNotNull();
    assertThat(AttributeValue.N.of("0").value().signum()).isZero();
    assertThatThrownBy(() -> AttributeValue.N.of("1E-131")).hasMessageContaining("outside");
    assertThatThrownBy(() -> AttributeValue.N.of("1E+126")).hasMessageContaining("outside");
    assertThatThrownBy(() -> AttributeValue.N.of("1E+99999999999")).hasMessageContaining("outside");
  }

  // Trailing zeros are not significant: 39 digits whose last is 0 is a 38-digit number.
  @Test
  void n_trailingZeros_doNotCountAsDigits() {
    assertThat(AttributeValue.N.of("1".repeat(38) + "0")).isNotNull();
    assertThatThrownBy(() -> AttributeValue.N.of("1".repeat(39)))
        .hasMessageContaining("39 significant digits");
  }

  @Test
  void n_nonNumbers_areRejected() {
    for (String bad : List.of("", "abc", "1e", "--1", "NaN", "Infinity", "0x10", " 1")) {
      assertThatThrownBy(() -> AttributeValue.N.of(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("is not a number");
    }
  }

  @Test
  void b_isImmutableAndComparedByContent() {
    byte[] raw = {1, 2};
    var b = new AttributeValue.B(raw);
    raw[0] = 9;
    b.bytes()[1] = 9;
    assertThat(b)
        .isEqualTo(AttributeValue.B.ofBase64("AQI="))
        .hasSameHashCodeAs(AttributeValue.B.ofBase64("AQI="));
    assertThat(b.length()).isEqualTo(2);
  }

  @Test
  void containers_copyTheirInput() {
    var list = new ArrayList<AttributeValue>(List.of(new AttributeValue.Null()));
    var l = new AttributeValue.L(list);
    list.clear();
    assertThat(l.elements()).hasSize(1);
    var map = new LinkedHashMap<String, AttributeValue>();
    map.put("z", new AttributeValue.Bool(true));
    map.put("a", new AttributeValue.Bool(false));
    var m = new AttributeValue.M(map);
    map.clear();
    assertThat(m.entries().keySet()).containsExactly("z", "a");
    assertThatThrownBy(() -> m.entries().put("b", new AttributeValue.Null()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  // ServiceQuotas: sets cannot be empty; a set holds distinct values.
  @Test
  void sets_emptyOrDuplicated_areRejected() {
    assertThatThrownBy(() -> new AttributeValue.SS(List.of())).hasMessageContaining("empty SS");
    assertThatThrownBy(() -> new AttributeValue.SS(List.of("a", "a")))
        .hasMessageContaining("duplicates");
    assertThatThrownBy(
            () ->
                new AttributeValue.NS(
                    List.of(AttributeValue.N.of("1"), AttributeValue.N.of("1.00"))))
        .hasMessageContaining("duplicates");
    assertThatThrownBy(
            () ->
                new AttributeValue.BS(
                    List.of(AttributeValue.B.ofBase64("AQ=="), AttributeValue.B.ofBase64("AQ=="))))
        .hasMessageContaining("duplicates");
  }

  @Test
  void descriptors_matchTheWireNames() {
    assertThat(
            List.of(
                new AttributeValue.S("").descriptor(),
                AttributeValue.N.of("1").descriptor(),
                new AttributeValue.Bool(true).descriptor(),
                new AttributeValue.Null().descriptor()))
        .containsExactly("S", "N", "BOOL", "NULL");
    assertThat(AttributeValue.DESCRIPTORS).hasSize(10);
  }
}
