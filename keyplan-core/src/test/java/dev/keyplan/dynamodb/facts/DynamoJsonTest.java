package dev.keyplan.dynamodb.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class DynamoJsonTest {

  private static List<String> errors(String json) {
    try {
      DynamoJson.parseItem("item.json", json);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("expected an input error for " + json);
  }

  // Every type descriptor of the API Reference "AttributeValue", in the AWS CLI's output form.
  @Test
  void parseItem_everyDescriptor_readsTypedValues() {
    Map<String, AttributeValue> item =
        DynamoJson.parseItem(
            "item.json",
            """
        {"s": {"S": "a\\u00e9\\n"}, "n": {"N": "-12.5"}, "b": {"B": "AQI="},
         "t": {"BOOL": true}, "z": {"NULL": true}, "l": {"L": [{"S": "x"}, {"N": "1"}]},
         "m": {"M": {"k": {"SS": ["p", "q"]}}}, "ns": {"NS": ["1", "2.5"]},
         "bs": {"BS": ["AQ==", "Ag=="]}}
        """);
    assertThat(item.keySet()).containsExactly("s", "n", "b", "t", "z", "l", "m", "ns", "bs");
    assertThat(item.get("s")).isEqualTo(new AttributeValue.S("a\u00e9\n"));
    assertThat(((AttributeValue.N) item.get("n")).text()).isEqualTo("-12.5");
    assertThat(item.get("b")).isEqualTo(new AttributeValue.B(new byte[] {1, 2}));
    assertThat(item.get("t")).isEqualTo(new AttributeValue.Bool(true));
    assertThat(item.get("z")).isEqualTo(new AttributeValue.Null());
    assertThat(((AttributeValue.L) item.get("l")).elements()).hasSize(2);
    assertThat(((AttributeValue.M) item.get("m")).entries().get("k"))
        .isEqualTo(new AttributeValue.SS(List.of("p", "q")));
    assertThat(item.get("ns").descriptor()).isEqualTo("NS");
    assertThat(((AttributeValue.BS) item.get("bs")).elements()).hasSize(2);
  }

  // aws dynamodb get-item prints {"Item": {...}} (and ConsumedCapacity when asked).
  @Test
  void parseItem_getItemWrapper_isUnwrapped() {
    var item =
        DynamoJson.parseItem(
            "out.json",
            """
        {"Item": {"id": {"S": "a"}}, "ConsumedCapacity": {"TableName": "T", "CapacityUnits": 0.5}}
        """);
    assertThat(item).containsOnlyKeys("id");
  }

  // An attribute that happens to be named Item keeps its name when its value is typed.
  @Test
  void parseItem_attributeNamedItem_isNotAWrapper() {
    assertThat(DynamoJson.parseItem("i.json", "{\"Item\": {\"S\": \"x\"}}"))
        .containsOnlyKeys("Item");
    assertThat(DynamoJson.parseItem("i.json", "{\"Item\": {\"M\": {\"a\": {\"N\": \"1\"}}}}"))
        .containsOnlyKeys("Item");
    assertThat(DynamoJson.parseItem("i.json", "{\"Item\": {\"S\": {\"S\": \"x\"}}}"))
        .containsOnlyKeys("S");
  }

  @Test
  void parseItem_missingComma_reportsLineAndColumn() {
    assertThat(errors("{\"a\": {\"S\": \"x\"}\n \"b\": {\"S\": \"y\"}}"))
        .containsExactly(
            "item.json:2:2: error: invalid JSON: expected ',' or '}' after a member of the object"
                + " opened at line 1, column 1, found '\"'");
  }

  @Test
  void parseItem_truncated_reportsEndOfInput() {
    assertThat(errors("{\"a\": {\"S\": \"x\""))
        .containsExactly(
            "item.json:1:16: error: invalid JSON: expected ',' or '}' after a member of the object"
                + " opened at line 1, column 7, found the end of the input");
  }

  @Test
  void parseItem_emptyFile_saysWhatIsExpected() {
    assertThat(errors("  \n"))
        .singleElement()
        .asString()
        .startsWith("item.json:2:1: error: invalid JSON: the file is empty");
  }

  @Test
  void parseItem_trailingGarbage_isReported() {
    assertThat(errors("{}\n}"))
        .containsExactly(
            "item.json:2:1: error: invalid JSON: unexpected '}' after the end of the JSON value");
  }

  // Semantic problems are collected, one diagnostic each, at the place of the value.
  @Test
  void parseItem_unknownDescriptors_suggestTheClosest() {
    assertThat(errors("{\"a\": {\"Ss\": [\"x\"]},\n \"b\": {\"BOOLEAN\": true}}"))
        .containsExactly(
            "item.json:1:8: error: unknown type descriptor 'Ss'; did you mean 'SS'? (expected one of"
                + " S, N, B, BOOL, NULL, L, M, SS, NS, BS)",
            "item.json:2:8: error: unknown type descriptor 'BOOLEAN'; did you mean 'BOOL'? (expected"
                + " one of S, N, B, BOOL, NULL, L, M, SS, NS, BS)");
  }

  // ServiceQuotas: up to 38 significant digits, magnitude 1E-130 to 9.99...E+125; the AWS CLI
  // writes numbers as strings.
  @Test
  void parseItem_badNumbers_areReportedAtTheValue() {
    assertThat(
            errors(
                "{\"a\": {\"N\": \"12,5\"}, \"b\": {\"N\": 12.5},"
                    + " \"c\": {\"N\": \"1E+126\"}, \"d\": {\"N\": \""
                    + "1".repeat(39)
                    + "\"}}"))
        .containsExactly(
            "item.json:1:13: error: '12,5' is not a number (expected digits with an optional"
                + " sign, '.', and exponent, such as \"-12.5E3\")",
            "item.json:1:33: error: a DynamoDB number is written as a string: {\"N\": \"12.5\"},"
                + " not {\"N\": 12.5}",
            "item.json:1:51: error: number '1E+126' is outside DynamoDB's range (magnitude 1E-130"
                + " to 9.9999999999999999999999999999999999999E+125)",
            "item.json:1:73: error: number '"
                + "1".repeat(39)
                + "' has 39 significant digits;"
                + " DynamoDB keeps at most 38");
  }

  @Test
  void parseItem_invalidBase64_isReported() {
    assertThat(errors("{\"b\": {\"B\": \"AQI\"}}"))
        .singleElement()
        .asString()
        .startsWith("item.json:1:13: error: 'AQI' is not valid base64");
  }

  @Test
  void parseItem_duplicateAttribute_pointsAtBoth() {
    assertThat(errors("{\"a\": {\"S\": \"x\"},\n \"a\": {\"S\": \"y\"}}"))
        .containsExactly(
            "item.json:2:2: error: duplicate attribute 'a' (first at line 1, column 2)");
  }

  // ServiceQuotas: sets cannot be empty; DynamoDB rejects duplicates in a set ("1" and "1.0"
  // are one number).
  @Test
  void parseItem_emptyAndDuplicatedSets_areReported() {
    assertThat(errors("{\"a\": {\"SS\": []}, \"b\": {\"NS\": [\"1\", \"1.0\"]}}"))
        .containsExactly(
            "item.json:1:14: error: an empty SS set; DynamoDB sets must have at least one element"
                + " (remove the attribute instead)",
            "item.json:1:37: error: duplicate element in the NS set (same as line 1, column 32);"
                + " DynamoDB rejects such an item");
  }

  @Test
  void parseItem_wrongShapes_sayWhatWasExpected() {
    assertThat(errors("[1]"))
        .singleElement()
        .asString()
        .isEqualTo(
            "item.json:1:1: error: expected an item, a JSON object of attributes such as"
                + " {\"id\": {\"S\": \"a\"}}, found an array");
    assertThat(
            errors(
                "{\"a\": \"x\", \"b\": {}, \"c\": {\"S\": \"x\", \"N\": \"1\"},"
                    + " \"d\": {\"NULL\": false}, \"e\": {\"S\": 1}}"))
        .containsExactly(
            "item.json:1:7: error: expected a typed value such as {\"S\": \"text\"} or {\"N\": \"1\"},"
                + " found a string",
            "item.json:1:17: error: expected exactly one type descriptor (S, N, B, BOOL, NULL, L, M,"
                + " SS, NS, BS), found 0",
            "item.json:1:37: error: expected exactly one type descriptor (S, N, B, BOOL, NULL, L, M,"
                + " SS, NS, BS), found 2",
            "item.json:1:62: error: NULL must be true: DynamoDB rejects {\"NULL\": false}",
            "item.json:1:81: error: S needs a JSON string, found the number 1");
  }

  // ServiceQuotas: nested attributes go at most 32 levels deep.
  @Test
  void parseItem_nesting33Levels_isRejected() {
    String ok = "{\"L\": [".repeat(32) + "{\"N\": \"1\"}" + "]}".repeat(32);
    String deep = "{\"L\": [".repeat(33) + "{\"N\": \"1\"}" + "]}".repeat(33);
    assertThat(DynamoJson.parseItem("i.json", "{\"a\": " + ok + "}")).containsKey("a");
    assertThat(errors("{\"a\": " + deep + "}"))
        .singleElement()
        .asString()
        .contains("nested deeper than DynamoDB's 32 levels");
  }

  @Test
  void parseItem_badEscapeAndSurrogate_areReported() {
    assertThat(errors("{\"a\": {\"S\": \"\\x\"}}"))
        .singleElement()
        .asString()
        .startsWith("item.json:1:14: error: invalid JSON: invalid escape \\x");
    assertThat(errors("{\"a\": {\"S\": \"\\ud800\"}}"))
        .singleElement()
        .asString()
        .contains("unpaired surrogate \\uD800");
  }

  @Test
  void parseItem_byteOrderMark_isSkipped() {
    assertThat(DynamoJson.parseItem("i.json", "\uFEFF{\"a\": {\"S\": \"x\"}}")).containsKey("a");
  }

  @Test
  void parseItem_errorIsOneInputExceptionWithAllDiagnostics() {
    String twoBad = "{\"a\": {\"X\": 1}, \"b\": {\"Y\": 1}}";
    assertThatThrownBy(() -> DynamoJson.parseItem("i.json", twoBad))
        .isInstanceOfSatisfying(InputException.class, e -> assertThat(e.diagnostics()).hasSize(2));
  }
}
