package dev.keyplan.dynamodb.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.input.InputException;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@code dynamodb:} section: what it reads, and every mistake reported at its line and column
 * with what was expected. Mistakes that need the whole design (a template for an attribute no key
 * has) are found when the design is bound, and reported the same way.
 */
final class DynamoDbSectionReaderTest {
  /** Lines 1–12 are the workload; the dynamodb section starts on line 13. */
  private static final String WORKLOAD =
      """
      model: m
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: {type: text, size: 10B}
            customer_id: {type: text, size: 10B}
            total: int
          key: [order_id]
      patterns:
        - {id: by-id, rate: 10/s, query: Order where order_id = ?}
        - {id: of-customer, rate: 10/s, query: Order where customer_id = ?}
      """;

  private static List<String> errors(String section) {
    try {
      Model m = ModelReader.read("m.yaml", WORKLOAD + section, Path.of("."));
      DynamoDbAnalyzer.analyze(m);
      return List.of();
    } catch (InputException e) {
      return e.diagnostics().stream().map(Object::toString).collect(Collectors.toList());
    }
  }

  @Test
  void aFullSection_isRead() {
    Model m =
        ModelReader.read(
            "m.yaml",
            WORKLOAD
                + """
        dynamodb:
          average_load: 40%
          tables:
            Shop:
              partition_key: PK
              sort_key: SK
              capacity: {read: 100, write: 50}
              ttl: expires_at
              stream: NEW_AND_OLD_IMAGES
              indexes:
                ByCustomer: {partition_key: [customer_id], sort_key: total, projection: [total], capacity: {read: 5, write: 5}}
                ByTotal: {local: true, sort_key: total, projection: KEYS_ONLY}
              items:
                Order: {keys: {PK: "O#{order_id}", SK: "O#{order_id}#{shard:4}"}, attributes: {total: {type: N, size: 3B}}}
          access:
            by-id: {via: Shop, operation: GetItem}
        """,
            Path.of("."));
    DynamoDbDesign d = m.design(DynamoDbDesign.class).orElseThrow();
    assertThat(d.averageLoad()).isEqualTo(0.4);
    DynamoDbDesign.Table t = d.tables().get(0);
    assertThat(t.billing().orElseThrow().onDemand()).isFalse();
    assertThat(t.billing().get().readUnits()).isEqualTo(100);
    assertThat(t.indexes())
        .extracting(DynamoDbDesign.Index::name)
        .containsExactly("ByCustomer", "ByTotal");
    assertThat(t.indexes().get(0).projection().include()).containsExactly("total");
    assertThat(t.indexes().get(1).local()).isTrue();
    KeyTemplate sk = t.items().get(0).keys().get("SK");
    assertThat(sk.attributes()).containsExactly("order_id");
    assertThat(sk.shards()).isEqualTo(4);
    assertThat(t.items().get(0).attributes().get(0).size().getAsLong()).isEqualTo(3);
    assertThat(d.access().get("by-id").operation()).contains("GetItem");
  }

  @Test
  void unknownKeys_andValues_getADidYouMean() {
    assertThat(
            errors(
                """
        dynamodb:
          tables:
            Shop:
              partition_key: PK
              stream: NEW_IMAGES
              capacty: on-demand
              items:
                Order: {keys: {PK: "O#{order_id}"}, attributes: {total: NUM}}
          access:
            by-idd: {operation: Get}
        """))
        .containsExactly(
            "m.yaml:17:15: error: expected a stream view type (NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY)"
                + " but found 'NEW_IMAGES'",
            "m.yaml:18:7: error: unknown key 'capacty' in table 'Shop' (did you mean 'capacity'?)",
            "m.yaml:20:65: error: unknown DynamoDB type 'NUM'; expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS",
            "m.yaml:22:5: error: no pattern with id 'by-idd' (did you mean 'by-id'?)",
            "m.yaml:22:25: error: expected GetItem, Query, Scan or BatchGetItem but found 'Get'");
  }

  @Test
  void keyTemplates_areCheckedAtTheirColumn() {
    // Line 20: `        Order: {keys: {PK: "O#{order_idd}#{shard:1}", SK: "{"}}`.
    assertThat(
            errors(
                """
        dynamodb:
          tables:
            Shop:
              partition_key: PK
              sort_key: SK
              items:
                Order: {keys: {PK: "O#{order_idd}#{shard:1}", SK: "{"}}
        """))
        .containsExactly(
            "m.yaml:19:32: error: entity 'Order' has no attribute 'order_idd' (did you mean 'order_id'?)",
            "m.yaml:19:44: error: expected {shard:N} with N from 2 to 1000 (the number of random suffix values)"
                + " but found '{shard:1}'",
            "m.yaml:19:60: error: '{' without '}' in key template '{'");
  }

  @Test
  void indexes_followDynamoDbsShapes() {
    assertThat(
            errors(
                """
        dynamodb:
          tables:
            Shop:
              partition_key: PK
              indexes:
                G1: {partition_key: [a, b, c, d, e]}
                Local1: {local: true, partition_key: X, sort_key: total}
                Global2: {sort_key: total, projection: []}
              items:
                Order: {keys: {PK: "O#{order_id}"}}
        """))
        .containsExactly(
            "m.yaml:18:9: error: an index name is 3 to 255 characters of A-Z, a-z, 0-9, '_', '.' and '-'; found 'G1'",
            "m.yaml:18:14: error: a global index key has at most 4 partition and 4 sort key attributes",
            "m.yaml:19:31: error: a local index shares the table's partition key; remove 'partition_key'",
            "m.yaml:20:9: error: missing 'partition_key': expected the index's partition key attribute(s)",
            "m.yaml:20:48: error: an INCLUDE projection lists at least one attribute");
  }

  @Test
  void binding_findsTemplatesForNoKeyAndKeysWithoutValue() {
    // The item fills GSI9PK, which no index has, and leaves the table's sort key empty; the
    // second item type types PK as N (a bare number) where the first made it a string.
    assertThat(
            errors(
                """
        dynamodb:
          tables:
            Shop:
              partition_key: PK
              sort_key: SK
              items:
                Order: {keys: {PK: "O#{order_id}", GSI9PK: "{customer_id}"}}
                Total: {entity: Order, keys: {PK: "{total}", SK: "T"}}
        """))
        .containsExactly(
            "m.yaml:19:9: error: item type 'Order' gives no value for the table's sort key 'SK': add it under 'keys:'"
                + " (such as SK: \"ORDER#{…}\")",
            "m.yaml:19:53: error: 'GSI9PK' is not a key attribute of table 'Shop' or its indexes; key attributes: PK, SK",
            "m.yaml:20:44: error: key attribute 'PK' is N here but S in item type 'Order'; DynamoDB declares one type per"
                + " key attribute");
  }

  @Test
  void capacityAndPins_mustFitTheDesign() {
    // An index capacity on an on-demand table, and a placeholder named like the shard suffix
    // (shard_id is read as an attribute, not as {shard:N}). The reader's errors come first: the
    // pin to an unknown index is found when the design is bound, in the second model.
    assertThat(
            errors(
                """
        dynamodb:
          tables:
            Shop:
              partition_key: PK
              indexes:
                ByCustomer: {partition_key: customer_id, capacity: {read: 5, write: 5}}
              items:
                Order: {keys: {PK: "{shard_id}"}}
          access:
            of-customer: {via: ByCustomr}
        """))
        .containsExactly(
            "m.yaml:18:60: error: index 'ByCustomer' sets capacity on an on-demand table; give the table {read: N,"
                + " write: N} to provision it, or remove the index's capacity",
            "m.yaml:20:30: error: entity 'Order' has no attribute 'shard_id'");
    assertThat(
            errors(
                """
        dynamodb:
          tables:
            Shop:
              partition_key: PK
              indexes:
                ByCustomer: {partition_key: customer_id}
              items:
                Order: {keys: {PK: "O#{order_id}"}}
          access:
            of-customer: {via: ByCustomr}
        """))
        .containsExactly(
            "m.yaml:22:5: error: 'of-customer' is pinned to 'ByCustomr', which is no table or index (did you mean"
                + " 'ByCustomer'?); known: Shop, ByCustomer");
  }

  @Test
  void aSectionWithoutTables_saysWhatItNeeds() {
    assertThat(errors("dynamodb:\n  table: t\n"))
        .containsExactly(
            "m.yaml:14:3: error: unknown key 'table' in the dynamodb design (did you mean 'tables'?)",
            "m.yaml:14:3: error: the dynamodb design needs 'tables:' (or 'schema:', a table definition file)");
  }
}
