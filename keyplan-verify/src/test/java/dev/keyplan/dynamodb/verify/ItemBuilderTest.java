package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The items keyplan verify writes are the items keyplan's analysis sizes. */
final class ItemBuilderTest {
  private final ItemBuilder builder = new ItemBuilder(new Filler(1));

  private static DynamoDbAnalysis analysis(String example) {
    return DynamoDbAnalyzer.analyze(ModelReader.read(Path.of("examples", example)));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "orders-dynamodb.yaml",
        "flash-sale.yaml",
        "flash-sale-sharded.yaml",
        "app-table.yaml",
        "appdata.yaml",
        "orders.yaml",
        "shop-workbench.yaml"
      })
  void everyItemTypeOfTheShippedExamples_isBuiltAtKeyplansSize(String example) {
    assertBuiltAtKeyplansSize(analysis(example));
  }

  @Test
  void everyDynamoDbType_isBuiltAtKeyplansSize() {
    // The coverage model's reading holds S, N, B, BOOL, L, M, SS, NS and BS values: 450 B.
    DynamoDbAnalysis a = DynamoDbAnalyzer.analyze(Examples.coverage());
    assertThat(Examples.item(a.tables().get(0), "Reading").bytes()).isEqualTo(450);
    assertBuiltAtKeyplansSize(a);
  }

  // An attribute stored under a name that is no identifier (docs/model.md, item types: name) is
  // written under that name, and the item keeps the size keyplan computed with it: "f#" (2 B) +
  // an int, 6 B, instead of "follower_count" (14 B) + 6 B.
  @Test
  void anAttributeWithAStoredName_isWrittenUnderIt_atKeyplansSize() {
    DynamoDbAnalysis a =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml",
                """
                model: social
                horizon: 1y
                entities:
                  User:
                    attributes:
                      user_id: uuid
                      follower_count: int
                    key: [user_id]
                    count: 1k
                patterns:
                  - id: user
                    rate: 1/s
                    query: User where user_id = ?
                dynamodb:
                  tables:
                    Users:
                      partition_key: user_id
                      items:
                        User:
                          keys: {}
                          attributes: {follower_count: {name: "f#", type: N}}
                """,
                Path.of(".")));
    DynamoDbTable t = a.tables().get(0);
    DynamoDbItem user = t.items().get(0);
    Map<String, AttributeValue> item =
        builder.item(t, user, new Instance(user.entity(), Map.of(), "r1", 0));
    assertThat(item).containsKey("f#").doesNotContainKey("follower_count");
    assertBuiltAtKeyplansSize(a);
  }

  private void assertBuiltAtKeyplansSize(DynamoDbAnalysis a) {
    for (DynamoDbTable t : a.tables()) {
      for (DynamoDbItem it : t.items()) {
        // The largest shard suffix: keyplan counts the digits of the largest.
        int shard = it.keys().values().stream().mapToInt(KeyTemplate::shards).max().orElse(1) - 1;
        Map<String, AttributeValue> item =
            builder.item(t, it, new Instance(it.entity(), Map.of(), "r1", shard));
        assertThat(SdkValues.size(item)).as("%s %s", t.name(), it.name()).isEqualTo(it.bytes());
        assertThat(item.keySet()).containsAll(t.primaryKey());
      }
    }
  }

  @Test
  void anOrder_isKeyedAsTheDesignSays_underItsCustomer() {
    DynamoDbAnalysis a = analysis("orders-dynamodb.yaml");
    DynamoDbTable t = a.tables().get(0);
    DynamoDbItem customer = t.items().get(0);
    DynamoDbItem order = t.items().get(1);
    Map<String, String> bound = Map.of("customer_id", "c7");
    Map<String, AttributeValue> c =
        builder.item(t, customer, new Instance(customer.entity(), bound, "r1", 0));
    Map<String, AttributeValue> o =
        builder.item(t, order, new Instance(order.entity(), bound, "r2", 0));
    // Seed 000's 2,880 B order: C#{customer_id} and the SK template, a 36-character uuid each.
    assertThat(c.get("PK").s()).startsWith("C#").hasSize(2 + 36).isEqualTo(o.get("PK").s());
    assertThat(c.get("SK").s()).isEqualTo("PROFILE");
    assertThat(o.get("SK").s()).startsWith("ORDER#").hasSize(6 + 10 + 1 + 36);
    assertThat(o.get("GSI1PK").s()).startsWith("O#");
    assertThat(o.get("lines").l()).hasSize(9);
  }

  @Test
  void aShardedKey_takesTheRowsShard() {
    DynamoDbAnalysis a = analysis("flash-sale-sharded.yaml");
    DynamoDbTable t = a.tables().get(0);
    DynamoDbItem sale = t.items().get(0);
    String pk = t.partitionKey().name();
    assertThat(builder.item(t, sale, new Instance(sale.entity(), Map.of(), "r1", 3)).get(pk).s())
        .endsWith("#3");
    assertThat(builder.item(t, sale, new Instance(sale.entity(), Map.of(), "r1", 13)).get(pk).s())
        .endsWith("#3");
  }

  @Test
  void anUpdatedRow_keepsItsKey_andChangesTheValue() {
    DynamoDbAnalysis a = analysis("orders-dynamodb.yaml");
    DynamoDbTable t = a.tables().get(0);
    DynamoDbItem order = t.items().get(1);
    Instance row = new Instance(order.entity(), Map.of(), "r1", 0);
    Instance after = row.with("status", "u1");
    assertThat(builder.primaryKey(t, order, after)).isEqualTo(builder.primaryKey(t, order, row));
    assertThat(builder.item(t, order, after).get("status"))
        .isNotEqualTo(builder.item(t, order, row).get("status"));
    assertThat(SdkValues.size(builder.item(t, order, after))).isEqualTo(order.bytes());
  }
}
