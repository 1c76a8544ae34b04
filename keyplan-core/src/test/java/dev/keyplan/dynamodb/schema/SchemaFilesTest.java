package dev.keyplan.dynamodb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Index;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Table;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads the three formats of a {@code dynamodb: {schema: FILE}}: the hand-written fixtures of
 * src/test/resources/dynamodb/schema/ (see the README.md there) and the NoSQL Workbench fixtures of
 * src/test/resources/dynamodb/workbench/. Fixture positions are 1-based; the describe-table and
 * CreateTable fixtures are indented by 4 spaces per level, as the AWS CLI prints JSON.
 */
final class SchemaFilesTest {

  static String resource(String path) {
    try (InputStream in = SchemaFilesTest.class.getResourceAsStream("/dynamodb/" + path)) {
      if (in == null) {
        throw new AssertionError("missing test resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Reads {@code schema/NAME} (or {@code workbench/NAME}) under its bare name. */
  static List<ImportedTable> fixture(String path) {
    return SchemaFiles.read(Path.of(path).getFileName().toString(), resource(path));
  }

  private static Location at(String file, int line, int column) {
    return new Location(file, line, column);
  }

  private static final Optional<Billing> NO_CAPACITY = Optional.empty();

  @Test
  void read_describeTableOfOnDemandTable_keysGsiStreamFromTheFileAndZeroUnitsIgnored() {
    String f = "describe-table-on-demand.json";
    List<ImportedTable> tables = fixture("schema/" + f);

    assertThat(tables).hasSize(1);
    Table t = tables.get(0).table();
    assertThat(t.name()).isEqualTo("AppTable");
    // "Table" opens at 2:14: 4 spaces, "Table" (7 characters, columns 5-11), ": ".
    assertThat(t.location()).isEqualTo(at(f, 2, 14));
    assertThat(t.partitionKey()).contains("PK");
    assertThat(t.sortKey()).contains("SK");
    // The GSI's object opens at 48:13 (12 spaces).
    assertThat(t.indexes())
        .containsExactly(
            new Index(
                "GSI1",
                false,
                List.of("GSI1PK"),
                List.of("GSI1SK"),
                new Projection(Projection.Type.KEYS_ONLY, List.of()),
                NO_CAPACITY,
                at(f, 48, 13)));
    // On demand by BillingModeSummary (its value at 43:31: 8 spaces, "BillingModeSummary" is 20
    // characters, ": "); the 0-unit ProvisionedThroughput describe-table shows is not capacity.
    assertThat(t.billing()).contains(Billing.onDemand(at(f, 43, 31)));
    assertThat(t.stream()).contains("NEW_AND_OLD_IMAGES");
    assertThat(t.ttl()).isEmpty(); // describe-table has no TTL: that is describe-time-to-live
    assertThat(t.items()).isEmpty();
    assertThat(tables.get(0).attributeTypes())
        .containsExactly(
            Map.entry("PK", "S"),
            Map.entry("SK", "S"),
            Map.entry("GSI1PK", "S"),
            Map.entry("GSI1SK", "N"));
  }

  @Test
  void read_describeTableWithoutBillingSummary_isProvisioned_withItsLocalIndex() {
    String f = "describe-table-provisioned-lsi.json";
    Table t = fixture("schema/" + f).get(0).table();

    assertThat(t.name()).isEqualTo("Readings");
    assertThat(t.partitionKey()).contains("sensor_id");
    assertThat(t.sortKey()).contains("read_at");
    // No BillingModeSummary: provisioned, with the units of ProvisionedThroughput (its object at
    // 30:34: 8 spaces, "ProvisionedThroughput" is 23 characters, ": ").
    assertThat(t.billing()).contains(new Billing(false, 200, 150, at(f, 30, 34)));
    // A local index's partition key is the table's, so DynamoDbDesign leaves it out.
    assertThat(t.indexes())
        .containsExactly(
            new Index(
                "ByLevel",
                true,
                List.of(),
                List.of("level"),
                new Projection(Projection.Type.INCLUDE, List.of("unit")),
                NO_CAPACITY,
                at(f, 40, 13)));
    assertThat(t.stream()).isEmpty();
  }

  @Test
  void read_createTableInput_multiAttributeGsiKeysKeepTheirOrder_andIncludeListsItsAttributes() {
    String f = "create-table-multi-attribute-gsi.json";
    ImportedTable imported = fixture("schema/" + f).get(0);
    Table t = imported.table();

    assertThat(t.name()).isEqualTo("Tournaments");
    assertThat(t.location()).isEqualTo(at(f, 1, 1));
    assertThat(t.partitionKey()).contains("match_id");
    assertThat(t.sortKey()).isEmpty();
    // Two HASH then two RANGE elements, in the file's order: (tournament, region) (round,
    // played_at). The GSI's object opens at 33:9.
    assertThat(t.indexes())
        .containsExactly(
            new Index(
                "ByTournamentRegion",
                false,
                List.of("tournament", "region"),
                List.of("round", "played_at"),
                new Projection(Projection.Type.INCLUDE, List.of("winner", "score")),
                NO_CAPACITY,
                at(f, 33, 9)));
    // "BillingMode": "PAY_PER_REQUEST", its value at 31:20 (4 spaces, 13 characters, ": ").
    assertThat(t.billing()).contains(Billing.onDemand(at(f, 31, 20)));
    assertThat(t.stream()).isEmpty(); // "StreamEnabled": false
    assertThat(imported.attributeTypes()).containsEntry("played_at", "N").hasSize(5);
  }

  @Test
  void read_arrayOfDescribeTableAndCreateTableInput_readsBothInOrder() {
    String f = "tables-array.json";
    List<ImportedTable> tables = fixture("schema/" + f);

    assertThat(tables).extracting(t -> t.table().name()).containsExactly("Users", "Sessions");
    Table users = tables.get(0).table();
    assertThat(users.location()).isEqualTo(at(f, 3, 18));
    assertThat(users.billing()).contains(Billing.onDemand(at(f, 23, 35)));

    Table sessions = tables.get(1).table();
    assertThat(sessions.location()).isEqualTo(at(f, 28, 5));
    assertThat(sessions.billing()).contains(new Billing(false, 50, 20, at(f, 47, 34)));
    // A provisioned table's GSI has its own units: 63:42 is 16 spaces, "ProvisionedThroughput"
    // (23 characters), ": ".
    assertThat(sessions.indexes())
        .containsExactly(
            new Index(
                "ByUser",
                false,
                List.of("user_id"),
                List.of(),
                Projection.ALL,
                Optional.of(new Billing(false, 10, 20, at(f, 63, 42))),
                at(f, 52, 13)));
    assertThat(sessions.stream()).contains("KEYS_ONLY");
    assertThat(tables.get(1).attributeTypes())
        .containsExactly(Map.entry("session_id", "B"), Map.entry("user_id", "S"));
  }

  // CustomerOrders_1.0.json: the table's object at 11:5, GSI1 (keyed on GSI1PK alone) at 240:9.
  @Test
  void read_workbenchVersion1Model_keysAndGsiFromTheModel_andNoBillingModeLeavesCapacityOpen() {
    String f = "CustomerOrders_1.0.json";
    List<ImportedTable> tables = fixture("workbench/" + f);

    assertThat(tables).hasSize(1);
    Table t = tables.get(0).table();
    assertThat(t.name()).isEqualTo("CustomerOrders");
    assertThat(t.location()).isEqualTo(at(f, 11, 5));
    assertThat(t.partitionKey()).contains("PK");
    assertThat(t.sortKey()).contains("SK");
    assertThat(t.indexes())
        .containsExactly(
            new Index(
                "GSI1",
                false,
                List.of("GSI1PK"),
                List.of(),
                Projection.ALL,
                NO_CAPACITY,
                at(f, 240, 9)));
    // A 1.0 model has no BillingMode: the model's capacity: or the default (on demand) applies.
    assertThat(t.billing()).isEmpty();
    assertThat(t.ttl()).isEmpty();
    assertThat(t.stream()).isEmpty();
    assertThat(t.items()).isEmpty(); // facets are not item types: the model's items: say those
    // Only key attributes are declared types; the facets' non-key attributes (SS, L…) are not.
    assertThat(tables.get(0).attributeTypes())
        .containsExactly(Map.entry("PK", "S"), Map.entry("SK", "S"), Map.entry("GSI1PK", "S"));
  }

  // SessionStore_3.0.json: "sessions" at 12:5 (PROVISIONED, 5 read and 2 write units, with auto
  // scaling), its inverted GSI at 71:9; "counters" at 172:5 (PAY_PER_REQUEST).
  @Test
  void read_workbenchVersion3Model_provisionedUnitsAndOnDemand() {
    String f = "SessionStore_3.0.json";
    List<ImportedTable> tables = fixture("workbench/" + f);

    assertThat(tables).extracting(t -> t.table().name()).containsExactly("sessions", "counters");
    Table sessions = tables.get(0).table();
    assertThat(sessions.billing()).contains(new Billing(false, 5, 2, at(f, 12, 5)));
    assertThat(sessions.indexes())
        .containsExactly(
            new Index(
                "GSI1_inverse",
                false,
                List.of("SK"),
                List.of("PK"),
                new Projection(Projection.Type.KEYS_ONLY, List.of()),
                NO_CAPACITY,
                at(f, 71, 9)));
    Table counters = tables.get(1).table();
    assertThat(counters.partitionKey()).contains("counter_id");
    assertThat(counters.billing()).contains(Billing.onDemand(at(f, 172, 5)));
    assertThat(tables.get(1).attributeTypes()).containsExactly(Map.entry("counter_id", "N"));
  }

  @Test
  void read_workbenchLocalIndex_isLocalWithTheTablePartitionKeyLeftOut() {
    List<ImportedTable> tables =
        SchemaFiles.read(
            "m.json",
            """
        {"ModelName": "M", "DataModel": [{"TableName": "Events",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"},
                            "SortKey": {"AttributeName": "at", "AttributeType": "N"}},
          "NonKeyAttributes": [{"AttributeName": "kind", "AttributeType": "S"}],
          "LocalSecondaryIndexes": [{"IndexName": "ByKind",
            "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"},
                              "SortKey": {"AttributeName": "kind", "AttributeType": "S"}},
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["at"]}}],
          "BillingMode": "PAY_PER_REQUEST"}]}
        """);

    Index lsi = tables.get(0).table().indexes().get(0);
    assertThat(lsi.local()).isTrue();
    assertThat(lsi.partitionKey()).isEmpty();
    assertThat(lsi.sortKey()).containsExactly("kind");
    assertThat(lsi.projection()).isEqualTo(new Projection(Projection.Type.INCLUDE, List.of("at")));
    assertThat(tables.get(0).attributeTypes())
        .containsExactly(Map.entry("pk", "S"), Map.entry("at", "N"), Map.entry("kind", "S"));
  }

  @Test
  void read_bareTableDescription_isReadAsDescribeTableOutput() {
    // What `aws dynamodb describe-table --query Table` prints: no "Table" wrapper. TableStatus
    // marks it a description, so the 0 units of an on-demand table are not an error.
    List<ImportedTable> tables =
        SchemaFiles.read(
            "t.json",
            """
        {"TableName": "Users", "TableStatus": "ACTIVE",
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
         "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
         "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"}}
        """);

    assertThat(tables.get(0).table().billing().orElseThrow().onDemand()).isTrue();
  }

  @Test
  void read_createTableOutput_isReadThroughItsTableDescription() {
    // create-table prints {"TableDescription": …}.
    List<ImportedTable> tables =
        SchemaFiles.read(
            "t.json",
            """
        {"TableDescription": {"TableName": "Users", "TableStatus": "CREATING",
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "N"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
          "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 1}}}
        """);

    // The inner object opens at 1:22: "{" in column 1, "TableDescription" with its quotes in
    // columns 2-19, ": ". Line 4: 2 spaces, "ProvisionedThroughput" (23 characters), ": " → 28.
    assertThat(tables.get(0).table().location()).isEqualTo(at("t.json", 1, 22));
    assertThat(tables.get(0).table().billing())
        .contains(new Billing(false, 3, 1, at("t.json", 4, 28)));
    assertThat(tables.get(0).attributeTypes()).containsExactly(Map.entry("id", "N"));
  }

  @Test
  void read_createTableInputWithoutBillingMode_isProvisioned() {
    // CreateTable's BillingMode defaults to PROVISIONED, as in tables created before on-demand.
    List<ImportedTable> tables =
        SchemaFiles.read(
            "t.json",
            """
        {"TableName": "Music",
         "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"},
                                  {"AttributeName": "SongTitle", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"},
                       {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}
        """);

    // Line 6: 1 space, "ProvisionedThroughput" (23 characters, columns 2-24), ": " → column 27.
    assertThat(tables.get(0).table().billing())
        .contains(new Billing(false, 5, 5, at("t.json", 6, 27)));
    assertThat(tables.get(0).table().sortKey()).contains("SongTitle");
  }

  @Test
  void read_fileNamedYaml_isReadByItsContent(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("tables.yaml");
    Files.writeString(file, resource("schema/describe-table-on-demand.json"));

    List<ImportedTable> tables = SchemaFiles.read(file, Location.NONE);

    assertThat(tables.get(0).table().name()).isEqualTo("AppTable");
    assertThat(tables.get(0).table().location().file()).isEqualTo(file.toString());
  }
}
