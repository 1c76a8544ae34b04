package dev.keyplan.dynamodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.workbench.Facet;
import dev.keyplan.dynamodb.workbench.KeyAttribute;
import dev.keyplan.dynamodb.workbench.WorkbenchIndex;
import dev.keyplan.dynamodb.workbench.WorkbenchModel;
import dev.keyplan.dynamodb.workbench.WorkbenchReader;
import dev.keyplan.dynamodb.workbench.WorkbenchTable;
import java.io.IOException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The NoSQL Workbench export, read back by keyplan's own {@link WorkbenchReader} (which checks the
 * Version 1.0 and 3.0 layouts, see docs/workbench-import.md) and as plain JSON for the members the
 * reader ignores. Member names follow the exported model format described in
 * shared/notes/dynamodb.md §1.2 and the AWS DG Workbench pages
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/workbench.Modeler.html).
 */
final class WorkbenchJsonTest {
  private static final LocalDateTime DATE = LocalDateTime.of(2023, 1, 12, 10, 14);

  private static String export(String model) {
    return WorkbenchJson.emit(Designs.analyze(model), DATE);
  }

  private static WorkbenchModel read(String model) {
    return WorkbenchReader.read("export.json", export(model));
  }

  private static List<String> names(List<KeyAttribute> keys) {
    return keys.stream().map(k -> k.name() + " " + k.type()).toList();
  }

  @Test
  void export_readsBack_asVersion3ForDynamoDb() {
    WorkbenchModel m = read(Designs.SHOP);
    // ModelMetadata.Version "3.0" and AWSService "Amazon DynamoDB": without them Workbench 3.x
    // refuses the file with "Invalid version" (notes §1.2, "Versioning pitfall").
    assertThat(m.name()).isEqualTo("shop");
    assertThat(m.version()).contains("3.0");
    assertThat(m.awsService()).contains("Amazon DynamoDB");
    assertThat(m.tables()).extracting(WorkbenchTable::name).containsExactly("AppTable", "Sessions");
  }

  @Test
  void tableKeys_andCapacity_readBack() {
    WorkbenchModel m = read(Designs.SHOP);
    WorkbenchTable app = m.table("AppTable").orElseThrow();
    // KeyAttributes.PartitionKey / SortKey: {AttributeName, AttributeType}.
    assertThat(app.partitionKey().name()).isEqualTo("PK");
    assertThat(app.sortKey().orElseThrow().name()).isEqualTo("SK");
    // BillingMode PROVISIONED with ProvisionedCapacitySettings.ProvisionedThroughput.
    assertThat(app.billingMode()).contains(WorkbenchTable.BillingMode.PROVISIONED);
    assertThat(app.provisioned().orElseThrow().readCapacityUnits()).isEqualTo(100);
    assertThat(app.provisioned().orElseThrow().writeCapacityUnits()).isEqualTo(50);
    WorkbenchTable sessions = m.table("Sessions").orElseThrow();
    assertThat(sessions.sortKey()).isEmpty();
    assertThat(sessions.billingMode()).contains(WorkbenchTable.BillingMode.PAY_PER_REQUEST);
    assertThat(sessions.provisioned()).isEmpty();
  }

  @Test
  void nonKeyAttributes_declareEveryAttributeItemsHold_withItsType() {
    WorkbenchTable app = read(Designs.SHOP).table("AppTable").orElseThrow();
    // NonKeyAttributes: [{AttributeName, AttributeType}], index keys among them. GSI1PK is N (a
    // bare int placeholder), total N (decimal), score N (int); the Match key parts are S.
    assertThat(app.nonKeyAttributes())
        .extracting(a -> a.name() + " " + a.type())
        .containsExactly(
            "name S",
            "tier S",
            "GSI1PK N",
            "GSI1SK S",
            "order_date S",
            "total N",
            "status S",
            "tournament_id S",
            "region S",
            "round S",
            "match_id S",
            "score N");
    // The TTL attribute is stored as N, epoch seconds, as DynamoDB TTL requires.
    assertThat(read(Designs.SHOP).table("Sessions").orElseThrow().nonKeyAttributes())
        .extracting(a -> a.name() + " " + a.type())
        .containsExactly("user_id S", "expires_at N");
  }

  @Test
  void facets_areTheItemTypes_withTheirKeyTemplatesAsAliases() {
    WorkbenchTable app = read(Designs.SHOP).table("AppTable").orElseThrow();
    // TableFacets[]: FacetName, KeyAttributeAlias {PartitionKeyAlias, SortKeyAlias},
    // NonKeyAttributes.
    assertThat(app.facets()).extracting(Facet::name).containsExactly("Customer", "Order", "Match");
    Facet order = app.facets().get(1);
    assertThat(order.partitionKeyAlias()).isEqualTo("C#{customer_id}");
    assertThat(order.sortKeyAlias()).contains("ORDER#{order_id}");
    assertThat(order.nonKeyAttributes())
        .containsExactly("GSI1PK", "GSI1SK", "order_date", "total", "status");
    // Version 3.0 keeps sample items at table level; facets carry empty TableData.
    assertThat(order.data()).isEmpty();
    assertThat(app.facets().get(2).partitionKeyAlias()).isEqualTo("M#{match_id}#{shard:4}");
    // A table without a sort key has no SortKeyAlias.
    assertThat(read(Designs.SHOP).table("Sessions").orElseThrow().facets().get(0).sortKeyAlias())
        .isEmpty();
  }

  @Test
  void indexes_readBack_andAMultiAttributeGsiIsLeftOutAndNamed() throws IOException {
    WorkbenchTable app = read(Designs.SHOP).table("AppTable").orElseThrow();
    // GlobalSecondaryIndexes[]: IndexName, KeyAttributes {PartitionKey, SortKey}, Projection.
    assertThat(app.gsis()).extracting(WorkbenchIndex::name).containsExactly("GSI1");
    WorkbenchIndex gsi1 = app.gsis().get(0);
    assertThat(names(gsi1.partitionKeys())).containsExactly("GSI1PK N");
    assertThat(names(gsi1.sortKeys())).containsExactly("GSI1SK S");
    assertThat(gsi1.projection().type()).isEqualTo(WorkbenchIndex.Projection.Type.INCLUDE);
    assertThat(gsi1.projection().nonKeyAttributes()).containsExactly("total", "status");
    // LocalSecondaryIndexes[], in the GSI shape with the table's partition key.
    assertThat(app.lsis()).hasSize(1);
    assertThat(names(app.lsis().get(0).partitionKeys())).containsExactly("PK S");
    assertThat(names(app.lsis().get(0).sortKeys())).containsExactly("order_date S");
    // ByTournament has two partition and two sort attributes; an index holds one PartitionKey
    // object, so it is not exported, and the model's Description says so.
    JsonNode meta = new ObjectMapper().readTree(export(Designs.SHOP)).get("ModelMetadata");
    assertThat(meta.get("Description").asText())
        .endsWith(
            "Left out, having a multi-attribute key that this"
                + " format cannot hold: AppTable.ByTournament.");
  }

  @Test
  void sampleItems_areValidItems_withTheKeysOfTheirTemplates() {
    WorkbenchTable app = read(Designs.SHOP).table("AppTable").orElseThrow();
    // The reader parses each TableData item as DynamoDB JSON and checks the table key is present
    // with its declared type. 3 samples of each of the 3 item types.
    List<Map<String, AttributeValue>> items = app.tableData();
    assertThat(items).hasSize(9);
    Map<String, AttributeValue> customer = items.get(0);
    Map<String, AttributeValue> order = items.get(3);
    // Sample 1 of an order has the partition key of sample 1 of its customer: one item collection.
    assertThat(order.get("PK")).isEqualTo(customer.get("PK"));
    assertThat(((AttributeValue.S) customer.get("PK")).value())
        .matches("C#[0-9a-f]{8}-0000-4000-8000-000000000001");
    assertThat(customer.get("SK")).isEqualTo(new AttributeValue.S("PROFILE"));
    assertThat(customer.get("tier")).isEqualTo(new AttributeValue.S("free"));
    // GSI1PK is the bare int quantity: N "1"; total, a decimal: N "1.5".
    assertThat(order.get("GSI1PK")).isEqualTo(AttributeValue.N.of("1"));
    assertThat(order.get("total")).isEqualTo(AttributeValue.N.of("1.5"));
    assertThat(order.get("order_date")).isEqualTo(new AttributeValue.S("2024-01-01"));
    // {shard:4} is (n - 1) mod 4: 0, 1, 2 for the three matches.
    assertThat(items.subList(6, 9))
        .extracting(i -> ((AttributeValue.S) i.get("PK")).value())
        .allMatch(pk -> pk.startsWith("M#"))
        .extracting(pk -> pk.substring(pk.length() - 2))
        .containsExactly("#0", "#1", "#2");
  }

  @Test
  void ttlSamples_expireIn2100_soACommitDoesNotDeleteThem() {
    List<Map<String, AttributeValue>> sessions =
        read(Designs.SHOP).table("Sessions").orElseThrow().tableData();
    // 4,102,444,800 s is 2100-01-01T00:00:00Z; each later sample a day (86,400 s) later.
    assertThat(sessions)
        .extracting(i -> i.get("expires_at"))
        .containsExactly(
            AttributeValue.N.of("4102444800"),
            AttributeValue.N.of("4102531200"),
            AttributeValue.N.of("4102617600"));
  }

  @Test
  void itemTypeWithoutPlaceholders_hasOneSample() {
    // PK CONFIG / SK GLOBAL is the same key for every sample: the table holds one such item.
    String model =
        Designs.ONE_TABLE.replace(
            "keys: {PK: \"E#{event_id}\", SK: \"{at}\"}", "keys: {PK: CONFIG, SK: GLOBAL}");
    assertThat(read(model).tables().get(0).tableData()).hasSize(1);
  }

  @Test
  void metadata_hasTheGivenDate_inWorkbenchsFormat() throws IOException {
    JsonNode meta = new ObjectMapper().readTree(export(Designs.SHOP)).get("ModelMetadata");
    // DateCreated / DateLastModified as Workbench writes them: "Jan 12, 2023, 10:14 AM".
    assertThat(meta.get("DateCreated").asText()).isEqualTo("Jan 12, 2023, 10:14 AM");
    assertThat(meta.get("DateLastModified").asText()).isEqualTo("Jan 12, 2023, 10:14 AM");
    assertThat(meta.get("Author").asText()).isEqualTo("keyplan");
    assertThat(WorkbenchJson.emit(Designs.analyze(Designs.SHOP), WorkbenchJson.DEFAULT_DATE))
        .contains("\"DateCreated\": \"Jan 1, 2000, 12:00 AM\"");
  }

  @Test
  void everyTableAndFacet_hasDataAccess_andBillingMode() throws IOException {
    // DataAccess {"MySql": {}} and BillingMode on each table, which Workbench 3.0 expects (notes
    // §1.2).
    JsonNode dataModel = new ObjectMapper().readTree(export(Designs.SHOP)).get("DataModel");
    for (JsonNode t : dataModel) {
      assertThat(t.get("DataAccess").toString()).isEqualTo("{\"MySql\":{}}");
      assertThat(t.has("BillingMode")).isTrue();
      t.get("TableFacets")
          .forEach(f -> assertThat(f.get("DataAccess").toString()).isEqualTo("{\"MySql\":{}}"));
    }
  }

  @Test
  void sameItemTypeNameInTwoTables_getsFacetNamesPrefixedWithTheTable() {
    // Facet names must be unique across the model (AWS DG, workbench.Modeler.Edit).
    String model =
        Designs.SHOP.replace(
            "        Session:\n          keys:",
            "        Customer:\n          entity: Session\n          keys:");
    assertThat(model).contains("entity: Session");
    WorkbenchModel m = read(model);
    assertThat(m.table("AppTable").orElseThrow().facets().get(0).name())
        .isEqualTo("AppTable.Customer");
    assertThat(m.table("Sessions").orElseThrow().facets().get(0).name())
        .isEqualTo("Sessions.Customer");
  }

  @Test
  void sameDesignAndDate_giveTheSameBytes() {
    assertThat(export(Designs.SHOP))
        .isEqualTo(export(Designs.SHOP))
        .doesNotContain("\r")
        .endsWith("}\n");
  }
}
