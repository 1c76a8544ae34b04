package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keyplan analyze} on the two store export formats, through the real CLI: a table export's
 * DynamoDB JSON lines (shaped as the AWS Developer Guide's "DynamoDB table export output format"
 * shows them,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/S3DataExport.Output.html) and
 * mongoexport's relaxed Extended JSON lines (as "mongoexport Behavior" shows them,
 * https://www.mongodb.com/docs/database-tools/mongoexport/mongoexport-behavior/). The values are
 * this test's own; each figure is derived by hand below, the sizes by the stores' own rules.
 */
class AnalyzeExportsCommandTest {
  @TempDir Path tmp;

  /** An Order entity looked up by customer (pk), and a Product looked up by its item name. */
  static final String MODEL =
      """
      model: exports
      horizon: 1y
      entities:
        Order:
          attributes:
            pk: {type: text, size: 3B}
            sk: {type: text, size: 3B}
            total: {type: decimal, size: 2B}
            note: {type: text, size: 9B}
          key: [pk, sk]
        Product:
          attributes:
            _id: {type: text, size: 24B}
            item: {type: text, size: 3B}
            qty: int
            price: double
          key: [_id]
      patterns:
        - id: orders-of-customer
          says: A customer's orders
          rate: 10/s
          query: Order where pk = ?
        - id: products-by-item
          says: Products of one item name
          rate: 10/s
          query: Product where item = ?
      """;

  /**
   * Four items of two customers. Item bytes by the Developer Guide's rules (name bytes + value
   * bytes; a number 1 + ⌈n/2⌉ bytes for n significant digits, ItemSize): pk 2 + 3 = 5, sk 2 + 3 =
   * 5, total 5 + 2 = 7: 17 bytes; the second item's note adds 4 + 9 = 13: 30 bytes.
   */
  static final String TABLE_EXPORT =
      """
      {"Item":{"pk":{"S":"C#1"},"sk":{"S":"O#1"},"total":{"N":"5"}}}
      {"Item":{"pk":{"S":"C#1"},"sk":{"S":"O#2"},"total":{"N":"7"},"note":{"S":"gift wrap"}}}
      {"Item":{"pk":{"S":"C#2"},"sk":{"S":"O#3"},"total":{"N":"9"}}}
      {"Item":{"pk":{"S":"C#1"},"sk":{"S":"O#4"},"total":{"N":"3"}}}
      """;

  /**
   * Three documents. BSON bytes (https://bsonspec.org/spec.html): 4 (length) + elements + 1
   * (terminator); _id an ObjectId 1 + 4 ("_id\0") + 12 = 17; item a string 1 + 5 ("item\0") + 4 + 3
   * + 1 = 14; qty an int32 (relaxed 25 is an int) 1 + 4 + 4 = 9: 4 + 17 + 14 + 9 + 1 = 45; the
   * third's price a double 1 + 6 + 8 = 15 more: 60.
   */
  static final String MONGOEXPORT =
      """
      {"_id":{"$oid":"5f0000000000000000000001"},"item":"tea","qty":25}
      {"_id":{"$oid":"5f0000000000000000000002"},"item":"tea","qty":5}
      {"_id":{"$oid":"5f0000000000000000000003"},"item":"jam","qty":7,"price":2.5}
      """;

  private String write(String name, String text) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p.toString();
  }

  private String gzip(String name, String text) throws IOException {
    Path p = tmp.resolve(name);
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return p.toString();
  }

  private JsonNode json(String... args) throws IOException {
    CliRun run = CliRun.of(args);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    return new ObjectMapper().readTree(run.out());
  }

  @Test
  void tableExport_itemBytesAreTheItemsOwn() throws IOException {
    String model = write("exports.yaml", MODEL);
    String data = write("export.json", TABLE_EXPORT);
    JsonNode j = json("analyze", model, "--entity", "Order", data, "--format", "json");
    assertDynamoDbFigures(j);
    assertThat(j.get("data").get("format").asText()).isEqualTo("dynamodb-json");
    assertThat(j.get("data").get("files").get(0).asText()).isEqualTo(data);
  }

  @Test
  void tableExport_gzipGivesTheSameFigures() throws IOException {
    String model = write("exports.yaml", MODEL);
    // A table export's data files are data/*.json.gz: found by the gzip bytes and the first line.
    String data = gzip("part-0001.json.gz", TABLE_EXPORT);
    assertDynamoDbFigures(json("analyze", model, "--entity", "Order", data, "--format", "json"));
  }

  private static void assertDynamoDbFigures(JsonNode j) {
    assertThat(j.get("data").get("rows").asLong()).isEqualTo(4);
    // Every name of the export is an attribute; the reserved size field is no column.
    assertThat(j.get("data").get("unmappedColumns")).isEmpty();
    assertThat(j.get("data").get("columns").toString()).doesNotContain("$keyplan_bytes");
    // The key pk: C#1 holds 3 of 4 items.
    JsonNode pk = j.get("keys").get(0);
    assertThat(pk.get("attributes").toString()).isEqualTo("[\"pk\"]");
    assertThat(pk.get("distinct").asLong()).isEqualTo(2);
    assertThat(pk.get("busiestShare").asDouble()).isCloseTo(0.75, within(1e-12));
    assertThat(pk.get("top").get(0).get("value").asText()).isEqualTo("C#1");
    // Bytes per key value: C#1 holds 17 + 30 + 17 = 64 item bytes, C#2 17.
    assertThat(pk.get("bytesPerValue").get("max").asLong()).isEqualTo(64);
    JsonNode sizes = j.get("rowSizes");
    assertThat(sizes.get("nativeSize").asText()).isEqualTo("itemBytes");
    // 17, 30, 17, 17: the median an observed 17, the largest 30. As text, total "5" would count 1
    // byte, not the number's 2: 16 and 29.
    assertThat(sizes.get("itemBytes").get("p50").asLong()).isEqualTo(17);
    assertThat(sizes.get("itemBytes").get("max").asLong()).isEqualTo(30);
    // BSON bytes stay worked out from the values as text: 4 + Σ (7 + name + value) + 1; the
    // second item: pk 7 + 2 + 3 = 12, sk 12, total 7 + 5 + 1 = 13, note 7 + 4 + 9 = 20: 62.
    assertThat(sizes.get("documentBytes").get("max").asLong()).isEqualTo(62);
    assertThat(j.get("notes").toString()).contains("Item bytes are each item's own size");
  }

  @Test
  void mongoexport_documentBytesAreTheDocumentsOwn() throws IOException {
    String model = write("exports.yaml", MODEL);
    String data = write("products.json", MONGOEXPORT);
    JsonNode j = json("analyze", model, "--entity", "Product", data, "--format", "json");
    assertThat(j.get("data").get("format").asText()).isEqualTo("mongoexport");
    assertThat(j.get("data").get("rows").asLong()).isEqualTo(3);
    assertThat(j.get("data").get("unmappedColumns")).isEmpty();
    // The key item: tea holds 2 of 3 documents.
    JsonNode item = j.get("keys").get(0);
    assertThat(item.get("attributes").toString()).isEqualTo("[\"item\"]");
    assertThat(item.get("distinct").asLong()).isEqualTo(2);
    assertThat(item.get("busiestShare").asDouble()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(item.get("top").get(0).get("value").asText()).isEqualTo("tea");
    // _id converts to its 24 hex digits: three distinct values, each once.
    JsonNode id = j.get("keys").get(1);
    assertThat(id.get("attributes").toString()).isEqualTo("[\"_id\"]");
    assertThat(id.get("distinct").asLong()).isEqualTo(3);
    JsonNode sizes = j.get("rowSizes");
    assertThat(sizes.get("nativeSize").asText()).isEqualTo("documentBytes");
    // 45, 45, 60. From the text, the first would count 4 + (7 + 3 + 24) + (7 + 4 + 3) + (7 + 3 +
    // 2) + 1 = 65.
    assertThat(sizes.get("documentBytes").get("p50").asLong()).isEqualTo(45);
    assertThat(sizes.get("documentBytes").get("max").asLong()).isEqualTo(60);
    // Item bytes stay worked out from the text: the third, _id 3 + 24, item 4 + 3, qty 3 + 1,
    // price 5 + 3 ("2.5"): 46.
    assertThat(sizes.get("itemBytes").get("max").asLong()).isEqualTo(46);
  }

  @Test
  void mongoexport_gzipGivesTheSameFigures() throws IOException {
    String model = write("exports.yaml", MODEL);
    String data = gzip("products.json.gz", MONGOEXPORT);
    JsonNode j = json("analyze", model, "--entity", "Product", data, "--format", "json");
    assertThat(j.get("data").get("rows").asLong()).isEqualTo(3);
    assertThat(j.get("rowSizes").get("documentBytes").get("max").asLong()).isEqualTo(60);
  }

  @Test
  void text_namesTheExportsOwnSize() throws IOException {
    String model = write("exports.yaml", MODEL);
    String data = write("export.json", TABLE_EXPORT);
    CliRun run = CliRun.of("analyze", model, "--entity", "Order", data);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    assertThat(run.out())
        .contains("Entity Order: 4 rows from 1 file (dynamodb-json; engine duckdb)")
        .contains("item (export)");
  }

  @Test
  void maxBadRows_countsTheConversionsBadLines() throws IOException {
    String model = write("exports.yaml", MODEL);
    // Line 3 has no type descriptor: skipped and counted with --max-bad-rows 1, an error without.
    String data =
        write(
            "export.json",
            TABLE_EXPORT.lines().limit(2).map(l -> l + "\n").reduce("", String::concat)
                + "{\"Item\":{\"pk\":\"C#3\"}}\n");
    CliRun refused = CliRun.of("analyze", model, "--entity", "Order", data);
    assertThat(refused.exitCode()).isEqualTo(2);
    // {"Item":{"pk": is 14 characters: the bare string is at 15.
    assertThat(refused.err()).startsWith(data + ":3:15: error: ");
    JsonNode j =
        json(
            "analyze", model, "--entity", "Order", data, "--max-bad-rows", "1", "--format", "json");
    assertThat(j.get("data").get("rows").asLong()).isEqualTo(2);
    assertThat(j.get("data").get("badRows").asLong()).isEqualTo(1);
    assertThat(j.get("notes").toString()).contains("1 bad line(s) of the export skipped");
  }

  @Test
  void newModel_fromATableExport_takesTheExportsOwnTypes_overEveryFile() throws IOException {
    // total is N in both files: whole numbers in the first, 7.5 in the second, so decimal (a
    // DynamoDB number has up to 38 digits); count an N always whole, so bigint; flag a BOOL; tags
    // an SS; gone is NULL on every item, so no row holds a value and it is left as a comment.
    String a =
        write(
            "part-1.json",
            """
            {"Item":{"pk":{"S":"C#1"},"total":{"N":"5"},"count":{"N":"2"},"flag":{"BOOL":true},"gone":{"NULL":true}}}
            {"Item":{"pk":{"S":"C#2"},"total":{"N":"9"},"count":{"N":"4"},"tags":{"SS":["a","b"]},"gone":{"NULL":true}}}
            """);
    String b =
        gzip(
            "part-2.json.gz",
            """
            {"Item":{"pk":{"S":"C#3"},"total":{"N":"7.5"},"count":{"N":"1"},"gone":{"NULL":true}}}
            """);
    Path model = tmp.resolve("orders.yaml");
    CliRun run = CliRun.of("analyze", "--new", model.toString(), "--entity", "Order", a, b);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    String text = Files.readString(model);
    assertThat(text)
        .contains("      pk: {type: text, size: 3B, time_ordered: true}")
        .contains("      total: {type: decimal, size: ")
        .contains("      count: bigint\n")
        .contains("      flag: {type: boolean, present: 33.3%}")
        // A collection's size is its value's text as the converted line holds it: ["a","b"], 9 B.
        .contains("      tags: {type: set<text>, size: 9B, items: 2, present: 33.3%}")
        .contains("      # gone: text  # no row of the data holds a value")
        .contains("    key: [pk]");
  }

  @Test
  void newModel_fromMongoexport_readsDatesAndLongsAsTheirTypes() throws IOException {
    // qty: relaxed mongoexport writes a long that fits 32 bits as a plain number (an int), and
    // 12345678901 as a long: bigint. at: a $date in every document, a timestamp.
    String data =
        write(
            "products.json",
            """
            {"_id":{"$oid":"5f0000000000000000000001"},"qty":25,"at":{"$date":"2026-12-01T10:00:00Z"}}
            {"_id":{"$oid":"5f0000000000000000000002"},"qty":12345678901,"at":{"$date":"2026-12-01T11:00:00Z"}}
            """);
    Path model = tmp.resolve("products.yaml");
    CliRun run =
        CliRun.of(
            "analyze", "--new", model.toString(), "--entity", "Product", data, "--map", "_id=id");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    assertThat(Files.readString(model))
        .contains("      id: {type: text, size: 24B")
        .contains("      qty: {type: bigint,")
        .contains("      at: {type: timestamp,");
  }
}
