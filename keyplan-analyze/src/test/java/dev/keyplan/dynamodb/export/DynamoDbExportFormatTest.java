package dev.keyplan.dynamodb.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.ExportRecord;
import dev.keyplan.analyze.export.NativeTypes;
import dev.keyplan.dynamodb.facts.DynamoJson;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.input.InputException;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * One line of a DynamoDB export to S3 (DYNAMODB_JSON), shaped as the AWS guide's "DynamoDB table
 * export output format" shows it ({@code {"Item": {…}}} per line), with values of keyplan's own.
 */
class DynamoDbExportFormatTest {
  private final DynamoDbExportFormat format = new DynamoDbExportFormat();

  /** An order item: two keys, a decimal, a count, a Boolean, a string set and a NULL. */
  private static final String ORDER_ITEM =
      "{\"pk\":{\"S\":\"CUST#7\"},\"sk\":{\"S\":\"ORDER#2026-12-01\"},\"total\":{\"N\":\"12.50\"},"
          + "\"items\":{\"N\":\"3\"},\"gift\":{\"BOOL\":false},\"tags\":{\"SS\":[\"red\",\"xl\"]},"
          + "\"note\":{\"NULL\":true}}";

  @Test
  void anOrderLine_isUnwrappedAndSizedAsTheDeveloperGuideCountsIt() {
    ExportRecord r = format.convert("data.json", "{\"Item\":" + ORDER_ITEM + "}");

    // Names plus values, ItemSize's rules: pk 2 + 6, sk 2 + 16, total 5 + 3 (12.5: three
    // significant digits, 1 + ⌈3/2⌉), items 5 + 2 (one digit, 1 + 1), gift 4 + 1, tags 4 +
    // (3 + 2), note 4 + 1: 8 + 18 + 8 + 7 + 5 + 9 + 5 = 60 bytes.
    assertThat(r.nativeBytes()).isEqualTo(60);
    assertThat(r.json())
        .isEqualTo(
            "{\"pk\":\"CUST#7\",\"sk\":\"ORDER#2026-12-01\",\"total\":12.50,\"items\":3,"
                + "\"gift\":false,\"tags\":[\"red\",\"xl\"],\"note\":null}");
    assertThat(r.attributes())
        .extracting(ExportRecord.Attribute::type)
        .containsExactly("S", "S", "N", "N", "BOOL", "SS", "NULL");
    assertThat(r.attributes())
        .filteredOn(ExportRecord.Attribute::wholeNumber)
        .extracting(ExportRecord.Attribute::name)
        .containsExactly("items");
  }

  @Test
  void theSizeIsTheOneKeyplanDynamodbItemSizePrints() {
    // Round trip with the core: the item-size command parses the item with DynamoJson.parseItem
    // and sizes it with ItemSize.of; the export line must give the same figure. dynalite's
    // "ConsumedCapacity for small item" item (test/putItem.js, run against the live service) is
    // 1,024 bytes: (1 + 10) + (1 + 999) + (1 + 4) + (1 + 2) + (1 + 2 + 1 + 1).
    String item =
        "{\"a\":{\"S\":\""
            + "a".repeat(10)
            + "\"},\"b\":{\"S\":\""
            + "b".repeat(999)
            + "\"},\"c\":{\"N\":\"12.3456\"},\"d\":{\"B\":\"AQI=\"},"
            + "\"e\":{\"BS\":[\"AQI=\",\"Ag==\",\"AQ==\"]}}";
    long exported = format.convert("data.json", "{\"Item\":" + item + "}").nativeBytes();

    assertThat(exported).isEqualTo(1024).isEqualTo(ItemSize.of(DynamoJson.parseItem("i", item)));
    assertThat(format.convert("d", "{\"Item\":" + ORDER_ITEM + "}").nativeBytes())
        .isEqualTo(ItemSize.of(DynamoJson.parseItem("i", ORDER_ITEM)));
  }

  @Test
  void numbersAreWrittenExactly_asJsonNumberTokens() {
    // DynamoDB takes "+5.", ".5" and "1e3", which are not JSON numbers; BigDecimal's text is, and
    // keeps every digit: 5, 0.5, 1E+3; 38 digits stay 38 digits (a double would keep 17).
    String digits38 = "1234567890123456789012345678901234567.8";
    ExportRecord r =
        format.convert(
            "d",
            "{\"Item\":{\"a\":{\"N\":\"+5.\"},\"b\":{\"N\":\".5\"},\"c\":{\"N\":\"1e3\"},"
                + "\"d\":{\"N\":\""
                + digits38
                + "\"},\"e\":{\"NS\":[\"1\",\"-2.50\"]}}}");

    assertThat(r.json())
        .isEqualTo("{\"a\":5,\"b\":0.5,\"c\":1E+3,\"d\":" + digits38 + ",\"e\":[1,-2.50]}");
    // 1E+3 is a whole number within 64 bits; 38 digits are not within 64 bits.
    assertThat(r.attributes())
        .filteredOn(ExportRecord.Attribute::wholeNumber)
        .extracting(ExportRecord.Attribute::name)
        .containsExactly("a", "c");
  }

  @Test
  void binaryListsAndMaps_areUnwrappedAllTheWayDown() {
    ExportRecord r =
        format.convert(
            "d",
            "{\"Item\":{\"photo\":{\"B\":\"AQI=\"},\"lines\":{\"L\":[{\"M\":{\"sku\":{\"S\":\"A-1\"},"
                + "\"qty\":{\"N\":\"2\"}}},{\"NULL\":true}]},\"keys\":{\"BS\":[\"AQI=\"]}}}");

    assertThat(r.json())
        .isEqualTo(
            "{\"photo\":\"AQI=\",\"lines\":[{\"sku\":\"A-1\",\"qty\":2},null],\"keys\":[\"AQI=\"]}");
  }

  @Test
  void anEmptyItem_isAnEmptyObjectOfNoBytes() {
    ExportRecord r = format.convert("d", "{\"Item\":{}}");
    assertThat(r.json()).isEqualTo("{}");
    assertThat(r.nativeBytes()).isZero();
  }

  @Test
  void aSecondMemberBesideItem_isRefusedAtItsName() {
    // {"Item":{},"x" — '{' 1, "Item" 2–7, ':' 8, '{}' 9–10, ',' 11: the stray name at 12.
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> format.convert("d", "{\"Item\":{},\"x\":1}"));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "d:1:12: error: unexpected member 'x'; expected {\"Item\": {…}}, one item per line as"
                + " a DynamoDB export to S3 writes it (DYNAMODB_JSON), with nothing else");
  }

  @Test
  void itemThatIsNotAnObject_isRefusedAtItsValue() {
    // {"Item": — the value at 9.
    InputException e =
        catchThrowableOfType(InputException.class, () -> format.convert("d", "{\"Item\":[]}"));
    assertThat(e.diagnostics().get(0).location().column()).isEqualTo(9);
    assertThat(e.getMessage()).contains("\"Item\" needs an object of attributes");
  }

  @Test
  void allProblemsOfOneItem_areReportedTogether() {
    // DynamoJson collects both: {"Item":{"a":{"N":"x" puts the bad number's string at 19, and
    // ,"b":{"Q" (after '}' at 22) the unknown descriptor at 29.
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () -> format.convert("d", "{\"Item\":{\"a\":{\"N\":\"x\"},\"b\":{\"Q\":\"y\"}}}"));
    assertThat(e.diagnostics())
        .extracting(d -> d.location().line() + ":" + d.location().column())
        .containsExactly("1:19", "1:29");
  }

  @Test
  void recognises_fullAndIncrementalExportLines_andNothingElse() {
    assertThat(format.recognises("{\"Item\":{\"pk\":{\"S\":\"a\"}}}")).isTrue();
    assertThat(format.recognises("  { \"Item\" : {}}")).isTrue();
    // Recognised so that the refusal says what it is, not "not a known format".
    assertThat(format.recognises("{\"Metadata\":{},\"Keys\":{}}")).isTrue();
    assertThat(format.recognises("{\"_id\":1}")).isFalse();
    assertThat(format.recognises("{\"Items\":[]}")).isFalse();
    assertThat(ExportFormat.sniff("{\"Item\":{}}")).containsInstanceOf(DynamoDbExportFormat.class);
  }

  @Test
  void modelTypes_byTheMostCommonDescriptor_nullAside() {
    // 99 S and 1 NULL: text. N all whole: bigint; one with a fraction: decimal. Only NULL: text.
    assertThat(format.modelType(types(Map.of("S", 99L, "NULL", 1L), 0))).isEqualTo("text");
    assertThat(format.modelType(types(Map.of("N", 5L), 5))).isEqualTo("bigint");
    assertThat(format.modelType(types(Map.of("N", 5L), 4))).isEqualTo("decimal");
    assertThat(format.modelType(types(Map.of("NULL", 3L), 0))).isEqualTo("text");
    assertThat(format.modelType(types(Map.of("SS", 2L, "S", 1L), 0))).isEqualTo("set<text>");
    // A tie goes to the lower name, whatever order the records came in: B before S.
    assertThat(format.modelType(types(Map.of("S", 2L, "B", 2L), 0))).isEqualTo("blob");
  }

  private static NativeTypes types(Map<String, Long> counts, long whole) {
    return new NativeTypes(new TreeMap<>(counts), whole, "");
  }
}
