package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, silent acceptance: two imported indexes with one name. An engine keeps index names
 * unique (a MongoDB collection's, a DynamoDB table's), so a file with two is not what the engine
 * printed, and keeping either index would silently drop the other. Each is an error at the second
 * index, naming the first's line and column, through {@code keyplan check} on a copy of a shipped
 * example whose imported file is changed in that one respect.
 */
final class ImportedIndexNamesTest {

  private static Path copy(Path dir, String example) throws Exception {
    Path to = dir.resolve(example);
    Files.copy(Path.of("examples", example), to);
    return to;
  }

  // Hostile input: a getIndexes() file whose customers collection has two indexes named
  // "email_1" (examples/shop-mongodb-imported.yaml). The second name is written on line 5; its
  // member starts after 4 spaces and '{"v": 2, "key": {"email": -1}, ' (31 characters), so at
  // column 36; the first's at line 4, column 35 ('{"v": 2, "key": {"email": 1}, ' is 30).
  @Test
  void mongodb_getIndexes_twoIndexesWithOneName_isAnErrorAtTheSecond(@TempDir Path dir)
      throws Exception {
    Path model = copy(dir, "shop-mongodb-imported.yaml");
    Path indexes = dir.resolve("shop-mongodb-indexes.json");
    Files.writeString(
        indexes,
        "{\n"
            + "  \"customers\": [\n"
            + "    {\"v\": 2, \"key\": {\"_id\": 1}, \"name\": \"_id_\"},\n"
            + "    {\"v\": 2, \"key\": {\"email\": 1}, \"name\": \"email_1\"},\n"
            + "    {\"v\": 2, \"key\": {\"email\": -1}, \"name\": \"email_1\"}\n"
            + "  ]\n"
            + "}\n");
    CliRun run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            indexes
                + ":5:36: error: index name 'email_1' is used twice in one collection (first at"
                + " line 4, column 35); MongoDB keeps index names unique within a collection, so"
                + " one of the two is not what getIndexes() printed\n1 error\n");
  }

  // Hostile input: the NoSQL Workbench file of examples/shop-workbench.yaml with its second GSI
  // renamed from GSI2 to GSI1. The index objects open at line 439 and line 455, column 9.
  @Test
  void dynamodb_workbench_twoIndexesWithOneName_isAnErrorAtTheSecond(@TempDir Path dir)
      throws Exception {
    Path model = copy(dir, "shop-workbench.yaml");
    Path workbench = dir.resolve("shop-workbench.json");
    String original = Files.readString(Path.of("examples", "shop-workbench.json"));
    assertThat(original).containsOnlyOnce("\"IndexName\": \"GSI2\"");
    Files.writeString(
        workbench, original.replace("\"IndexName\": \"GSI2\"", "\"IndexName\": \"GSI1\""));
    CliRun run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .startsWith(
            workbench + ":455:9: error: duplicate index name 'GSI1' (first at line 439, column 9)");
  }

  // Hostile input: describe-table output whose two global indexes are both named GSI1, with the
  // model of keyplan-core's ImportedSchemaTest. Each index object opens at column 5 of its line,
  // the first on line 9, the second on line 11.
  @Test
  void dynamodb_describeTable_twoIndexesWithOneName_isAnErrorAtTheSecond(@TempDir Path dir)
      throws Exception {
    Path schema = dir.resolve("app-table.json");
    Files.writeString(
        schema,
        """
        {"Table": {
          "TableName": "AppTable",
          "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "GSI1PK", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
          "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
          "GlobalSecondaryIndexes": [
            {"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "GSI1", "KeySchema": [{"AttributeName": "SK", "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "ALL"}}
          ]
        }}
        """);
    Path model = dir.resolve("m.yaml");
    Files.writeString(
        model,
        """
        model: imported
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
            key: [order_id]
            count: 10M
        patterns:
          - id: order
            rate: 20/s
            query: Order where order_id = ?
        dynamodb:
          schema: app-table.json
          tables:
            AppTable:
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}", GSI1PK: "O#{order_id}"}
        """);
    CliRun run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            schema
                + ":11:5: error: duplicate index name 'GSI1' (first at line 9, column 5)\n1 error\n");
  }
}
