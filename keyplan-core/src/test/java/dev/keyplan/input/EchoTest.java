package dev.keyplan.input;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A message that quotes a huge value is cut in its middle, keeping where, what and expected. */
final class EchoTest {

  @Test
  void aShortMessageIsPrintedWhole() {
    String message = "expected a rate such as 200/s, got 'fast'";
    assertThat(Echo.bounded(message)).isEqualTo(message);
  }

  @Test
  void aMessageOfExactlyTheLimitIsPrintedWhole() {
    String message = "x".repeat(Echo.MAX_CODE_POINTS);
    assertThat(Echo.bounded(message)).isEqualTo(message);
  }

  @Test
  void aHugeQuotedValueKeepsHeadAndTailAndCountsWhatIsLeftOut() {
    // "unknown attribute '" is 19 code points, the value 2,000,000, "'; expected one of a, b" 23:
    // 2,000,042 in all. Kept: the first 600 and the last 300, so 2,000,042 − 900 = 1,999,142 left
    // out.
    String message = "unknown attribute '" + "n".repeat(2_000_000) + "'; expected one of a, b";
    String bounded = Echo.bounded(message);
    assertThat(bounded)
        .startsWith("unknown attribute 'nnn")
        .endsWith("nnn'; expected one of a, b")
        .contains(" … [1,999,142 code points left out] … ");
    assertThat(bounded.codePointCount(0, bounded.length())).isLessThan(1_000);
  }

  @Test
  void codePointsOutsideTheBasicPlaneAreNeverSplit() {
    // 🔑 is one code point, two UTF-16 chars: cutting by chars could leave half a surrogate pair.
    String message = "🔑".repeat(1_500);
    String bounded = Echo.bounded(message);
    assertThat(bounded).doesNotContain("\uFFFD");
    assertThat(bounded.codePoints().filter(cp -> cp >= 0xD800 && cp <= 0xDFFF).count()).isZero();
    assertThat(bounded).startsWith("🔑").endsWith("🔑").contains("[600 code points left out]");
  }

  @Test
  void diagnosticsAreBounded() {
    var d = new Diagnostic(new Location("model.yaml", 3, 7), "got '" + "v".repeat(5_000) + "'");
    assertThat(d.message()).contains("code points left out");
  }
}
