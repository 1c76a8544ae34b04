package dev.keyplan.check.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * BidiControlInIdentifier reports, as an error, each model identifier holding a bidi control, with
 * the code point and its position. The hostile names are built as CVE-2021-42574's proofs of
 * concept build theirs (https://trojansource.codes/): an override (U+202E) or an isolate (U+2066)
 * hidden inside an otherwise ordinary name.
 */
final class BidiControlInIdentifierTest {
  private final RuleTester tester = RuleTester.of(BidiControlInIdentifier.class);

  @Test
  void controlsInEntityAttributeAndPatternIds_areErrors_plainNamesAreNot() {
    // "Evil\u202Edi": E,v,i,l are characters 1–4, so U+202E is character 5.
    // "id\u2066x": i,d are 1–2, so U+2066 is character 3.
    // "get\u200Forders": g,e,t are 1–3, so U+200F (a mark, not an embedding) is character 4.
    // Order, id, body and "by-id" hold none.
    tester
        .model(
            """
        model: app
        horizon: 1y
        entities:
          Order:
            attributes:
              id: uuid
              body: {type: text, size: 20B}
            key: [id]
            count: 1M
          "Evil\\u202Edi": # FINDING: BidiControlInIdentifier [error]: U+202E at character 5
            attributes:
              "id\\u2066x": uuid # FINDING: BidiControlInIdentifier [error]: U+2066 at character 3
            key: ["id\\u2066x"]
            count: 10
        patterns:
          - id: "get\\u200Forders" # FINDING: BidiControlInIdentifier [error]: U+200F at character 4
            says: "quotes \\u202E are fine in prose"
            rate: 10/s
            query: Order where id = ?
          - id: by-id
            rate: 10/s
            query: Order where id = ?
        mongodb:
          collections:
            orders:
              entity: Order
        """)
        .expectMarkedFindings();
  }

  @Test
  void message_showsTheControlVisibly_neverRaw() {
    // The message is printed to terminals and SARIF viewers, which would obey the control too.
    String message =
        tester
            .model(
                """
            model: app
            horizon: 1y
            entities:
              Order:
                attributes:
                  id: uuid
                key: [id]
                count: 10
              "Evil\\u202Edi":
                attributes:
                  id: uuid
                key: [id]
                count: 10
            patterns:
              - id: one
                rate: 1/s
                query: Order where id = ?
            mongodb:
              collections:
                orders:
                  entity: Order
            """)
            .findings()
            .get(0)
            .message();
    assertThat(message).contains("'Evil<U+202E>di'").doesNotContain("\u202E");
  }
}
