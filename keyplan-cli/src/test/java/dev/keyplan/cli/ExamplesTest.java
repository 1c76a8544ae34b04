package dev.keyplan.cli;

import static dev.keyplan.cli.Examples.check;
import static dev.keyplan.cli.Examples.findings;
import static dev.keyplan.cli.Examples.pattern;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The shipped examples, checked through the real CLI: each one shows the findings its seed teaches,
 * and only those. Findings are listed as "severity rule target".
 */
final class ExamplesTest {
  @Test
  void chat_tenMinuteBucketHasTooManyValues() throws IOException {
    // Seed 000's bucket: 100 messages/s × 600 s = 60,000 rows, each with author_id and body, so
    // 120,000 values > 100,000. 10M channels spread the load over partitions, but not over more
    // than the 6 nodes declared (the default): 50,000 messages/s × RF 3 = 150,000 replica writes/s,
    // 20,000 reads/s × 17 buckets × 2 replicas = 680,000 replica reads/s, 200 edits/s × 3 = 600:
    // 830,600 / 6 = 138,433/s a node, 692% of 20,000/s; and a year of messages is 186 TB a node.
    JsonNode root = check("chat");
    assertThat(findings(root))
        .containsExactly(
            "warning PartitionOverGuideline messages_by_channel",
            "warning ClusterOverCapacity nodes");
    // JSON writes a figure of 100,000 or more as a whole number.
    assertThat(root.at("/cluster/0/replicaOpsPerNode").asDouble()).isEqualTo(138_433);
    assertThat(pattern(root, "latest-messages").get("access").asText()).isEqualTo("bucket-walk");
  }

  @Test
  void chatOnScylla_heatIsPerShard() throws IOException {
    // The hot channel: 100 writes/s + 2,000 reads/s × 2/3 replicas = 1,433/s on one shard of each
    // replica; the budget is 100,000/s ÷ 8 shards = 12,500/s.
    JsonNode root = check("chat-scylla");
    JsonNode heat = root.get("tables").get(0).get("heat");
    assertThat(heat.get("budgetPerSecond").asDouble()).isEqualTo(12_500);
    assertThat(heat.get("replicaLoadPerSecond").asDouble())
        .isCloseTo(1_433.333, org.assertj.core.api.Assertions.within(0.01));
    assertThat(root.get("patterns").get(0).get("store").asText()).isEqualTo("scylladb");
  }

  @Test
  void sensors_dailyBucketsWithTtl_haveNoFinding() throws IOException {
    // 10,000 readings/s over 100,000 sensors: 0.1/s each, 8,640 rows per daily partition; the
    // 30-day TTL keeps 30 buckets alive: 100,000 × 30 = 3,000,000 partitions.
    JsonNode root = check("sensors");
    assertThat(findings(root)).isEmpty();
    JsonNode table = root.get("tables").get(0);
    assertThat(table.at("/partitions/busiest/rows").asLong()).isEqualTo(8_640);
    assertThat(table.get("partitionCount").asLong()).isEqualTo(3_000_000);
  }

  private static JsonNode heat(JsonNode root, String copy, String key) {
    for (JsonNode h : root.get("heat")) {
      if (h.get("copy").asText().equals(copy) && h.get("partitionKey").asText().equals(key)) {
        return h;
      }
    }
    throw new AssertionError("no heat for " + copy + " " + key);
  }

  @Test
  void orders_byStatusIsLowCardinalityAndPastTheCellLimit() throws IOException {
    // orders_by_status: 5 statuses, DELIVERED holds 60% of 50M + 200/s × 1 year = 3.8 billion rows,
    // 7.6 billion values > 2 billion cells: an error. orders_by_user has no bucket and the B2B
    // account (500 orders/day) passes 100,000 values within the year.
    JsonNode root = check("orders");
    assertThat(findings(root, "cassandra"))
        .containsExactlyInAnyOrder(
            "error PartitionOverGuideline orders_by_status",
            "warning PartitionOverGuideline orders_by_user",
            "warning UnboundedPartitionGrowth orders_by_user",
            "warning LowCardinalityPartitionKey orders_by_status",
            "warning UnboundedPartitionGrowth orders_by_status",
            "warning LoggedBatchAcrossPartitions place-order");
    assertThat(pattern(root, "cassandra", "change-status").get("notes").toString())
        .contains("orders_by_status: the update does not give its full primary key");
  }

  @Test
  void orders_onDynamoDb_theStatusIndexIsTheHotPartition() throws IOException {
    // The same workload on DynamoDB: ByStatus is keyed on STATUS#{status}, 5 values, DELIVERED
    // with 60%. Its busiest key takes 200 inserts/s × 60% × 1 WCU + 600 status changes/s × 60% ×
    // 2 index writes (delete the old entry, put the new one) = 120 + 720 = 840 WCU/s, 84% of the
    // 1,000 a partition serves: a warning, beside the low-cardinality one.
    JsonNode root = check("orders");
    assertThat(findings(root, "dynamodb"))
        .containsExactlyInAnyOrder(
            "warning LowCardinalityIndexKey Orders.ByStatus Order",
            "warning PartitionThroughputExceeded Orders.ByStatus STATUS#{status}",
            "info LongAttributeNames Order");
    assertThat(
            heat(root, "Orders.ByStatus", "STATUS#{status}").get("writeUnitsPerSecond").asDouble())
        .isEqualTo(840);
    // A logged batch of one item is one PutItem: atomic already, no transaction.
    assertThat(pattern(root, "dynamodb", "place-order").get("operation").asText())
        .isEqualTo("PutItem");
    // The update gives only order_id: found first on ById (KEYS_ONLY holds the table key).
    assertThat(pattern(root, "dynamodb", "change-status").get("notes").toString())
        .contains("found first with Query on ById");
  }

  @Test
  void orders_threeStores_sideBySideInTextAndMarkdown() {
    // One model, three designs: each format shows all three, and text findings name their store.
    var text = CliRun.of("check", "--fail-on", "never", "examples/orders.yaml");
    assertThat(text.out())
        .contains(
            "Patterns (cassandra)",
            "Patterns (dynamodb)",
            "Patterns (mongodb)",
            "Cost per month (dynamodb",
            "Shards (mongodb",
            "[PartitionThroughputExceeded, dynamodb]",
            "[LowCardinalityPartitionKey, cassandra]");
    var markdown =
        CliRun.of("check", "--format", "markdown", "--fail-on", "never", "examples/orders.yaml");
    assertThat(markdown.out())
        .contains(
            "## Cassandra",
            "## DynamoDB",
            "## MongoDB",
            "| `orders-of-user` |",
            "| `orders` | `{user_id: hashed}` | 4 of 4 |");
    // Orders embed nothing and reference nothing in this design: no empty relationships table.
    assertThat(markdown.out()).doesNotContain("Embed or reference");
  }

  @Test
  void ordersDynamodb_seed000SingleTable_isClean_andItsFiguresFollowTheGuide() throws IOException {
    // Order item: PK 2 + 38, SK 2 + 53, GSI1PK 6 + 38, status 6 + 7, total 5 + 6, lines 5 + 2,712
    // = 2,880 B. latest-orders reads 20 of them, 57,600 B, 15 blocks × 0.5 = 7.5 RCU; a put is 3
    // WCU on the table and 3 on GSI1 (ALL projection) = 6 WCU.
    JsonNode root = check("orders-dynamodb");
    assertThat(findings(root)).isEmpty();
    assertThat(pattern(root, "dynamodb", "latest-orders").get("readUnits").asDouble())
        .isEqualTo(7.5);
    assertThat(pattern(root, "dynamodb", "place-order").get("writeUnits").asDouble()).isEqualTo(6);
    assertThat(pattern(root, "dynamodb", "order-by-id").get("servedBy").asText())
        .isEqualTo("AppTable.GSI1");
    JsonNode table = root.get("tables").get(0);
    assertThat(table.at("/itemTypes/1/bytes").asLong()).isEqualTo(2_880);
    // 3,200 RCU/s and 120 WCU/s on the table, on demand: 3,200 × 2,628,000 / 10^6 × $0.125 +
    // 120 × 2.628 × $0.625 = $1,051.20 + $197.10 = $1,248.30.
    assertThat(root.at("/costs/0/copies/0/onDemandMonthly").asDouble()).isEqualTo(1_248.3);
  }

  @Test
  void appTable_seed003_theStatusIndexIsLowCardinality() throws IOException {
    // GSI3 keys orders on STATUS#{status}: 4 values, delivered with 70% (seed 000: "do not index by
    // a low-cardinality value like status"). An update of status changes the keys of GSI2 (its sort
    // key) and GSI3: 1 + 2 + 2 = 5 WCU, after finding the order by id on GSI2.
    JsonNode root = check("app-table");
    assertThat(findings(root))
        .containsExactly("warning LowCardinalityIndexKey app-table.GSI3 Order");
    assertThat(pattern(root, "dynamodb", "ship-order").get("writeUnits").asDouble()).isEqualTo(5);
    assertThat(pattern(root, "dynamodb", "user-by-email").get("servedBy").asText())
        .isEqualTo("app-table.GSI1");
  }

  @Test
  void appData_seed002_theOrderCopiesAreWrittenInOneTransaction() throws IOException {
    // Order (310 B) and OrderById (79 B): one 1 KB unit each, billed twice in TransactWriteItems
    // = 4 WCU. "A user's orders" is a Query, read-committed against that transaction.
    JsonNode root = check("appdata");
    assertThat(findings(root)).isEmpty();
    JsonNode place = pattern(root, "dynamodb", "place-order");
    assertThat(place.get("operation").asText()).isEqualTo("TransactWriteItems");
    assertThat(place.get("writeUnits").asDouble()).isEqualTo(4);
    assertThat(pattern(root, "dynamodb", "user-orders").get("notes").toString())
        .contains("read-committed");
  }

  @Test
  void flashSale_seed004_oneProductTakes80PercentOfAPartition_andTenSuffixesFixIt()
      throws IOException {
    // 1,000 orders/s, 800 of them for one product, each under 1 KB: 800 WCU/s on one partition key
    // value, 80% of the 1,000 WCU/s ceiling ⇒ warning. With {shard:10} each suffix takes 80 WCU/s,
    // 8%, and a read of the latest 20 sales queries all 10 suffixes: 10 calls, 200 items.
    JsonNode hot = check("flash-sale");
    assertThat(findings(hot))
        .containsExactlyInAnyOrder(
            "warning PartitionThroughputExceeded ProductSales {product_id}",
            "info LowCardinalityIndexKey ProductSales Sale");
    assertThat(heat(hot, "ProductSales", "{product_id}").get("writeUnitsPerSecond").asDouble())
        .isEqualTo(800);
    JsonNode fixed = check("flash-sale-sharded");
    assertThat(findings(fixed)).isEmpty();
    assertThat(
            heat(fixed, "ProductSales", "{product_id}#{shard:10}")
                .get("writeUnitsPerSecond")
                .asDouble())
        .isCloseTo(80, org.assertj.core.api.Assertions.within(1e-9));
    JsonNode read = pattern(fixed, "dynamodb", "latest-sales");
    assertThat(read.get("calls").asDouble()).isEqualTo(10);
    assertThat(read.get("itemsRead").asDouble()).isEqualTo(200);
  }

  @Test
  void inbox_growsWithoutABucket_andDeletesAreNotAQueue() throws IOException {
    // Seed 002's messages_by_user keyed by user alone grows forever; deleting 20 of 2,000
    // messages/s leaves about 20 × 20 / 1,980 ≈ 0.2 tombstones per read: no QueuePattern.
    JsonNode root = check("inbox");
    assertThat(findings(root))
        .containsExactlyInAnyOrder(
            "warning PartitionOverGuideline messages_by_user",
            "warning UnboundedPartitionGrowth messages_by_user",
            // 63 TB with RF 3 at the horizon, 10.5 TB on each of 6 nodes: 32 nodes by storage.
            "warning ClusterOverCapacity nodes");
    assertThat(root.at("/cluster/0/nodesByStorage").asInt()).isEqualTo(32);
  }

  @Test
  void books_byGenreIsLowCardinality_andTheBioNeedsAJoin() throws IOException {
    // 30 genres, the busiest with 12% of the books; books_by_genre lacks author_bio_short, so
    // each of the 20 rows needs a lookup in authors: 1 + 20 = 21 partitions.
    JsonNode root = check("books");
    assertThat(findings(root))
        .containsExactlyInAnyOrder(
            "warning LowCardinalityPartitionKey books_by_genre",
            "warning PartitionOverGuideline books_by_genre",
            "warning UnboundedPartitionGrowth books_by_genre",
            "warning ApplicationSideJoin books-in-genre",
            "warning SecondaryIndexOnHighCardinality books_by_author_title_idx",
            "info UnboundedPartitionGrowth books_by_author");
    assertThat(pattern(root, "books-in-genre").get("partitionsRead").asLong()).isEqualTo(21);
    assertThat(pattern(root, "book-by-title").get("access").asText()).isEqualTo("secondary-index");
  }

  @Test
  void shopWorkbench_takesKeysAndIndexesFromTheWorkbenchModel() {
    // GSI1 and GSI2 are defined only in shop-workbench.json (schema:); the YAML adds the item
    // types. The order id and the category are keys of GSI1 and GSI2 alone.
    var run = CliRun.of("check", "examples/shop-workbench.yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .containsPattern("order-by-id +30/s +Query +OnlineShop\\.GSI1 ")
        .containsPattern("category-page +150/s +Query +OnlineShop\\.GSI2 ")
        .containsPattern("customer-profile +200/s +GetItem +OnlineShop ")
        .contains("0 errors, 2 warnings, 1 info");
    // Both warnings are GSI2's low-cardinality keys: order status (5 values) and category (40).
    assertThat(run.out())
        .containsPattern("GSI2PK of OnlineShop.GSI2 is \"STATUS#\\{status}\"")
        .containsPattern("GSI2PK of OnlineShop.GSI2 is \"CATEGORY#\\{category}\"");
  }
}
