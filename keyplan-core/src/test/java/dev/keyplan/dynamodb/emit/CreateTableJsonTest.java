package dev.keyplan.dynamodb.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CreateTable input, read back as JSON. Member names and shapes follow the CreateTable API
 * reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html
 * (request parameters), and the UpdateTimeToLive reference for TTL.
 */
final class CreateTableJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode tables(String model) throws IOException {
    return JSON.readTree(CreateTableJson.createTable(Designs.analyze(model)));
  }

  private static JsonNode table(String model, String name) throws IOException {
    for (JsonNode t : tables(model)) {
      if (t.get("TableName").asText().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no table " + name);
  }

  private static JsonNode index(JsonNode table, String member, String name) {
    for (JsonNode i : table.get(member)) {
      if (i.get("IndexName").asText().equals(name)) {
        return i;
      }
    }
    throw new AssertionError("no index " + name + " in " + member);
  }

  /** Returns a KeySchema as "attribute TYPE" strings, in order. */
  private static List<String> keys(JsonNode keySchema) {
    List<String> out = new ArrayList<>();
    keySchema.forEach(
        k -> out.add(k.get("AttributeName").asText() + " " + k.get("KeyType").asText()));
    return out;
  }

  /** Returns {@code m.yaml:line:column} of the first {@code needle} in {@code model}. */
  private static String at(String model, String needle) {
    int offset = model.indexOf(needle);
    int line = (int) model.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
    return "m.yaml:" + line + ":" + (offset - model.lastIndexOf('\n', offset - 1));
  }

  @Test
  void oneTable_isOneObject_readyForCliInputJson() throws IOException {
    // aws dynamodb create-table --cli-input-json takes one request object: a lone table is not
    // wrapped.
    JsonNode root = tables(Designs.ONE_TABLE);
    assertThat(root.isObject()).isTrue();
    assertThat(root.get("TableName").asText()).isEqualTo("Events");
  }

  @Test
  void tableWithSortKey_hasHashThenRange_andOnlyKeyAttributesDefined() throws IOException {
    JsonNode t = tables(Designs.ONE_TABLE);
    // KeySchema: the HASH element first, then RANGE (API_CreateTable, KeySchema).
    assertThat(keys(t.get("KeySchema"))).containsExactly("PK HASH", "SK RANGE");
    // AttributeDefinitions: "attributes that describe the key schema for the table and indexes",
    // so event_id and at, held inside the templates, are not defined.
    assertThat(t.get("AttributeDefinitions").toString())
        .isEqualTo(
            "[{\"AttributeName\":\"PK\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"}]");
    // BillingMode PAY_PER_REQUEST: on demand, so no ProvisionedThroughput.
    assertThat(t.get("BillingMode").asText()).isEqualTo("PAY_PER_REQUEST");
    assertThat(t.has("ProvisionedThroughput")).isFalse();
    assertThat(t.has("GlobalSecondaryIndexes")).isFalse();
    assertThat(t.has("StreamSpecification")).isFalse();
  }

  @Test
  void twoTables_areAnArrayOfRequests_inModelOrder() throws IOException {
    JsonNode root = tables(Designs.SHOP);
    assertThat(root.isArray()).isTrue();
    assertThat(root)
        .extracting(t -> t.get("TableName").asText())
        .containsExactly("AppTable", "Sessions");
    // Sessions: a partition key alone (API_CreateTable, KeySchema: one HASH element).
    assertThat(keys(root.get(1).get("KeySchema"))).containsExactly("session_id HASH");
  }

  @Test
  void attributeDefinitions_listEveryIndexKeyOnce_withItsType() throws IOException {
    JsonNode t = table(Designs.SHOP, "AppTable");
    List<String> defined = new ArrayList<>();
    t.get("AttributeDefinitions")
        .forEach(
            a ->
                defined.add(
                    a.get("AttributeName").asText() + " " + a.get("AttributeType").asText()));
    // AttributeType S, N or B (API_AttributeDefinition). GSI1PK is "{quantity}", a bare int
    // placeholder, so N; the date order_date keeps S; match_id, a key of both the table's
    // templates and ByTournament, is defined once.
    assertThat(defined)
        .containsExactly(
            "PK S",
            "SK S",
            "GSI1PK N",
            "GSI1SK S",
            "tournament_id S",
            "region S",
            "round S",
            "match_id S",
            "order_date S");
  }

  @Test
  void multiAttributeGsi_hasEveryHashThenEveryRange_inKeyOrder() throws IOException {
    // GlobalSecondaryIndex.KeySchema takes up to 4 partition and 4 sort attributes
    // (API_CreateGlobalSecondaryIndexAction; AWS DG, GSI.DesignPattern.MultiAttributeKeys).
    JsonNode gsi = index(table(Designs.SHOP, "AppTable"), "GlobalSecondaryIndexes", "ByTournament");
    assertThat(keys(gsi.get("KeySchema")))
        .containsExactly("tournament_id HASH", "region HASH", "round RANGE", "match_id RANGE");
    // Projection.ProjectionType KEYS_ONLY carries no NonKeyAttributes (API_Projection).
    assertThat(gsi.get("Projection").toString()).isEqualTo("{\"ProjectionType\":\"KEYS_ONLY\"}");
  }

  @Test
  void includeProjection_namesItsAttributes() throws IOException {
    JsonNode gsi = index(table(Designs.SHOP, "AppTable"), "GlobalSecondaryIndexes", "GSI1");
    assertThat(keys(gsi.get("KeySchema"))).containsExactly("GSI1PK HASH", "GSI1SK RANGE");
    // Projection: ProjectionType INCLUDE with NonKeyAttributes (API_Projection).
    assertThat(gsi.get("Projection").toString())
        .isEqualTo("{\"ProjectionType\":\"INCLUDE\",\"NonKeyAttributes\":[\"total\",\"status\"]}");
  }

  @Test
  void provisionedTable_andItsGsis_carryProvisionedThroughput() throws IOException {
    JsonNode t = table(Designs.SHOP, "AppTable");
    // BillingMode PROVISIONED requires ProvisionedThroughput (API_CreateTable, BillingMode).
    assertThat(t.get("BillingMode").asText()).isEqualTo("PROVISIONED");
    assertThat(t.get("ProvisionedThroughput").toString())
        .isEqualTo("{\"ReadCapacityUnits\":100,\"WriteCapacityUnits\":50}");
    // GlobalSecondaryIndex.ProvisionedThroughput: the index's own capacity.
    assertThat(index(t, "GlobalSecondaryIndexes", "GSI1").get("ProvisionedThroughput").toString())
        .isEqualTo("{\"ReadCapacityUnits\":20,\"WriteCapacityUnits\":10}");
    assertThat(
            index(t, "GlobalSecondaryIndexes", "ByTournament")
                .at("/ProvisionedThroughput/ReadCapacityUnits")
                .asLong())
        .isEqualTo(5);
  }

  @Test
  void lsi_sharesTheTablePartitionKey_andHasNoCapacity() throws IOException {
    JsonNode lsi = index(table(Designs.SHOP, "AppTable"), "LocalSecondaryIndexes", "ByDate");
    // LocalSecondaryIndex.KeySchema: the table's partition key as HASH, the index's sort key as
    // RANGE; an LSI has no ProvisionedThroughput member (API_LocalSecondaryIndex).
    assertThat(keys(lsi.get("KeySchema"))).containsExactly("PK HASH", "order_date RANGE");
    assertThat(lsi.get("Projection").get("ProjectionType").asText()).isEqualTo("ALL");
    assertThat(lsi.has("ProvisionedThroughput")).isFalse();
  }

  @Test
  void stream_isEnabledWithItsViewType() throws IOException {
    // StreamSpecification: StreamEnabled and StreamViewType (API_StreamSpecification).
    assertThat(table(Designs.SHOP, "AppTable").get("StreamSpecification").toString())
        .isEqualTo("{\"StreamEnabled\":true,\"StreamViewType\":\"NEW_AND_OLD_IMAGES\"}");
  }

  @Test
  void ttl_isNotInCreateTable_butInTheUpdateTimeToLiveInput() throws IOException {
    // CreateTable has no TTL parameter; UpdateTimeToLive takes TableName and
    // TimeToLiveSpecification {Enabled, AttributeName} (API_UpdateTimeToLive).
    assertThat(CreateTableJson.createTable(Designs.analyze(Designs.SHOP)))
        .doesNotContain("expires_at");
    String ttl = CreateTableJson.updateTimeToLive(Designs.analyze(Designs.SHOP)).orElseThrow();
    // Only Sessions has TTL: one request, an object.
    assertThat(JSON.readTree(ttl).toString())
        .isEqualTo(
            "{\"TableName\":\"Sessions\",\"TimeToLiveSpecification\":"
                + "{\"Enabled\":true,\"AttributeName\":\"expires_at\"}}");
    assertThat(CreateTableJson.updateTimeToLive(Designs.analyze(Designs.ONE_TABLE))).isEmpty();
  }

  @Test
  void sameDesign_givesTheSameBytes() {
    String first = CreateTableJson.createTable(Designs.analyze(Designs.SHOP));
    assertThat(CreateTableJson.createTable(Designs.analyze(Designs.SHOP))).isEqualTo(first);
    // The layout is fixed: two-space indent, "\n" line breaks whatever the platform, a final
    // newline.
    assertThat(first)
        .startsWith("[\n  {\n    \"TableName\": \"AppTable\",\n")
        .endsWith("]\n")
        .doesNotContain("\r");
  }

  @Test
  void provisionedGsiWithoutCapacity_isRejectedAtTheIndex_withTheNeededCapacity() {
    // The model's only patterns read Customer and Session through the tables' own keys, so GSI1
    // carries no load and needs the minimum: max(1, ceil(0 / 0.7)) = 1 read and 1 write unit.
    String model = Designs.SHOP.replace("          capacity: {read: 20, write: 10}\n", "");
    assertThatThrownBy(() -> CreateTableJson.createTable(Designs.analyze(model)))
        .isInstanceOf(InputException.class)
        .satisfies(
            e ->
                assertThat(((InputException) e).diagnostics())
                    .extracting(Diagnostic::toString)
                    .containsExactly(
                        at(model, "GSI1:")
                            + ": error: index 'GSI1' of provisioned table 'AppTable' has no"
                            + " capacity: CreateTable needs ProvisionedThroughput for every global"
                            + " index of a PROVISIONED table; add 'capacity:' to the index (such as"
                            + " capacity: {read: 1, write: 1}, the workload's peak at 70%"
                            + " utilisation)"));
  }

  @Test
  void onDemandGsiWithCapacity_isRejectedAtTheCapacity() {
    // Written in the model, the model reader rejects it already; the emitter's own check covers an
    // index capacity that comes from an imported schema file under a table the model makes on
    // demand.
    String model = Designs.SHOP.replace("capacity: {read: 100, write: 50}", "capacity: on-demand");
    assertThatThrownBy(() -> CreateTableJson.createTable(Designs.analyze(model)))
        .isInstanceOf(InputException.class)
        .satisfies(
            e ->
                assertThat(((InputException) e).diagnostics())
                    .extracting(Diagnostic::toString)
                    .first()
                    .asString()
                    .startsWith(
                        at(model, "{read: 20")
                            + ": error: index 'GSI1' sets capacity on an on-demand table"));
  }
}
