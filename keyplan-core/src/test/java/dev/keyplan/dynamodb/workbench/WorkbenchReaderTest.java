package dev.keyplan.dynamodb.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.workbench.WorkbenchIndex.Projection;
import dev.keyplan.dynamodb.workbench.WorkbenchTable.BillingMode;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Reads hand-written NoSQL Workbench models in the 1.0 and 3.0 layouts; the fixtures are listed in
 * src/test/resources/dynamodb/workbench/README.md.
 */
final class WorkbenchReaderTest {

  static String resource(String name) {
    try (InputStream in =
        WorkbenchReaderTest.class.getResourceAsStream("/dynamodb/workbench/" + name)) {
      if (in == null) {
        throw new AssertionError("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  static final String CUSTOMER_ORDERS = "CustomerOrders_1.0.json";

  private static WorkbenchModel customerOrders() {
    return WorkbenchReader.read(CUSTOMER_ORDERS, resource(CUSTOMER_ORDERS));
  }

  private static Location at(int line, int column) {
    return new Location(CUSTOMER_ORDERS, line, column);
  }

  private static List<String> names(List<AttributeDefinition> attributes) {
    return attributes.stream().map(AttributeDefinition::name).toList();
  }

  // CustomerOrders_1.0.json (hand-written, 2-space indent): ModelName line 2, ModelMetadata lines
  // 3-9 (Version "1.0" line 8, no AWSService), the one DataModel entry opens at line 11 column 5.
  // KeyAttributes lines 13-22: PartitionKey object at 14:25 ("PartitionKey" is 14 characters
  // after 8 spaces, then ": {"), SortKey at 18:20. NonKeyAttributes lines 23-52: seven objects
  // opening at column 9 on lines 24, 28, 32, 36, 40, 44 and 48.
  @Test
  void read_customerOrdersVersion1_readsModelAndTable() {
    WorkbenchModel model = customerOrders();

    assertThat(model.name()).isEqualTo("Customer orders");
    assertThat(model.version()).contains("1.0");
    assertThat(model.awsService()).isEmpty(); // the 1.0 layout has no AWSService
    assertThat(model.description())
        .contains(
            "Hand-written in the NoSQL Workbench 1.0 export"
                + " format for keyplan's tests: customers and their orders in one table.");
    assertThat(model.location()).isEqualTo(at(1, 1));
    assertThat(model.tables()).extracting(WorkbenchTable::name).containsExactly("CustomerOrders");

    WorkbenchTable table = model.table("CustomerOrders").orElseThrow();
    assertThat(table.location()).isEqualTo(at(11, 5));
    assertThat(table.partitionKey()).isEqualTo(new KeyAttribute("PK", "S", at(14, 25)));
    assertThat(table.sortKey()).contains(new KeyAttribute("SK", "S", at(18, 20)));
    assertThat(table.nonKeyAttributes())
        .containsExactly(
            new AttributeDefinition("GSI1PK", "S", at(24, 9)),
            new AttributeDefinition("name", "S", at(28, 9)),
            new AttributeDefinition("email", "S", at(32, 9)),
            new AttributeDefinition("tags", "SS", at(36, 9)),
            new AttributeDefinition("total", "N", at(40, 9)),
            new AttributeDefinition("status", "S", at(44, 9)),
            new AttributeDefinition("lines", "L", at(48, 9)));
    // PK and SK first, then the seven above.
    assertThat(names(table.attributes()))
        .containsExactly("PK", "SK", "GSI1PK", "name", "email", "tags", "total", "status", "lines");
    // No BillingMode, ProvisionedCapacitySettings, table-level TableData or LSIs in the file
    // (the 1.0 layout keeps sample items in the facets, lines 60-95 and 111-227).
    assertThat(table.billingMode()).isEmpty();
    assertThat(table.provisioned()).isEmpty();
    assertThat(table.tableData()).isEmpty();
    assertThat(table.lsis()).isEmpty();
  }

  // GlobalSecondaryIndexes, lines 239-252: GSI1 opens at 240:9, keyed on GSI1PK alone (its
  // PartitionKey object at 243:29; no SortKey), projection ALL (line 249). It answers "order by
  // id" without the customer id.
  @Test
  void read_customerOrdersVersion1_readsGsiKeyedOnOrderId() {
    WorkbenchTable table = customerOrders().tables().get(0);

    assertThat(table.gsis()).extracting(WorkbenchIndex::name).containsExactly("GSI1");
    WorkbenchIndex gsi1 = table.gsis().get(0);
    assertThat(gsi1.location()).isEqualTo(at(240, 9));
    assertThat(gsi1.partitionKeys()).containsExactly(new KeyAttribute("GSI1PK", "S", at(243, 29)));
    assertThat(gsi1.sortKeys()).isEmpty();
    assertThat(gsi1.projection()).isEqualTo(new Projection(Projection.Type.ALL, List.of()));
  }

  // TableFacets, lines 53-238. Customer opens at 54:9 (aliases lines 57-58, two items in its
  // TableData at lines 61-80 and 81-94, NonKeyAttributes lines 96-100); Order opens at 105:9
  // (aliases lines 108-109, three items at lines 112-145, 146-192 and 193-226,
  // NonKeyAttributes lines 228-233).
  @Test
  void read_customerOrdersVersion1_readsFacetsWithTheirSampleItems() {
    WorkbenchTable table = customerOrders().tables().get(0);

    assertThat(table.facets()).extracting(Facet::name).containsExactly("Customer", "Order");
    assertThat(table.facets()).extracting(f -> f.data().size()).containsExactly(2, 3);
    assertThat(table.allItems()).hasSize(5); // no table-level items, then 2 + 3

    Facet customer = table.facets().get(0);
    assertThat(customer.location()).isEqualTo(at(54, 9));
    assertThat(customer.partitionKeyAlias()).isEqualTo("C#<customer_id>");
    assertThat(customer.sortKeyAlias()).contains("PROFILE");
    assertThat(customer.nonKeyAttributes()).containsExactly("name", "email", "tags");
    Map<String, AttributeValue> ines = customer.data().get(0); // lines 61-80
    assertThat(ines.keySet()).containsExactly("PK", "SK", "name", "email", "tags");
    assertThat(ines.get("PK")).isEqualTo(new AttributeValue.S("C#7")); // line 63
    assertThat(ines.get("SK")).isEqualTo(new AttributeValue.S("PROFILE")); // line 66
    assertThat(ines.get("email")).isEqualTo(new AttributeValue.S("ines@example.com")); // line 72
    assertThat(ines.get("tags")) // String Set, lines 75-78
        .isEqualTo(new AttributeValue.SS(List.of("newsletter", "vip")));
    Map<String, AttributeValue> tomas = customer.data().get(1); // lines 81-94, no tags
    assertThat(tomas.keySet()).containsExactly("PK", "SK", "name", "email");
    assertThat(tomas.get("PK")).isEqualTo(new AttributeValue.S("C#8")); // line 83

    Facet order = table.facets().get(1);
    assertThat(order.location()).isEqualTo(at(105, 9));
    assertThat(order.partitionKeyAlias()).isEqualTo("C#<customer_id>");
    assertThat(order.sortKeyAlias()).contains("ORDER#<date>#<order_id>");
    assertThat(order.nonKeyAttributes()).containsExactly("GSI1PK", "total", "status", "lines");
    // Sort keys (lines 117, 151, 198) put one customer's orders in date order.
    assertThat(order.data())
        .extracting(i -> i.get("SK"))
        .containsExactly(
            new AttributeValue.S("ORDER#2026-10-12#1001"),
            new AttributeValue.S("ORDER#2026-10-14#1002"),
            new AttributeValue.S("ORDER#2026-10-15#1003"));
    // total: Numbers at lines 123, 157 and 204; status: lines 126, 160 and 207.
    assertThat(order.data())
        .extracting(i -> i.get("total"))
        .containsExactly(
            AttributeValue.N.of("40"), AttributeValue.N.of("90"), AttributeValue.N.of("12.5"));
    assertThat(order.data())
        .extracting(i -> i.get("status"))
        .containsExactly(
            new AttributeValue.S("shipped"),
            new AttributeValue.S("open"),
            new AttributeValue.S("open"));

    Map<String, AttributeValue> order1002 = order.data().get(1); // lines 146-192
    assertThat(order1002.keySet())
        .containsExactly("PK", "SK", "GSI1PK", "total", "status", "lines");
    assertThat(order1002.get("PK")).isEqualTo(new AttributeValue.S("C#7")); // line 148
    assertThat(order1002.get("GSI1PK")).isEqualTo(new AttributeValue.S("ORDER#1002")); // 154
    // lines: a List (lines 163-190) of two Maps, at lines 164-176 and 177-189.
    var lines = ((AttributeValue.L) order1002.get("lines")).elements();
    assertThat(lines)
        .hasSize(2)
        .allSatisfy(l -> assertThat(l).isInstanceOf(AttributeValue.M.class));
    Map<String, AttributeValue> lamp = ((AttributeValue.M) lines.get(0)).entries();
    assertThat(lamp.keySet()).containsExactly("sku", "qty", "price");
    assertThat(lamp.get("sku")).isEqualTo(new AttributeValue.S("LAMP-DESK")); // line 167
    assertThat(lamp.get("qty")).isEqualTo(AttributeValue.N.of("1")); // line 170
    assertThat(lamp.get("price")).isEqualTo(AttributeValue.N.of("50")); // line 173
    // 1 x 50 + 2 x 20 (lines 183, 186) is the order's total of 90.
    Map<String, AttributeValue> mugs = ((AttributeValue.M) lines.get(1)).entries();
    assertThat(mugs.get("qty")).isEqualTo(AttributeValue.N.of("2"));
    assertThat(mugs.get("price")).isEqualTo(AttributeValue.N.of("20"));
  }

  @Test
  void read_customerOrdersVersion1_valuesAreImmutable() {
    WorkbenchTable table = customerOrders().tables().get(0);
    var items = table.facets().get(0).data();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> items.get(0).remove("PK"))
        .isInstanceOf(UnsupportedOperationException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> table.gsis().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  // SessionStore_3.0.json is hand-written in the 3.0 layout (see the fixtures' README.md).
  @Test
  void read_version3File_readsServiceBillingCapacityAndTableData() {
    WorkbenchModel model =
        WorkbenchReader.read("SessionStore_3.0.json", resource("SessionStore_3.0.json"));

    assertThat(model.version()).contains("3.0");
    assertThat(model.awsService()).contains("Amazon DynamoDB");
    assertThat(model.tables())
        .extracting(WorkbenchTable::name)
        .containsExactly("sessions", "counters");

    WorkbenchTable sessions = model.tables().get(0);
    assertThat(sessions.tableData()).hasSize(3);
    assertThat(sessions.tableData().get(0).get("expires_at"))
        .isEqualTo(AttributeValue.N.of("1772442000"));
    // 3.0 facets carry empty TableData; their aliases are kept exactly as written.
    assertThat(sessions.facets()).extracting(f -> f.data().size()).containsExactly(0, 0);
    assertThat(sessions.facets().get(0).partitionKeyAlias()).isEqualTo("SESSION#{session_id}");
    assertThat(sessions.facets().get(1).sortKeyAlias()).contains("CHILD#{child_id}");
    WorkbenchIndex inverse = sessions.gsis().get(0);
    assertThat(inverse.partitionKeys()).extracting(KeyAttribute::name).containsExactly("SK");
    assertThat(inverse.sortKeys()).extracting(KeyAttribute::name).containsExactly("PK");
    assertThat(inverse.projection().type()).isEqualTo(Projection.Type.KEYS_ONLY);
    assertThat(sessions.billingMode()).contains(BillingMode.PROVISIONED);
    WorkbenchCapacity capacity = sessions.provisioned().orElseThrow();
    assertThat(capacity.readCapacityUnits()).isEqualTo(5);
    assertThat(capacity.writeCapacityUnits()).isEqualTo(2);
    assertThat(capacity.autoScalingRead()).contains(new WorkbenchCapacity.AutoScaling(1, 10, 70.0));
    assertThat(capacity.autoScalingWrite()).contains(new WorkbenchCapacity.AutoScaling(1, 4, 50.0));

    WorkbenchTable counters = model.tables().get(1);
    assertThat(counters.partitionKey().type()).isEqualTo("N");
    assertThat(counters.sortKey()).isEmpty();
    assertThat(counters.facets()).isEmpty();
    assertThat(counters.gsis()).isEmpty();
    assertThat(counters.billingMode()).contains(BillingMode.PAY_PER_REQUEST);
    assertThat(counters.provisioned()).isEmpty();
    assertThat(counters.tableData()).hasSize(1);
  }

  // The AWS guide's hand-edited example (workbench.Modeler.Edit) has no ModelMetadata at all.
  @Test
  void read_withoutMetadata_hasNoVersion() {
    WorkbenchModel model =
        WorkbenchReader.read(
            "m.json",
            """
        {"ModelName": "Music Library Data Model", "DataModel": [{"TableName": "Songs",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "Id", "AttributeType": "S"}}}]}
        """);
    assertThat(model.version()).isEmpty();
    assertThat(model.awsService()).isEmpty();
    assertThat(model.tables().get(0).nonKeyAttributes()).isEmpty();
  }

  // Unknown members are ignored because the format grows with each Workbench release.
  @Test
  void read_unknownMembers_areIgnored() {
    WorkbenchModel model =
        WorkbenchReader.read(
            "m.json",
            """
        {"ModelName": "M", "Future": [1, 2], "ModelMetadata": {"Version": "3.0", "Colour": 1},
         "DataModel": [{"TableName": "T", "AccessPatterns": [{"Name": "x"}],
           "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S",
             "Hint": "uuid"}}}]}
        """);
    assertThat(model.tables()).extracting(WorkbenchTable::name).containsExactly("T");
  }

  // INCLUDE and LocalSecondaryIndexes follow the CreateTable API shape; no public export with
  // either was found (docs/workbench-import.md).
  @Test
  void read_includeProjectionAndLsi_readsNonKeyAttributesAndLocalIndex() {
    WorkbenchTable table =
        WorkbenchReader.read(
                "m.json",
                """
        {"ModelName": "M", "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"},
                            "SortKey": {"AttributeName": "sk", "AttributeType": "S"}},
          "NonKeyAttributes": [{"AttributeName": "at", "AttributeType": "N"},
                               {"AttributeName": "g", "AttributeType": "S"}],
          "GlobalSecondaryIndexes": [{"IndexName": "byG",
            "KeyAttributes": {"PartitionKey": {"AttributeName": "g", "AttributeType": "S"}},
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["at", "extra"]}}],
          "LocalSecondaryIndexes": [{"IndexName": "byAt",
            "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"},
                              "SortKey": {"AttributeName": "at", "AttributeType": "N"}},
            "Projection": {"ProjectionType": "KEYS_ONLY"}}]}]}
        """)
            .tables()
            .get(0);

    WorkbenchIndex byG = table.gsis().get(0);
    assertThat(byG.sortKeys()).isEmpty();
    assertThat(byG.projection())
        .isEqualTo(new Projection(Projection.Type.INCLUDE, List.of("at", "extra")));
    WorkbenchIndex byAt = table.lsis().get(0);
    assertThat(byAt.sortKeys()).extracting(KeyAttribute::type).containsExactly("N");
    assertThat(table.sortKey()).isNotEqualTo(Optional.empty());
  }

  // A byte-order mark is skipped and does not shift columns.
  @Test
  void read_byteOrderMark_isSkipped() {
    WorkbenchModel model =
        WorkbenchReader.read("m.json", "\uFEFF{\"ModelName\": \"M\"," + " \"DataModel\": []}");
    assertThat(model.location()).isEqualTo(new Location("m.json", 1, 1));
    assertThat(model.tables()).isEmpty();
  }
}
