package dev.keyplan.check.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ScanOnHotPath flags every read pattern planned as a Scan: a warning, or an error when the Scan's
 * read units per second exceed the copy's ceiling (the 40,000 RCU/s default table-level quota, or
 * the read capacity a provisioned table sets).
 *
 * <p>A Scan sums the bytes of every item it evaluates and rounds once to 4 KB blocks, half a unit
 * each when eventually consistent (AWS DG, "Read and write operations"). The Order item below is
 * 1,068 B: PK 2 + "O#" and a 36-character uuid 38 = 40, order_id 8 + 36 = 44, customer_id 11 + 36 =
 * 47, order_date 10 + 10 = 20, status 6 + 7 (the values average 6.6 characters) = 13, body 4 + 900
 * = 904. A Setting item is name 4 + 20 + value 5 + 100 = 129 B.
 */
final class ScanOnHotPathTest {
  private final RuleTester tester = RuleTester.of(ScanOnHotPath.class);

  private static final String ENTITIES =
      """
      model: shop
      horizon: 1d
      entities:
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            order_date: date
            status: {type: text, values: [open, paid, shipped, delivered, cancelled]}
            body: {type: text, size: 900B}
          key: [order_id]
          count: 1M
        Setting:
          attributes:
            name: {type: text, size: 20B}
            value: {type: text, size: 100B}
          key: [name]
          count: 50
      """;

  @Test
  void scanOfAMillionOrders_overTheTableQuota_isError() {
    // open-orders has no order id, so the only path is a Scan of every order:
    //   bytes:  1,000,000 × 1,068 B = 1.068 GB; a page holds ⌈1,048,576 / 1,068⌉ = 982 items,
    //           1,048,776 B: 1,018 full pages and 346,032 B, 1,019 pages
    //   units:  each page billed on its own (issue 16 §3): 1,018 × ⌈256.05⌉ = 257 blocks, plus
    //           ⌈84.5⌉ = 85: 261,711 blocks × 0.5 = 130,855.5 RCU a request (rounded once the
    //           whole would be 260,743 blocks, 130,371.5 RCU)
    //   at 1/s: 130,856 RCU/s = 327% of the 40,000 RCU/s quota ⇒ error
    // order-by-id is a GetItem on PK and is not flagged.
    List<Finding> found =
        tester
            .model(
                ENTITIES
                    + """
        patterns:
          - id: open-orders # FINDING: ScanOnHotPath [error]: 1,000,000 items, 1.07 GB, in 1,019 pages of 1 MB, and costs 130,856 RCU (eventual); at 1/s that is 130,856 RCU/s, 327% of the 40,000 RCU/s
            rate: 1/s
            query: Order where status = ? order by order_date desc limit 50
          - id: order-by-id
            rate: 100/s
            query: Order where order_id = ?
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              items:
                Order:
                  keys: {PK: "O#{order_id}"}
        """)
            .expectMarkedFindings();
    // The fix keys a new GSI1 by status and sorts it by date. A Query of one status then reads 50
    // items: 50 × 1,068 = 53,400 B = 14 blocks × 0.5 = 7 RCU. But status has 5 values: all open
    // orders would share one key, so the fix says to add a date or a shard suffix.
    assertThat(found.get(0).fix())
        .contains("add a global index GSI1 to Orders with partition key GSI1PK and sort key GSI1SK")
        .contains("{GSI1PK: \"STATUS#{status}\", GSI1SK: \"{order_date}\"}")
        .contains("GSI1PK = \"STATUS#<status>\" (ScanIndexForward: false, Limit 50)")
        .contains("about 7 RCU a request instead of 130,856 (50 items of 1.07 KB)")
        .contains("status has only 5 values")
        .contains("\"STATUS#{status}#{shard:N}\"");
  }

  @Test
  void scanWithoutAnyEquality_pointsAwayFromTheHotPath() {
    // A range on order_date alone gives no partition key to key an index on: the same 130,855.5
    // RCU per request, twice a second = 261,711 RCU/s ⇒ error; no index can serve it.
    List<Finding> found =
        tester
            .model(
                ENTITIES
                    + """
        patterns:
          - id: orders-since # FINDING: ScanOnHotPath [error]: 261,711 RCU/s
            rate: 2/s
            query: Order where order_date > ?
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              items:
                Order:
                  keys: {PK: "O#{order_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix()).contains("no key can serve it").contains("warehouse");
  }

  @Test
  void smallScanOnDemand_isWarning() {
    // 50 settings × 129 B = 6,450 B = 2 blocks × 0.5 = 1 RCU a request; at 10/s, 10 RCU/s, far
    // under 40,000 ⇒ a warning only: the cost still grows with the table.
    tester
        .model(
            ENTITIES
                + """
        patterns:
          - id: all-settings # FINDING: ScanOnHotPath [warning]: 50 items, 6.45 KB, in 1 page of 1 MB, and costs 1 RCU (eventual); at 10/s that is 10 RCU/s; the cost grows with the table
            rate: 10/s
            query: Setting
          - id: one-setting
            rate: 10/s
            query: Setting where name = ?
        dynamodb:
          tables:
            Settings:
              partition_key: name
              items:
                Setting:
                  keys: {name: "{name}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void smallScanOverItsProvisionedReads_isError() {
    // The same 1 RCU scan at 10/s on a table provisioned with 5 RCU: 10 / 5 = 200% ⇒ error: the
    // table throttles it long before the 40,000 RCU/s quota.
    tester
        .model(
            ENTITIES
                + """
        patterns:
          - id: all-settings # FINDING: ScanOnHotPath [error]: 10 RCU/s, 200% of the 5 RCU/s the copy provisions
            rate: 10/s
            query: Setting
        dynamodb:
          tables:
            Settings:
              partition_key: name
              capacity: {read: 5, write: 5}
              items:
                Setting:
                  keys: {name: "{name}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void queryOnAnIndex_isNotFlagged() {
    // With GSI1 keyed by status and date, open-orders is a Query of one partition: no Scan.
    tester
        .model(
            ENTITIES
                + """
        patterns:
          - id: open-orders
            rate: 1/s
            query: Order where status = ? order by order_date desc limit 50
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK}
              items:
                Order:
                  keys: {PK: "O#{order_id}", GSI1PK: "STATUS#{status}", GSI1SK: "{order_date}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void mongoCollscanOfAMillionOrders_overTheShardBudget_isError() {
    // No index starts with status, so the planner scans: 1,000,000 documents a request, at 1/s
    // 1,000,000 documents examined a second on one replica set, 100 times the 10,000/s budget.
    // The ESR index: the equality status, then the sort order_date descending.
    List<Finding> found =
        tester
            .model(
                ENTITIES
                    + """
        patterns:
          - id: open-orders # FINDING: ScanOnHotPath [error]: is a COLLSCAN of orders: each request examines all 1,000,000 documents, 1.02 GB; at 1/s that is 1,000,000 documents examined a second, 10,000% of the shard budget of 10,000/s
            rate: 1/s
            query: Order where status = ? order by order_date desc limit 50
          - id: order-by-id
            rate: 100/s
            query: Order where order_id = ?
        mongodb:
          collections:
            orders: {entity: Order}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix()).contains("db.orders.createIndex({status: 1, order_date: -1})");
  }

  @Test
  void mongoCollscanOfFiftySettings_isAWarning_andAnIndexedReadIsNot() {
    // 50 settings of 147 B (_id 30, value 112, 5): 7,350 B; 10 times a second, 500 documents
    // examined a
    // second, under the budget.
    tester
        .model(
            ENTITIES
                + """
        patterns:
          - id: settings # FINDING: ScanOnHotPath [warning]: examines all 50 documents, 7.35 KB; at 10/s that is 500 documents examined a second; the cost grows
            rate: 10/s
            query: Setting where value = ?
          - id: open-orders
            rate: 1/s
            query: Order where status = ? order by order_date desc limit 50
        mongodb:
          collections:
            orders:
              entity: Order
              indexes:
                - {status: 1, order_date: -1}
            settings: {entity: Setting}
        """)
        .expectMarkedFindings();
  }
}
