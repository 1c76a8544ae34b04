package dev.keyplan.dynamodb.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class ItemSizeTest {

  private static Map<String, AttributeValue> item(String json) {
    return DynamoJson.parseItem("test.json", json);
  }

  private static String chars(int n) {
    return "x".repeat(n);
  }

  // AWS DG "Quotas", "Item size": "shirt-color" (11) + "R" (1) + "shirt-size" (10) + "M" (1) = 23.
  @Test
  void of_shirtItemFromQuotasPage_is23Bytes() {
    var shirt = item("{\"shirt-color\": {\"S\": \"R\"}, \"shirt-size\": {\"S\": \"M\"}}");
    assertThat(ItemSize.of(shirt)).isEqualTo(23);
    assertThat(ItemSize.storageBytes(shirt)).isEqualTo(23 + 100);
  }

  // awslabs/amazon-dynamodb-tools item_size_calculator/README.md: 137 bytes. Derived: Id 2+3
  // (N 101: 3 digits, 1 + 2), Title 5+14, ISBN 4+14, Authors 7 + (3 + 1 + 7), Price 5+2,
  // Dimensions 10+16, PageCount 9+2 (500 is one digit after trimming), InPublication 13+1,
  // ProductCategory 15+4 = 5+19+18+18+7+26+11+14+19 = 137.
  @Test
  void of_dynamodbToolsBookItem_is137Bytes() {
    var book =
        item(
            """
        {"Id": {"N": "101"}, "Title": {"S": "Book 101 Title"}, "ISBN": {"S": "111-1111111111"},
         "Authors": {"L": [{"S": "Author1"}]}, "Price": {"N": "2"},
         "Dimensions": {"S": "8.5 x 11.0 x 0.5"}, "PageCount": {"N": "500"},
         "InPublication": {"BOOL": true}, "ProductCategory": {"S": "Book"}}
        """);
    assertThat(ItemSize.of(book)).isEqualTo(137);
  }

  // zaccharles/dynamodb-calculator default item, derived by its rules and dynalite's: id 2+8,
  // fullName 8+11, isAdmin 7+1, favouriteNumber 15+3 (-1E-130: 1 digit, 1 + 1 + sign),
  // foods 5 + (5 + 6), sets have no overhead = 10+19+8+18+16 = 71.
  @Test
  void of_zaccharlesDefaultItem_is71Bytes() {
    var user =
        item(
            """
        {"id": {"S": "f0ba8d6c"}, "fullName": {"S": "Zac Charles"}, "isAdmin": {"BOOL": false},
         "favouriteNumber": {"N": "-1E-130"}, "foods": {"SS": ["pizza", "burger"]}}
        """);
    assertThat(ItemSize.of(user)).isEqualTo(71);
  }

  // mhart/dynalite test/putItem.js "should return ConsumedCapacity for small item": a 10 chars,
  // b 999 chars, c N 12.3456 (4), d B AQI= (2 raw bytes), e BS of 2+1+1 raw bytes:
  // 11 + 1000 + 5 + 3 + 5 = 1,024. "larger item": b 1,001 chars, e without AQ== -> 1,025.
  @Test
  void of_dynaliteWriteBoundaryItems_are1024And1025() {
    assertThat(ItemSize.of(dynaliteItem(999, "\"AQI=\", \"Ag==\", \"AQ==\""))).isEqualTo(1_024);
    assertThat(ItemSize.of(dynaliteItem(1_001, "\"AQI=\", \"Ag==\""))).isEqualTo(1_025);
  }

  // mhart/dynalite test/getItem.js: the same item with b at 4,071 chars is 4,096 bytes, and at
  // 4,073 chars with two BS elements 4,097 (1 + 4,073 + ... = 4,096 - 4,071 + 4,073 - 1).
  @Test
  void of_dynaliteReadBoundaryItems_are4096And4097() {
    assertThat(ItemSize.of(dynaliteItem(4_071, "\"AQI=\", \"Ag==\", \"AQ==\""))).isEqualTo(4_096);
    assertThat(ItemSize.of(dynaliteItem(4_073, "\"AQI=\", \"Ag==\""))).isEqualTo(4_097);
  }

  private static Map<String, AttributeValue> dynaliteItem(int bChars, String bs) {
    return item(
        "{\"a\": {\"S\": \""
            + chars(10)
            + "\"}, \"b\": {\"S\": \""
            + chars(bChars)
            + "\"}, \"c\": {\"N\": \"12.3456\"}, \"d\": {\"B\": \"AQI=\"}, \"e\": {\"BS\": ["
            + bs
            + "]}}");
  }

  // mhart/dynalite test/getItem.js, every type: a 1+10, bb 2+3,999, ccc 3+4, dddd 4+2,
  // eeeee 5+4, ffffff 6+1, ggggggg 7+1, hhhhhhhh 8 + (3 + 2+3+3+4), iiiiiiiii 9 + (3 + (1+2+2)
  // + (1+3+3)) = 11+4,001+7+6+9+7+8+23+24 = 4,096; with bb at 4,000 chars, 4,097.
  @Test
  void of_dynaliteAllTypesItem_is4096() {
    assertThat(ItemSize.of(allTypesItem(3_999))).isEqualTo(4_096);
    assertThat(ItemSize.of(allTypesItem(4_000))).isEqualTo(4_097);
  }

  private static Map<String, AttributeValue> allTypesItem(int bbChars) {
    return item(
        "{\"a\": {\"S\": \""
            + chars(10)
            + "\"}, \"bb\": {\"S\": \""
            + chars(bbChars)
            + "\"}, \"ccc\": {\"N\": \"12.3456\"}, \"dddd\": {\"B\": \"AQI=\"},"
            + " \"eeeee\": {\"BS\": [\"AQI=\", \"Ag==\", \"AQ==\"]}, \"ffffff\": {\"NULL\": true},"
            + " \"ggggggg\": {\"BOOL\": true}, \"hhhhhhhh\": {\"L\": [{\"S\": \"a\"}, {\"S\": \"aa\"},"
            + " {\"S\": \"bb\"}, {\"S\": \"ccc\"}]}, \"iiiiiiiii\": {\"M\": {\"aa\": {\"S\": \"aa\"},"
            + " \"bbb\": {\"S\": \"bbb\"}}}}");
  }

  // mhart/dynalite test/getItem.js, nested numbers and binary: a 11, ab 2+4,026, abc 3+1,
  // abcd 4+1, abcde 5 + (3 + (1+2) + (1+4) + (1+2)), abcdef 6 + (3 + (1+2+2) + (1+3+4) + (1+4+2))
  // = 11+4,028+4+5+19+29 = 4,096; with ab at 4,027 chars, 4,097.
  @Test
  void of_dynaliteNestedItem_is4096() {
    assertThat(ItemSize.of(nestedItem(4_026))).isEqualTo(4_096);
    assertThat(ItemSize.of(nestedItem(4_027))).isEqualTo(4_097);
  }

  private static Map<String, AttributeValue> nestedItem(int abChars) {
    return item(
        "{\"a\": {\"S\": \""
            + chars(10)
            + "\"}, \"ab\": {\"S\": \""
            + chars(abChars)
            + "\"}, \"abc\": {\"NULL\": true}, \"abcd\": {\"BOOL\": true}, \"abcde\": {\"L\":"
            + " [{\"S\": \"aa\"}, {\"N\": \"12.3456\"}, {\"B\": \"AQI=\"}]}, \"abcdef\": {\"M\":"
            + " {\"aa\": {\"S\": \"aa\"}, \"bbb\": {\"N\": \"12.3456\"}, \"cccc\": {\"B\":"
            + " \"AQI=\"}}}}");
  }

  // Number sizes. "DG" rows: the exact rule of mhart/dynalite db/index.js valSize and
  // zaccharles/dynamodb-calculator, n digits after trimming zeros, e the first digit's exponent:
  // 1 + ceil(n/2) + (n and e even) + (negative). "dynalite" rows: test/putItem.js item-size
  // boundaries run against the live service.
  @ParameterizedTest(name = "{0} -> {1} bytes ({2})")
  @CsvSource({
    "0, 1, zero is one byte",
    "-0.000, 1, zero in any form",
    "1, 2, n 1",
    "10, 2, trailing zero trimmed",
    "12, 2, n 2 e 1: one aligned pair",
    "123, 3, n 3",
    "1234, 3, n 4 e 3",
    "1.2, 3, n 2 e 0: the pair straddles the point; the DG approximation says 2",
    "12.3456, 4, n 6 e 1",
    "-1, 3, minus sign",
    "-12.5, 4, n 3 and sign",
    "0.001, 2, leading zeros trimmed",
    "00012, 2, leading zeros trimmed",
    "1E+125, 2, dynalite",
    "11E+124, 2, dynalite",
    "11111E+121, 4, dynalite",
    "111111E+120, 4, dynalite",
    "1111111E+119, 5, dynalite",
    "-1E-130, 3, the smallest negative number",
  })
  void numberBytes_vectors_match(String number, int bytes, String why) {
    assertThat(ItemSize.numberBytes(number)).isEqualTo(bytes);
  }

  // mhart/dynalite test/putItem.js: 38 ones followed by 88 zeros (n 38, e 125) -> 1 + 19 = 20.
  @Test
  void numberBytes_38OnesThen88Zeros_is20() {
    assertThat(ItemSize.numberBytes("1".repeat(38) + "0".repeat(88))).isEqualTo(20);
  }

  // 38 digits starting at an even exponent, negative: 1 + 19 + 1 + 1 = 22, capped at 21 as
  // zaccharles/dynamodb-calculator does (DynamoDbLimits.MAX_NUMBER_BYTES).
  @Test
  void numberBytes_negative38DigitsMisaligned_isCappedAt21() {
    String digits = "-" + "1".repeat(38);
    assertThat(ItemSize.numberBytes(digits + "0")).isEqualTo(21); // e 38, even
    assertThat(ItemSize.numberBytes(digits)).isEqualTo(21); // e 37: 1 + 19 + sign = 21
    assertThat(ItemSize.numberBytes(new BigDecimal("1".repeat(38) + "0"))).isEqualTo(21);
  }

  // AWS DG item sizes: names and strings count UTF-8 bytes, so "é" is 2 and "€" 3 (dynalite
  // counts UTF-16 units and undercounts them).
  @Test
  void of_nonAsciiNameAndValue_countsUtf8Bytes() {
    var item = new LinkedHashMap<String, AttributeValue>();
    item.put("café", new AttributeValue.S("€\uD83D\uDE00")); // 5 + 3 + 4
    assertThat(ItemSize.of(item)).isEqualTo(12);
  }

  // AWS DG: an empty list or map is "(name) + (3 bytes)"; sets are their elements' sum.
  @Test
  void valueBytes_emptyContainersAndSets_followTheRules() {
    assertThat(ItemSize.valueBytes(new AttributeValue.L(List.of()))).isEqualTo(3);
    assertThat(ItemSize.valueBytes(new AttributeValue.M(Map.of()))).isEqualTo(3);
    assertThat(
            ItemSize.valueBytes(
                new AttributeValue.NS(
                    List.of(AttributeValue.N.of("1"), AttributeValue.N.of("-12.5")))))
        .isEqualTo(2 + 4);
    assertThat(
            ItemSize.valueBytes(
                new AttributeValue.L(
                    List.of(new AttributeValue.L(List.of(new AttributeValue.Null()))))))
        .isEqualTo(3 + 1 + 3 + 1 + 1);
  }

  // mhart/dynalite test/putItem.js with helpers.MAX_SIZE: 409,600 bytes is accepted, one more is
  // "Item size has exceeded the maximum allowed size".
  @Test
  void fits_at400KbBoundary_acceptsExactlyTheLimit() {
    var item = Map.<String, AttributeValue>of("a", new AttributeValue.S(chars(409_599)));
    assertThat(ItemSize.of(item)).isEqualTo(409_600);
    assertThat(ItemSize.fits(ItemSize.of(item))).isTrue();
    assertThat(ItemSize.fits(409_601)).isFalse();
  }
}
