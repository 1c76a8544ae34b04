package dev.keyplan.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The input size limit (docs/reliability.md, "Input size"): 64 MiB by default, overridden by the
 * system property {@code keyplan.input.maxBytes}; a longer input is an error at its first byte past
 * the limit, and the YAML engine's code point limit is the same figure. The tests lower the limit
 * to 1 KiB (1,024 bytes) so the inputs stay small; lines and columns count from 1, columns in code
 * points as {@link TextInput#at} counts them.
 */
class InputLimitsTest {

  /** Runs {@code body} with the limit set to {@code value}, then clears it. */
  private static <T> T withLimit(String value, Supplier<T> body) {
    System.setProperty(InputLimits.FILE_BYTES_PROPERTY, value);
    try {
      return body.get();
    } finally {
      System.clearProperty(InputLimits.FILE_BYTES_PROPERTY);
    }
  }

  private static byte[] read(byte[] input) {
    try {
      return TextInput.bytes("f.yaml", new ByteArrayInputStream(input));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void theDefault_is64MiB() {
    // 64 × 2^20 = 67,108,864 bytes, with nothing set.
    assertThat(InputLimits.current().fileBytes()).isEqualTo(67_108_864L);
  }

  @Test
  void theProperty_takesBytesOrBinaryUnits() {
    assertThat(InputLimits.parse("256MiB").fileBytes()).isEqualTo(256L << 20);
    assertThat(InputLimits.parse("1024").fileBytes()).isEqualTo(1_024L);
    assertThat(InputLimits.parse("1GiB").fileBytes()).isEqualTo(1L << 30);
    assertThat(withLimit("2KiB", () -> InputLimits.current().fileBytes())).isEqualTo(2_048L);
  }

  @Test
  void aBadProperty_isAnErrorAtTheProperty_notADefault() {
    // Hostile settings: above 1 GiB (32-bit arrays), below 1 KiB, and not a size.
    for (String bad : new String[] {"2GiB", "512", "64MB", "lots"}) {
      assertThatThrownBy(() -> InputLimits.parse(bad))
          .isInstanceOf(InputException.class)
          .hasMessage(
              "-Dkeyplan.input.maxBytes: error: expected a size from 1KiB to 1GiB such as 256MiB"
                  + " or 268435456 (bytes), not '"
                  + bad
                  + "'");
    }
  }

  @Test
  void anInputAtTheLimit_isRead() {
    byte[] exactly = "a".repeat(1_024).getBytes(StandardCharsets.US_ASCII);
    assertThat(withLimit("1KiB", () -> read(exactly))).hasSize(1_024);
  }

  @Test
  void anInputPastTheLimit_isAnErrorAtItsFirstByteBeyond() {
    // Hostile input: ten lines of 100 'a' and a line feed (1,010 bytes), then 'é' (2 bytes each)
    // without end. Byte 1,024 (0-based, the first past the limit) is 14 bytes into line 11: the
    // start of its 8th 'é', so line 11, column 8.
    byte[] input =
        ("a".repeat(100) + "\n")
            .repeat(10)
            .concat("é".repeat(100))
            .getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> withLimit("1KiB", () -> read(input)))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "f.yaml:11:8: error: the input is larger than 1 KiB (1,024 bytes); expected at most"
                + " that much (this is its first byte past the limit; see docs/reliability.md,"
                + " 'Input size', to raise it with -Dkeyplan.input.maxBytes)");
  }

  @Test
  void aLimitInsideACharacter_placesTheCharacter() {
    // As above with an 'x' first on line 11: its 'é's start at bytes 1,011, 1,013, … 1,023, so
    // byte 1,024 is the second byte of the 7th 'é', column 8 (the 'x' is column 1).
    byte[] input =
        ("a".repeat(100) + "\n")
            .repeat(10)
            .concat("x" + "é".repeat(100))
            .getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> withLimit("1KiB", () -> read(input)))
        .hasMessageStartingWith("f.yaml:11:8: error: the input is larger than 1 KiB");
  }

  @Test
  void yamlTextPastTheLimit_isAnErrorAtItsFirstCodePointBeyond() {
    // Text handed to a reader without a file (as the benchmark does) meets the YAML engine's code
    // point limit, set to the same figure. Line 1 "model: m" and its line feed are code points 0
    // to 8; line 2 is "says: " then 1,100 'é' (a value: the engine does not count a comment
    // that ends the stream). Code point 1,024 (0-based) is line 2's 1,016th: 1,024 − 9 + 1.
    String text = "model: m\nsays: " + "é".repeat(1_100) + "\n";
    assertThatThrownBy(
            () ->
                withLimit(
                    "1KiB", () -> YamlChecks.compose("m.yaml", text, "model file", "a model")))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "m.yaml:2:1016: error: more than 1,024 code points; expected a smaller file (see"
                + " docs/reliability.md, 'Input size')");
  }

  @Test
  void anEmptyYamlFile_isLocatedAtItsStart() {
    assertThatThrownBy(() -> YamlChecks.compose("r.yaml", "", "ring file", "a ring"))
        .hasMessage("r.yaml:1:1: error: the ring file is empty; expected a ring");
  }
}
