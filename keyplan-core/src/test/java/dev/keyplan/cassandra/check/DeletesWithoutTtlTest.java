package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class DeletesWithoutTtlTest {
  private final RuleTester tester = RuleTester.of(DeletesWithoutTtl.class);

  // Shopping carts: items are added and some are removed again. Over gc_grace_seconds g the
  // table gains (adds × g) rows and (removes × g) tombstones, so the tombstone ratio is
  // removes / adds; seed 003 says to alert above 20%.
  private static String model(String addItem, String removeRate) {
    return """
        model: carts
        horizon: 1y
        entities:
          CartItem:
            attributes:
              user_id: uuid
              item_id: uuid
              quantity: int
            key: [user_id, item_id]
            growth: 100/s
            spread:
              user_id: {distinct: 10M}
        patterns:
          - id: add-item
            rate: 100/s
        """
        + addItem
        + """
          - id: remove-item # FINDING marker goes here
            rate: %s
            delete: CartItem where user_id = ? and item_id = ?
        cassandra:
          schema: unused.cql
        """
            .formatted(removeRate);
  }

  private static final String CQL =
      """
      CREATE KEYSPACE carts WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE carts.items_by_user (user_id uuid, item_id uuid, quantity int,
        PRIMARY KEY ((user_id), item_id));
      """;

  private static final String INSERT = "    insert: CartItem\n";

  private static String flagged(String model, String marker) {
    return model.replace("# FINDING marker goes here", "# FINDING: DeletesWithoutTtl " + marker);
  }

  private static String unflagged(String model) {
    return model.replace(" # FINDING marker goes here", "");
  }

  @Test
  void removingThirtyPercentOfAddedItems_isFlagged() {
    // 30/s removed of 100/s added = 30% > 20% ⇒ warning.
    tester
        .model(flagged(model(INSERT, "30/s"), "[warning]: (30% of the 100/s inserted"))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void removingExactlyTwentyPercent_isNotAboveTheAlertRatio() {
    // Near miss: 20/s of 100/s = 20%, not above 20%.
    tester.model(unflagged(model(INSERT, "20/s"))).cql(CQL).expectMarkedFindings();
  }

  @Test
  void tableWithDefaultTimeToLive_isNotFlagged() {
    // The rows expire on their own (default_time_to_live = 30 days), so the deletes are not the
    // only way out; this rule is about rows that live forever unless deleted.
    tester
        .model(unflagged(model(INSERT, "30/s")))
        .cql(CQL.replace("item_id));", "item_id)) WITH default_time_to_live = 2592000;"))
        .expectMarkedFindings();
  }

  @Test
  void onlyTheTablesWithoutTtl_areNamed() {
    // The delete reaches both copies; items_by_item expires its rows (default_time_to_live =
    // 30 days), items_by_user does not, so only items_by_user is reported: 30% > 20% ⇒ warning.
    tester
        .model(flagged(model(INSERT, "30/s"), "[warning]: from items_by_user, which has no TTL"))
        .cql(
            CQL
                + """
            CREATE TABLE carts.items_by_item (item_id uuid, user_id uuid, quantity int,
              PRIMARY KEY ((item_id), user_id)) WITH default_time_to_live = 2592000;
            """)
        .expectMarkedFindings();
  }

  @Test
  void everyInsertSettingATtl_isNotFlagged() {
    // Every insert says USING TTL 30d, so every row has a TTL though the table has none.
    tester
        .model(unflagged(model("    insert: CartItem using ttl 30d\n", "30/s")))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void fixedSetOfRows_comparesTombstonesWithRows() {
    // No inserts: 1,000,000 coupons exist and are only deleted. 1/s × 864,000 s gc_grace_seconds
    // = 864,000 tombstones against 1,000,000 rows = 86.4% > 20% ⇒ warning. At 12/min = 0.2/s:
    // 0.2 × 864,000 = 172,800 = 17.3% ≤ 20%, not flagged.
    String model =
        """
        model: coupons
        horizon: 1y
        entities:
          Coupon:
            attributes:
              code: {type: text, size: 12B}
              value: int
            key: [code]
            count: 1M
        patterns:
          - id: redeem # FINDING: DeletesWithoutTtl [warning]: 864,000 tombstones over 864,000 s
            rate: 1/s
            delete: Coupon where code = ?
          - id: expire-unused
            rate: 12/min
            delete: Coupon where code = ?
        cassandra:
          schema: unused.cql
        """;
    tester
        .model(model)
        .cql(
            """
        CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE shop.coupons (code text PRIMARY KEY, value int);
        """)
        .expectMarkedFindings();
  }
}
