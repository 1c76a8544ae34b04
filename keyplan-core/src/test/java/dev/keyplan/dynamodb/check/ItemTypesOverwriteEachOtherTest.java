package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ItemTypesOverwriteEachOther flags item types whose primary keys can be equal: PutItem replaces
 * the item with the same primary key, so two item types keyed alike (same literals, same attributes
 * in the same places) are one item, and an item type keyed without its entity's key overwrites its
 * own items (docs/model.md, "Rows that overwrite each other"). Each fix is applied in a near-miss
 * test, which must then report nothing.
 *
 * <p>The model: 1M orders (key order_id); 900,000 invoices, at most one per order (order_id is
 * unique among invoices); 5M order lines keyed by (order_id, line_no) over the 1M orders.
 */
final class ItemTypesOverwriteEachOtherTest {
  private final RuleTester tester = RuleTester.of(ItemTypesOverwriteEachOther.class);

  private static final String MODEL =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: uuid
            total: bigint
          key: [order_id]
          count: 1M
        Invoice:
          attributes:
            invoice_id: uuid
            order_id: {type: uuid, unique: true}
            amount: bigint
          key: [invoice_id]
          count: 900k
        Line:
          attributes:
            order_id: uuid
            line_no: int
            sku: {type: text, size: 8B}
          key: [order_id, line_no]
          count: 5M
          spread:
            order_id: {distinct: 1M}
      patterns:
        - id: place
          rate: 10/s
          insert: Order
        - id: bill
          rate: 9/s
          insert: Invoice
        - id: add-line
          rate: 50/s
          insert: Line
      dynamodb:
        tables:
          Shop:
            partition_key: PK
            sort_key: SK
            items:
              Order:
                keys: {PK: "O#{order_id}", SK: "{order_id}"}
      """;

  @Test
  void twoItemTypesWithTheSameTemplates_overwriteEachOther() {
    // Order and Invoice both write PK = "O#{order_id}", SK = "{order_id}": an invoice and its
    // order are one item. Order has D_A = 1,000,000 keys (its key), Invoice D_B = 900,000 (a unique
    // order_id, one per invoice), so up to min = 900,000 keys are shared: the model writes
    // 1,000,000 + 900,000 = 1,900,000 items; each type keeps min(N, D) = N of its own, so the
    // table keeps as few as 1,000,000 + 900,000 − 900,000 = 1,000,000.
    List<Finding> found =
        tester
            .model(
                MODEL
                    + """
              Invoice: # FINDING: ItemTypesOverwriteEachOther [error]: item types Order and Invoice of table Shop have the same primary key (PK = "O#{order_id}", SK = "{order_id}"): the 900,000 Invoice items are written over the 1,000,000 Order items with the same order_id, each write replacing the other type's item (up to 900,000 keys shared): the model writes 1,900,000 items, the table keeps as few as 1,000,000
                keys: {PK: "O#{order_id}", SK: "{order_id}"}
      """)
            .expectMarkedFindings();
    assertThat(found)
        .extracting(Finding::fix)
        .containsExactly(
            "give Invoice a literal of its own: SK = \"INVOICE#{order_id}\"; or key it by"
                + " Invoice's own key (invoice_id)");
  }

  @Test
  void theFix_aLiteralOfItsOwn_clearsTheFinding() {
    // The fix applied: SK = "INVOICE#{order_id}" starts with a literal the order's SK lacks, so no
    // invoice key equals an order key.
    tester
        .model(
            MODEL
                + """
              Invoice:
                keys: {PK: "O#{order_id}", SK: "INVOICE#{order_id}"}
      """)
        .expectMarkedFindings();
  }

  @Test
  void theSameShapeOverDifferentEntitiesIds_isNotAnOverwrite() {
    // Customer {id} and Product {id} are each the whole key of a different entity: two entities'
    // ids, not one value, so PK = "{id}", SK = "A" on both never writes the same item (issue 16,
    // Decisions: "not merely the same template shape over different entities' ids").
    tester
        .model(
            """
            model: ids
            horizon: 1y
            entities:
              Customer:
                attributes: {id: uuid, name: {type: text, size: 10B}}
                key: [id]
                count: 1k
              Product:
                attributes: {id: uuid, title: {type: text, size: 10B}}
                key: [id]
                count: 1k
            patterns:
              - {id: c, rate: 1/s, insert: Customer}
              - {id: p, rate: 1/s, insert: Product}
            dynamodb:
              tables:
                Things:
                  partition_key: PK
                  sort_key: SK
                  items:
                    Customer: {keys: {PK: "{id}", SK: A}}
                    Product: {keys: {PK: "{id}", SK: A}}
            """)
        .expectMarkedFindings();
  }

  @Test
  void anItemTypeWithoutItsEntitysKey_overwritesItsOwnItems() {
    // Line is keyed by (order_id, line_no) but its templates hold only order_id: the table keeps
    // one line per order, distinct(order_id) = 1,000,000 of the 5,000,000 lines written.
    List<Finding> found =
        tester
            .model(
                MODEL
                    + """
              Line: # FINDING: ItemTypesOverwriteEachOther [error]: item type Line of table Shop has the primary key (PK = "O#{order_id}", SK = "LINE"), which lacks line_no of Line's key: items with the same key values overwrite each other: the table keeps at most 1,000,000 items of the 5,000,000 Line items the model writes (one per distinct order_id)
                keys: {PK: "O#{order_id}", SK: LINE}
      """)
            .expectMarkedFindings();
    assertThat(found)
        .extracting(Finding::fix)
        .containsExactly(
            "add line_no to the key of Line: SK = \"LINE#{line_no}\"; if the item is meant to keep"
                + " only the latest value per key, model it as an entity of its own, keyed as the"
                + " item is");
  }

  @Test
  void theFix_theMissingKeyInTheSortKey_clearsTheFinding() {
    // SK = "LINE#{line_no}" with PK = "O#{order_id}": the templates hold the whole key.
    tester
        .model(
            MODEL
                + """
              Line:
                keys: {PK: "O#{order_id}", SK: "LINE#{line_no}"}
      """)
        .expectMarkedFindings();
  }

  @Test
  void aReferenceToAnotherEntitysId_isTheSameAttribute() {
    // Line's order_id is part of Line's key, not Line's own id: it holds the order's id, so
    // PK = "O#{order_id}", SK = "{order_id}" on a line writes over that order (and over the
    // order's other lines). Both findings: the line keyed without line_no, and the pair.
    // Order N_A = D_A = 1,000,000; Line N_B = 5,000,000 over D_B = distinct(order_id) =
    // 1,000,000 keys. The model writes 1,000,000 + 5,000,000 = 6,000,000 items; the table keeps as
    // few as min(N_A, D_A) + min(N_B, D_B) − min(D_A, D_B) = 1M + 1M − 1M = 1,000,000: every line
    // and its order collapse onto the order's key.
    List<Finding> found =
        tester
            .model(
                MODEL
                    + """
              Line:
                keys: {PK: "O#{order_id}", SK: "{order_id}"}
      """)
            .findings();
    assertThat(found)
        .extracting(Finding::message)
        .anySatisfy(m -> assertThat(m).contains("which lacks line_no of Line's key"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("item types Order and Line of table Shop have the same primary key")
                    .contains(
                        "the model writes 6,000,000 items, the table keeps as few as"
                            + " 1,000,000"))
        .hasSize(2);
  }

  @Test
  void aCopyOfAnotherEntitysAttribute_isTheSameAttribute_onATableWithoutSortKey() {
    // Settings.owner is declared copy_of User.user_id: "U#{owner}" and "U#{user_id}" produce the
    // same keys although the names differ. Users N_A = D_A = 10,000 (their key); settings
    // N_B = D_B = 8,000 (owner is unique). Counted 18,000; kept as few as 10,000 + 8,000 − 8,000
    // = 10,000. With no sort key, the fix prefixes the partition key.
    String model =
        """
        model: prefs
        horizon: 1y
        entities:
          User:
            attributes: {user_id: uuid, name: {type: text, size: 10B}}
            key: [user_id]
            count: 10k
          Settings:
            attributes:
              settings_id: uuid
              owner: {type: uuid, unique: true, copy_of: User.user_id}
              theme: {type: text, size: 5B}
            key: [settings_id]
            count: 8k
        patterns:
          - {id: u, rate: 1/s, insert: User}
          - {id: s, rate: 1/s, insert: Settings}
        dynamodb:
          tables:
            Prefs:
              partition_key: PK
              items:
                User: {keys: {PK: "U#{user_id}"}}
                Settings: {keys: {PK: "%s"}} # FINDING: ItemTypesOverwriteEachOther [error]: the 8,000 Settings items are written over the 10,000 User items with the same owner, each write replacing the other type's item (up to 8,000 keys shared): the model writes 18,000 items, the table keeps as few as 10,000
        """;
    List<Finding> found = tester.model(model.formatted("U#{owner}")).expectMarkedFindings();
    assertThat(found)
        .extracting(Finding::fix)
        .containsExactly(
            "give Settings a literal of its own: PK = \"SETTINGS#U#{owner}\"; or key it by"
                + " Settings's own key (settings_id)");
    // The fix applied: nothing left.
    assertThat(
            RuleTester.of(ItemTypesOverwriteEachOther.class)
                .model(model.formatted("SETTINGS#U#{owner}"))
                .findings())
        .isEmpty();
  }

  @Test
  void theSizingCountsTheItemsTheTableKeeps_inItemsStorageAndCost() {
    // Issue 16 §4: keyplan sized both colliding types whole. Order (1,000,000) and Invoice
    // (900,000) under PK = "O#{order_id}", SK = "{order_id}": the later type, Invoice, keeps its
    // 900,000 items and Order keeps 1,000,000 − 900,000 = 100,000, so the table holds 1,000,000
    // items (ItemOverwrites). Item sizes (name + value bytes, every attribute stored by default):
    // Order PK 2 + 38, SK 2 + 36, order_id 8 + 36, total 5 + 11 = 138 B; Invoice PK 40, SK 38,
    // invoice_id 10 + 36, order_id 44, amount 6 + 11 = 185 B. Storage adds 100 B an item:
    // 100,000 × 238 + 900,000 × 285 = 280,300,000 B, where both whole were 494,500,000 B.
    // Line keyed by its order alone (PK = "O#{order_id}", SK = LINE) keeps one item per order:
    // 1,000,000 of its 5,000,000 (D = 1,000,000 order_id values), each PK 40, SK 2 + 4, order_id
    // 44, line_no 7 + 6, sku 3 + 8 = 114 B, 214 B stored: +214,000,000 B.
    DynamoDbAnalysis a =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml",
                MODEL
                    + """
              Invoice:
                keys: {PK: "O#{order_id}", SK: "{order_id}"}
              Line:
                keys: {PK: "O#{order_id}", SK: LINE}
      """,
                Path.of(".")));
    DynamoDbTable shop = a.table("Shop").orElseThrow();
    assertThat(shop.items())
        .extracting(it -> it.name() + " " + it.bytes() + " B " + (long) it.rows())
        .containsExactly("Order 138 B 100000", "Invoice 185 B 900000", "Line 114 B 1000000");
    assertThat(shop.items())
        .extracting(it -> (long) it.writtenRows())
        .containsExactly(1_000_000L, 900_000L, 5_000_000L);
    DynamoDbSizing z = a.sizing().get("Shop");
    assertThat(z.items()).isEqualTo(2_000_000);
    assertThat(z.bytes()).isEqualTo(280_300_000 + 214_000_000);
    // The cost's storage is the same bytes: what is billed is what the table keeps.
    assertThat(a.cost("Shop").orElseThrow().storageBytes()).isEqualTo(z.bytes());
  }
}
