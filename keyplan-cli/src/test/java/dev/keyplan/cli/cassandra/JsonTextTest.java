package dev.keyplan.cli.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class JsonTextTest {

  // RFC 8259 §7: quote, reverse solidus and control characters must be escaped.
  @Test
  void string_specialCharacters_areEscaped() {
    assertThat(JsonText.string("a\"b\\c\nd\te\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\te\\u0001\"");
  }

  @Test
  void string_unicode_isKeptAsIs() {
    assertThat(JsonText.string("dc-é/r1")).isEqualTo("\"dc-é/r1\"");
  }
}
