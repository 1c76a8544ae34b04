package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class JsonTest {

  // RFC 8259 §7: quote, reverse solidus and control characters must be escaped.
  @Test
  void quote_specialCharacters_areEscaped() {
    assertThat(Json.quote("a\"b\\c\nd\te\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\te\\u0001\"");
  }

  @Test
  void quote_unicode_isKeptAsIs() {
    assertThat(Json.quote("dc-é/r1")).isEqualTo("\"dc-é/r1\"");
  }
}
