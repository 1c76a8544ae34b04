package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Defects an independent review found by re-deriving keyplan's figures by hand, each pinned by the
 * hand derivation (GSI.md's index write cases; the per-partition ceilings; Query rounding).
 */
final class PlannerRegressionTest {
  private static DynamoDbAnalysis analyze(String yaml) {
    Model m = ModelReader.read("m.yaml", yaml, Path.of("."));
    return DynamoDbAnalyzer.analyze(m);
  }

  private static DynamoDbPlan plan(DynamoDbAnalysis a, String id) {
    return a.plan(id).orElseThrow();
  }

  private static DynamoDbHeat heat(DynamoDbAnalysis a, String copy) {
    return a.heat().stream().filter(h -> h.copy().equals(copy)).findFirst().orElseThrow();
  }

  @Test
  void changingTheTablesKey_rewritesEveryIndexEntry() {
    // Item: PK 2 + 38, SK 2 + 49 (O# + date + # + uuid), GK 2 + 38, status 6 + 7, note 4 + 1,000,
    // total 5 + 6 = 1,159 B: 2 WCU. order_date is inside SK: DynamoDB cannot change a key, so the
    // item is deleted and put again (2 × 2 WCU), and its GSI entry goes and comes: 2 writes of
    // ⌈1,159 / 1,024⌉ = 2 (ALL projection) = 4. In all 8 WCU. A status change touches no key:
    // 2 + one refresh of the ALL entry, 2 = 4 WCU.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              order_date: date
              status: {type: text, values: [open, paid, shipped, delivered, cancelled]}
              note: {type: text, size: 1000B}
              total: int
            key: [order_id]
            count: 1M
            spread:
              customer_id: {distinct: 100k}
        patterns:
          - {id: redate, rate: 10/s, update: Order set order_date where customer_id = ? and order_date = ? and order_id = ?}
          - {id: restatus, rate: 10/s, update: Order set status where customer_id = ? and order_date = ? and order_id = ?}
        dynamodb:
          tables:
            Tbl:
              partition_key: PK
              sort_key: SK
              indexes:
                GS1: {partition_key: GK, projection: ALL}
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_date}#{order_id}", GK: "O#{order_id}"}
                  attributes: [status, note, total]
        """);
    assertThat(a.tables().get(0).items().get(0).bytes()).isEqualTo(1_159);
    assertThat(plan(a, "redate").writeUnits()).isEqualTo(2 * 2 + 2 * 2);
    assertThat(plan(a, "restatus").writeUnits()).isEqualTo(2 + 2);
  }

  @Test
  void fetchesThroughALocalIndex_loadTheSamePartition() {
    // A KEYS_ONLY local index: each of the 100 items returned is fetched from the table, 8,100 B
    // = 2 blocks × 0.5 = 1 RCU each, in the same partition as the index (an LSI shares the table's
    // partition key). The busiest tenant (50%) takes 100/s × 50% × (1.5 + 100) = 5,075 RCU/s.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 30d
        entities:
          Event:
            attributes:
              tenant_id: uuid
              event_id: {type: text, size: 26B, time_ordered: true}
              kind: {type: text, size: 10B}
              payload: {type: text, size: 8000B}
            key: [event_id]
            count: 1M
            spread:
              tenant_id: {distinct: 1000, busiest: 50%}
        patterns:
          - {id: by-kind, rate: 100/s, query: Event where tenant_id = ? and kind = ? limit 100}
        dynamodb:
          tables:
            Events:
              partition_key: tenant_id
              sort_key: event_id
              indexes:
                ByKind: {local: true, sort_key: kind, projection: KEYS_ONLY}
              items:
                Event: {keys: {}}
        """);
    assertThat(heat(a, "Events").readUnits()).isCloseTo(5_075, within(1e-6));
  }

  @Test
  void inOnThePartitionKey_sendsTheBusiestKeyOneQueryPerRequestItIsIn() {
    // `in 10` names 10 users a request: the busiest (5%) is among them 10 × 5% = 50% of the time,
    // 1,000/s × 50% = 500 queries/s of ⌈10 × 3,080 / 4,096⌉ × 0.5 = 4 RCU = 2,000 RCU/s, plus
    // the single-user read's 1,000/s × 5% × 4 = 200: 2,200 RCU/s.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1d
        entities:
          Feed:
            attributes:
              user_id: uuid
              post_id: {type: text, size: 26B, time_ordered: true}
              body: {type: text, size: 3000B}
            key: [post_id]
            count: 10M
            spread:
              user_id: {distinct: 100k, busiest: 5%}
        patterns:
          - {id: timeline, rate: 1k/s, query: Feed where user_id in 10 order by post_id desc limit 10}
          - {id: single, rate: 1k/s, query: Feed where user_id = ? order by post_id desc limit 10}
        dynamodb:
          tables:
            Feeds:
              partition_key: user_id
              sort_key: post_id
              items:
                Feed: {keys: {}}
        """);
    assertThat(heat(a, "Feeds").readUnits()).isCloseTo(2_200, within(1e-6));
  }

  @Test
  void inOnASortKeyPlaceholder_isOneKeyPerValue_andTheCheaperPathWins() {
    // order_id in (?, ?) under the customer's key: two exact keys, a BatchGetItem of 2 items
    // (1,171 B each, 0.5 RCU each) = 1 RCU, not a Query of the customer's whole partition with
    // a filter.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              note: {type: text, size: 1000B}
            key: [order_id]
            count: 10M
            spread:
              customer_id: {distinct: 1M, busiest: 1%}
        patterns:
          - id: two-orders
            rate: 10/s
            query: Order where customer_id = ? and order_id in (?, ?)
        dynamodb:
          tables:
            Tbl:
              partition_key: PK
              sort_key: SK
              items:
                Order: {keys: {PK: "C#{customer_id}", SK: "O#{order_id}"}, attributes: [note]}
        """);
    DynamoDbPlan two = plan(a, "two-orders");
    assertThat(two.operation()).isEqualTo("BatchGetItem");
    assertThat(two.readUnits()).isEqualTo(1);
    assertThat(two.filter()).isEmpty();
  }

  @Test
  void theBusiestCollectionOfAShardedKey_isOneSuffixsShare() {
    // 86,400,000 sales a day, 80% for one product: 69,120,000 items under its value, spread over
    // 10 suffixes: 6,912,000 per suffix partition, each of 245 + 100 B = 345 B storage: 2.38 GB.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1d
        entities:
          Sale:
            attributes:
              product_id: {type: text, size: 16B}
              sale_id: {type: text, size: 26B}
              note: {type: text, size: 180B}
            key: [sale_id]
            growth: 1k/s
            spread:
              product_id: {distinct: 10k, busiest: 800/s}
        patterns:
          - {id: buy, rate: 1k/s, insert: Sale}
        dynamodb:
          tables:
            Sales:
              partition_key: PK
              sort_key: sale_id
              items:
                Sale: {keys: {PK: "{product_id}#{shard:10}"}, attributes: [note]}
        """);
    DynamoDbItem sale = a.tables().get(0).items().get(0);
    double perSuffix = 86_400_000 * 0.8 / 10;
    assertThat(a.sizing().get("Sales").collectionBytes())
        .isCloseTo(perSuffix * sale.storageBytes(), within(1.0));
  }

  @Test
  void neededCapacity_ofExactlySeventyPercent_isExact() {
    // 700 WCU/s at the 70% target needs 700 / 0.7 = 1,000 WCU, not the 1,001 a binary 0.7 gives.
    assertThat(DynamoDbAnalyzer.needed(700)).isEqualTo(1_000);
    assertThat(DynamoDbAnalyzer.needed(2_100)).isEqualTo(3_000);
    assertThat(DynamoDbAnalyzer.needed(700.5)).isEqualTo(1_001);
    assertThat(DynamoDbAnalyzer.needed(0)).isEqualTo(1);
  }

  @Test
  void batchedAndTransactionalWrites_keepTheCallsThatFindTheirItems() {
    // An update by order_id on an item keyed under the customer: a GetItem on the ById copy finds
    // the customer, then one TransactWriteItems writes both copies: 2 calls.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              status: {type: text, size: 8B}
            key: [order_id]
            count: 1M
            spread:
              customer_id: {distinct: 100k}
        patterns:
          - {id: upd-logged, rate: 10/s, update: Order set status where order_id = ?, batch: logged}
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              sort_key: SK
              items:
                ByCustomer: {entity: Order, keys: {PK: "C#{customer_id}", SK: "O#{order_id}"}, attributes: [status]}
                ById: {entity: Order, keys: {PK: "O#{order_id}", SK: "O#{order_id}"}, attributes: [customer_id, status]}
        """);
    DynamoDbPlan upd = plan(a, "upd-logged");
    assertThat(upd.operation()).isEqualTo("TransactWriteItems");
    assertThat(upd.calls()).isEqualTo(2);
  }

  @Test
  void includeOfAnotherIndexsKey_countsItsBytes() {
    // Index Inc includes GK, the key of index Keys ("O#" + uuid = 38 B): its entry holds the table
    // key (PK 2 + 38, SK 2 + 38), its own key (IK 2 + 38) and GK (2 + 38) = 160 B.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
            key: [order_id]
            count: 1000
        patterns:
          - {id: get, rate: 1/s, query: Order where order_id = ?}
        dynamodb:
          tables:
            Tbl:
              partition_key: PK
              sort_key: SK
              indexes:
                Keys: {partition_key: GK, projection: KEYS_ONLY}
                Inc: {partition_key: IK, projection: [GK]}
              items:
                Order: {keys: {PK: "C#{customer_id}", SK: "O#{order_id}", GK: "O#{order_id}", IK: "X#{order_id}"}, attributes: []}
        """);
    DynamoDbTable t = a.tables().get(0);
    assertThat(t.items().get(0).entryBytes(t.path("Inc").orElseThrow(), t)).isEqualTo(160);
  }

  @Test
  void anInOnAnAttributeInBothKeys_namesEachItemOnce() {
    // The adjacency-list shape: PK and SK are both "ORDER#{order_id}". `order_id in (?, ?, ?)`
    // names 3 items, each one key (PK, SK) = ("ORDER#x", "ORDER#x"): a BatchGetItem of 3 keys,
    // 3 × 0.5 RCU (each item rounds to 4 KB on its own). Counting the IN once per key attribute
    // made 3 × 3 = 9 keys (found by review, issue 16).
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              total: int
            key: [order_id]
            count: 1M
        patterns:
          - id: three
            rate: 10/s
            query: Order where order_id in (?, ?, ?)
        dynamodb:
          tables:
            Tbl:
              partition_key: PK
              sort_key: SK
              items:
                Order:
                  keys: {PK: "ORDER#{order_id}", SK: "ORDER#{order_id}"}
                  attributes: [total]
        """);
    DynamoDbPlan p = plan(a, "three");
    assertThat(p.access()).isEqualTo(DynamoDbPlan.Access.BATCH_GET);
    assertThat(p.itemsEvaluated().typical()).isEqualTo(3);
    assertThat(p.readUnits()).isEqualTo(1.5);
  }
}
