package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.input.Location;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The DynamoDB analysis on small models whose numbers are the published capacity examples: each
 * test builds items of known size from the model's attributes (the comment adds up the bytes by
 * {@code ItemSize}'s rules: name bytes + value bytes) and checks what the planner makes of them.
 */
final class DynamoDbAnalyzerTest {
  private static DynamoDbAnalysis analyze(String yaml) {
    Model m = ModelReader.read("m.yaml", yaml, Path.of("."));
    return DynamoDbAnalyzer.analyze(m);
  }

  private static DynamoDbPlan plan(DynamoDbAnalysis a, String id) {
    return a.plan(id).orElseThrow();
  }

  private static DynamoDbCost cost(DynamoDbAnalysis a, String copy) {
    return a.costs().stream().filter(c -> c.copy().equals(copy)).findFirst().orElseThrow();
  }

  /** A product keyed by its id, with a body of {@code body} bytes. */
  private static String product(int body, String patterns) {
    return """
        model: m
        horizon: 30d
        entities:
          Product:
            attributes:
              product_id: {type: text, size: 8B}
              body: {type: text, size: %dB}
            key: [product_id]
            count: 1M
        patterns:
        %s
        dynamodb:
          tables:
            Products:
              partition_key: product_id
              items:
                Product: {keys: {}}
        """
        .formatted(body, patterns.indent(2));
  }

  @Test
  void seed000_threeKbItemsAt400EventualReads_need200Rcu() {
    // Item: product_id (10 + 8) + body (4 + 2,978) = 3,000 B, one 4 KB block; an eventually
    // consistent GetItem costs 0.5 RCU, so 400/s need 400 × 0.5 = 200 RCU (seed 000).
    DynamoDbAnalysis a =
        analyze(
            product(
                2_978,
                """
        - id: get
          rate: 400/s
          query: Product where product_id = ?
        """));
    assertThat(a.tables().get(0).items().get(0).bytes()).isEqualTo(3_000);
    DynamoDbPlan get = plan(a, "get");
    assertThat(get.operation()).isEqualTo("GetItem");
    assertThat(get.readUnits()).isEqualTo(0.5);
    assertThat(cost(a, "Products").readUnits()).isEqualTo(200);
  }

  @Test
  void seed000_twentyKbStrongRead_costs5Rcu() {
    // Item: 18 + (4 + 20,458) = 20,480 B = 20 KB, five 4 KB blocks; read-your-writes needs a
    // strongly consistent read, 1 RCU per block: 5 RCU (seed 000). Eventual would be 2.5.
    DynamoDbAnalysis a =
        analyze(
            product(
                20_458,
                """
        - id: get
          rate: 1/s
          query: Product where product_id = ?
          expects: read-your-writes
        """));
    assertThat(plan(a, "get").readUnits()).isEqualTo(5);
    assertThat(plan(a, "get").consistency()).contains("strong");
  }

  /** Readings of a sensor under S#<sensor_id>, sorted by R#<seq>. */
  private static final String READINGS =
      """
      model: m
      horizon: 30d
      entities:
        Reading:
          attributes:
            sensor_id: {type: text, size: 6B}
            seq: int
            status: {type: text, values: [ok, low, high, off]}
            payload: {type: text, size: %dB}
          key: [sensor_id, seq]
          count: 1M
          spread:
            sensor_id: {distinct: 1000}
      patterns:
        - id: latest
          rate: 10/s
          query: Reading where sensor_id = ? order by seq desc limit 10
          expects: read-your-writes
        - id: latest-ok
          rate: 10/s
          query: Reading where sensor_id = ? and status = ? order by seq desc limit 10
        - id: by-status
          rate: 1/s
          query: Reading where status = ? limit 10
      dynamodb:
        tables:
          Readings:
            partition_key: PK
            sort_key: SK
            items:
              Reading:
                keys: {PK: "S#{sensor_id}", SK: "R#{seq}"}
                attributes: [sensor_id, seq, status, payload]
      """;

  @Test
  void query_tenItemsTotalling40Point8Kb_is11RcuStronglyConsistent() {
    // Item: PK (2 + 2 + 6) + SK (2 + 2 + 10 digits of an int) + sensor_id (9 + 6) + seq (3 + 6,
    // ten digits) + status (6 + 3, the values' average length) + payload (7 + 4,114)
    // = 10 + 14 + 15 + 9 + 9 + 4,121 = 4,178 B. Ten of them are
    // 41,780 B = 40.8 KB, which Query rounds once to 44 KB: 11 RCU strongly consistent (AWS DG,
    // "Read operations": the guide's own 40.8 KB example).
    DynamoDbAnalysis a = analyze(READINGS.formatted(4_114));
    assertThat(a.tables().get(0).items().get(0).bytes()).isEqualTo(4_178);
    DynamoDbPlan latest = plan(a, "latest");
    assertThat(latest.operation()).isEqualTo("Query");
    // Only readings live under S#<sensor_id>: the "R#" prefix narrows nothing, so no begins_with.
    assertThat(latest.keyCondition()).isEqualTo("PK = \"S#<sensor_id>\"");
    assertThat(latest.itemsEvaluated().typical()).isEqualTo(10);
    assertThat(latest.readUnits()).isEqualTo(11);
  }

  @Test
  void filterExpression_isBilledOnTheItemsItEvaluates() {
    // status is not in the key: a FilterExpression. One status in four passes, so ten matches
    // evaluate 10 / (1/4) = 40 items: 40 × 4,178 = 167,120 B → 41 blocks × 0.5 = 20.5 RCU.
    DynamoDbAnalysis a = analyze(READINGS.formatted(4_114));
    DynamoDbPlan ok = plan(a, "latest-ok");
    assertThat(ok.filter()).containsExactly("status");
    assertThat(ok.itemsEvaluated().typical()).isEqualTo(40);
    assertThat(ok.readUnits()).isEqualTo(20.5);
  }

  @Test
  void noKeyFromTheRestrictions_isAScanBilledForWhatItReads() {
    // No key holds status: a Scan. A quarter of the items pass, so ten matches read 40 items of
    // the table's 1M (the limit stops it): 40 × 4,178 B → 20.5 RCU eventually consistent.
    DynamoDbAnalysis a = analyze(READINGS.formatted(4_114));
    DynamoDbPlan scan = plan(a, "by-status");
    assertThat(scan.access()).isEqualTo(DynamoDbPlan.Access.SCAN);
    assertThat(scan.itemsEvaluated().typical()).isEqualTo(40);
    assertThat(scan.readUnits()).isEqualTo(20.5);
  }

  @Test
  void transactionWritingThree500ByteItems_is6Wcu() {
    // Three item types of one entity, each PK (2 + 2 + 8) + data (4 + 484) = 500 B, one 1 KB
    // unit; TransactWriteItems bills each item twice: 3 × 2 = 6 WCU (AWS DG transactions).
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 30d
        entities:
          Account:
            attributes:
              id: {type: text, size: 8B}
              data: {type: text, size: 484B}
            key: [id]
        patterns:
          - id: open
            rate: 1/s
            insert: Account
            batch: logged
        dynamodb:
          tables:
            Ledger:
              partition_key: PK
              items:
                A: {entity: Account, keys: {PK: "A#{id}"}, attributes: [data]}
                B: {entity: Account, keys: {PK: "B#{id}"}, attributes: [data]}
                C: {entity: Account, keys: {PK: "C#{id}"}, attributes: [data]}
        """);
    assertThat(a.tables().get(0).items()).allMatch(i -> i.bytes() == 500);
    DynamoDbPlan open = plan(a, "open");
    assertThat(open.operation()).isEqualTo("TransactWriteItems");
    assertThat(open.writeUnits()).isEqualTo(6);
  }

  /** Orders by id, with a GSI keyed on status and one projecting only the keys. */
  private static final String ORDERS =
      """
      model: m
      horizon: 30d
      entities:
        Order:
          attributes:
            order_id: {type: text, size: 10B}
            status: {type: text, values: [open, paid]}
            total: int
          key: [order_id]
          count: 1000
      patterns:
        - id: pay
          rate: 10/s
          update: Order set status where order_id = ?
        - id: retotal
          rate: 10/s
          update: Order set total where order_id = ?
        - id: place
          rate: 10/s
          insert: Order
      dynamodb:
        tables:
          Orders:
            partition_key: order_id
            indexes:
              ByStatus: {partition_key: status, projection: KEYS_ONLY}
            items:
              Order: {keys: {}}
      """;

  @Test
  void gsiAmplification_followsTheGuide() {
    // GSI.md: an update that changes the index key writes 2 index entries (delete + put); one
    // that changes an attribute the index does not project writes none; a new item writes 1.
    // Every item and entry here is under 1 KB, so each write is 1 WCU.
    DynamoDbAnalysis a = analyze(ORDERS);
    assertThat(plan(a, "pay").writeUnits()).isEqualTo(1 + 2);
    assertThat(plan(a, "retotal").writeUnits()).isEqualTo(1);
    assertThat(plan(a, "place").writeUnits()).isEqualTo(1 + 1);
    // The index's own capacity: 10/s × 2 + 10/s × 1 = 30 WCU/s.
    assertThat(cost(a, "Orders.ByStatus").writeUnits()).isEqualTo(30);
  }

  @Test
  void writeCosts_onDemand_areTheWriteUnitsAtTheAverageLoad() {
    // On demand a write unit costs $0.625 per million, 2,628,000 s a month, at average_load 100%
    // (the default). ByStatus takes pay's 2 entries and place's 1 at 10/s each: 30 WCU/s ×
    // 2,628,000 × 0.625 / 10^6 = $49.275.
    DynamoDbAnalysis a = analyze(ORDERS);
    assertThat(cost(a, "Orders.ByStatus").writesMonthly()).isCloseTo(49.275, within(1e-9));
    // A pattern's writes, each copy priced alike: pay is 10/s × (1 item + 2 entries) = 30 WCU/s,
    // $49.275; retotal 10 WCU/s, $16.425; place 10/s × (1 + 1) = 20 WCU/s, $32.85.
    assertThat(a.patternWriteCosts().get("pay")).isCloseTo(49.275, within(1e-9));
    assertThat(a.patternWriteCosts().get("retotal")).isCloseTo(16.425, within(1e-9));
    assertThat(a.patternWriteCosts().get("place")).isCloseTo(32.85, within(1e-9));
  }

  @Test
  void writeCosts_provisioned_areTheUnitsAtSeventyPercentTarget_notRoundedUp() {
    // Provisioned, 30 WCU/s need 30 / 0.7 = 42.857 WCU at the 70% target: × 730 h × $0.00065 =
    // $20.34 a month. The capacity to set is a whole 43 WCU ($20.40), but a share of the writes
    // is priced as its share of the bill, so the figure is not rounded up.
    DynamoDbAnalysis a =
        analyze(
            ORDERS.replace(
                "      partition_key: order_id\n",
                "      partition_key: order_id\n      capacity: {read: 5, write: 50}\n"));
    DynamoDbCost index = cost(a, "Orders.ByStatus");
    assertThat(index.onDemand()).isFalse();
    assertThat(index.writesMonthly()).isCloseTo(30 / 0.7 * 730 * 0.00065, within(1e-9));
    assertThat(index.neededWrite()).isEqualTo(43);
    // The same rule for write units only a rule knows: 700 WCU/s need 1,000 WCU, × 730 h ×
    // $0.00065 = $474.50 (PriceTable's example).
    DynamoDbTable orders = a.table("Orders").orElseThrow();
    assertThat(a.writesMonthly(orders, 700)).isCloseTo(474.50, within(1e-9));
  }

  @Test
  void localIndexEntries_countTowardTheItemLimit() {
    // Keys PK = "U#{owner_id}" 2 + (2 + 36) = 40 B, SK = "D#{doc_id}" 40 B, title (the LSI's sort
    // key) 5 + 100 = 105 B, body 4 + 250,000: the item is 250,189 B. Its entry in an
    // ALL-projected LSI is the whole item again, so the 400 KB limit counts 2 × 250,189 =
    // 500,378 B. A KEYS_ONLY entry holds the table's and the index's keys, PK + SK + title =
    // 40 + 40 + 105 = 185 B. An item type on no local index adds nothing.
    DynamoDbAnalysis a =
        analyze(
            """
        model: docs
        horizon: 1y
        entities:
          Document:
            attributes:
              doc_id: uuid
              owner_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 250KB}
            key: [doc_id]
            count: 1M
        patterns:
          - id: get-doc
            rate: 10/s
            query: Document where owner_id = ? and doc_id = ?
        dynamodb:
          tables:
            All:
              partition_key: PK
              sort_key: SK
              indexes:
                by_title: {local: true, sort_key: title}
              items:
                Document: {keys: {PK: "U#{owner_id}", SK: "D#{doc_id}"}, attributes: [title, body]}
            KeysOnly:
              partition_key: PK
              sort_key: SK
              indexes:
                by_title: {local: true, sort_key: title, projection: KEYS_ONLY}
              items:
                Document: {keys: {PK: "U#{owner_id}", SK: "D#{doc_id}"}, attributes: [title, body]}
            Plain:
              partition_key: PK
              sort_key: SK
              items:
                Document: {keys: {PK: "U#{owner_id}", SK: "D#{doc_id}"}, attributes: [title, body]}
        """);
    DynamoDbItem all = a.table("All").orElseThrow().items().get(0);
    assertThat(all.bytes()).isEqualTo(250_189);
    assertThat(a.sizing().get("All").lsiEntryBytes("Document")).isEqualTo(250_189);
    assertThat(a.sizing().get("All").limitBytes(all)).isEqualTo(500_378);
    assertThat(a.sizing().get("KeysOnly").lsiEntryBytes("Document")).isEqualTo(185);
    DynamoDbItem plain = a.table("Plain").orElseThrow().items().get(0);
    assertThat(a.sizing().get("Plain").lsiEntryBytes("Document")).isZero();
    assertThat(a.sizing().get("Plain").limitBytes(plain)).isEqualTo(250_189);
  }

  @Test
  void locationOfACopy_isTheGlobalIndexOwnEntry_elseTheTable() {
    // A finding on the index's capacity points at the index's line, one on the table's at the
    // table's; a copy the design does not have points nowhere rather than at a guess.
    DynamoDbAnalysis a = analyze(ORDERS);
    DynamoDbTable orders = a.table("Orders").orElseThrow();
    assertThat(a.index().locationOf("Orders.ByStatus"))
        .isEqualTo(orders.path("ByStatus").orElseThrow().location())
        .isNotEqualTo(orders.location());
    assertThat(a.index().locationOf("Orders")).isEqualTo(orders.location());
    assertThat(a.index().locationOf("Missing")).isEqualTo(Location.NONE);
  }

  @Test
  void writeShardedKey_spreadsWritesAndFansOutReads() {
    // Seed 004's flash sale: 800 writes/s to one product of 1 KB items, over {shard:10}: each
    // suffix partition takes 800 / 10 = 80 WCU/s; a read queries all 10 suffixes.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 1d
        entities:
          Sale:
            attributes:
              product_id: {type: text, size: 10B}
              sale_id: {type: text, size: 10B}
              note: {type: text, size: 900B}
            key: [sale_id]
            growth: 1k/s
            spread:
              product_id: {distinct: 1000, busiest: 800/s}
        patterns:
          - id: buy
            rate: 1k/s
            insert: Sale
          - id: sales-of-product
            rate: 5/s
            query: Sale where product_id = ? limit 10
        dynamodb:
          tables:
            Sales:
              partition_key: PK
              sort_key: SK
              items:
                Sale: {keys: {PK: "P#{product_id}#{shard:10}", SK: "{sale_id}"}, attributes: [note]}
        """);
    DynamoDbHeat hot = a.heat().get(0);
    assertThat(hot.shards()).isEqualTo(10);
    assertThat(hot.writeUnits()).isCloseTo(80, within(1e-9));
    DynamoDbPlan read = plan(a, "sales-of-product");
    assertThat(read.access()).isEqualTo(DynamoDbPlan.Access.QUERY_FAN_OUT);
    assertThat(read.calls()).isEqualTo(10);
  }

  @Test
  void itemCollection_aQueryWithoutSortKeyConditionReadsTheOtherTypesToo() {
    // Seed 000: the customer's profile and orders share PK C#<customer_id>. The orders' sort key
    // has no literal prefix, so "orders of a customer" can only query the whole partition: it
    // evaluates the 10,000 / 1,000 = 10 orders and the profile, 11 items, and drops the profile
    // with a filter after it is billed. The profile itself is one GetItem.
    DynamoDbAnalysis a =
        analyze(
            """
        model: m
        horizon: 30d
        entities:
          Customer:
            attributes:
              customer_id: {type: text, size: 10B}
              name: {type: text, size: 20B}
            key: [customer_id]
            count: 1000
          Order:
            attributes:
              order_id: {type: text, size: 10B}
              customer_id: {type: text, size: 10B}
            key: [order_id]
            count: 10000
            spread:
              customer_id: {distinct: 1000}
        patterns:
          - id: profile
            rate: 1/s
            query: Customer where customer_id = ?
          - id: orders
            rate: 1/s
            query: Order where customer_id = ?
        dynamodb:
          tables:
            App:
              partition_key: PK
              sort_key: SK
              items:
                Customer: {keys: {PK: "C#{customer_id}", SK: PROFILE}}
                Order: {keys: {PK: "C#{customer_id}", SK: "{order_id}"}}
        """);
    assertThat(plan(a, "profile").operation()).isEqualTo("GetItem");
    DynamoDbPlan orders = plan(a, "orders");
    assertThat(orders.keyCondition()).isEqualTo("PK = \"C#<customer_id>\"");
    assertThat(orders.itemsEvaluated().typical()).isEqualTo(11);
    assertThat(orders.filter()).containsExactly("(item type)");
  }

  @Test
  void pinnedScan_isCostedAsTheScanTheApplicationMakes() {
    // latest could be a Query; pinned to a Scan it must read every reading to find the latest ten
    // (a Scan returns items in no order): 1M × 4,178 B = 4,178,000,000 B, strongly consistent
    // (read-your-writes). Each 1 MB page is billed on its own (issue 16 §3): a page holds
    // ⌈1,048,576 / 4,178⌉ = 251 items = 1,048,678 B = ⌈256.02⌉ = 257 blocks; 3,984 full pages and
    // 66,848 B left (17 blocks): 3,984 × 257 + 17 = 1,023,905 RCU per request, where rounding the
    // whole once would give 1,020,020.
    DynamoDbAnalysis a =
        analyze(READINGS.formatted(4_114) + "  access:\n    latest: {operation: Scan}\n");
    DynamoDbPlan latest = plan(a, "latest");
    assertThat(latest.access()).isEqualTo(DynamoDbPlan.Access.SCAN);
    assertThat(latest.itemsEvaluated().typical()).isEqualTo(1_000_000);
    assertThat(latest.readUnits()).isEqualTo(1_023_905);
  }

  @Test
  void ttlAttributeThatIsNotANumber_neverExpires() {
    // TTL reads only a Number of epoch seconds. Sessions inserted with a 1-day TTL keep one day's
    // worth, 10/s × 86,400 = 864,000 items, when expires_at is written by the application as N;
    // stored as the ISO string a timestamp defaults to, they pile up: 10/s × 30 days = 25,920,000.
    String model =
        """
        model: m
        horizon: 30d
        entities:
          Session:
            attributes:
              session_id: uuid
              expires_at: timestamp
            key: [session_id]
            growth: 10/s
        patterns:
          - {id: login, rate: 10/s, insert: Session using ttl 1d}
        dynamodb:
          tables:
            Sessions:
              partition_key: session_id
              ttl: expires_at
              items:
                Session: {keys: {}%s}
        """;
    assertThat(
            analyze(model.formatted(", attributes: {expires_at: N}"))
                .tables()
                .get(0)
                .items()
                .get(0)
                .rows())
        .isEqualTo(864_000);
    assertThat(analyze(model.formatted("")).tables().get(0).items().get(0).rows())
        .isEqualTo(25_920_000);
  }
}
