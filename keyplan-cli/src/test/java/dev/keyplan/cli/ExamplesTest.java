package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped examples, checked through the real CLI: each one shows the findings its seed
 * teaches, and only those. Findings are listed as "severity rule target".
 */
final class ExamplesTest {
  private static JsonNode check(String example) throws IOException {
    var run = CliRun.of("check", "--format", "json", "--fail-on", "never", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return new ObjectMapper().readTree(run.out());
  }

  private static List<String> findings(JsonNode root) {
    List<String> out = new ArrayList<>();
    root.get("findings").forEach(f -> out.add(f.get("severity").asText() + " " + f.get("rule").asText() + " "
        + f.get("target").asText()));
    return out;
  }

  private static JsonNode pattern(JsonNode root, String id) {
    for (JsonNode p : root.get("patterns")) {
      if (p.get("id").asText().equals(id)) {
        return p;
      }
    }
    throw new AssertionError("no pattern " + id);
  }

  @Test
  void chat_tenMinuteBucketHasTooManyValues() throws IOException {
    // Seed 000's bucket: 100 messages/s × 600 s = 60,000 rows, each with author_id and body, so
    // 120,000 values > 100,000. Nothing else: 10M channels spread the load.
    JsonNode root = check("chat");
    assertThat(findings(root)).containsExactly("warning PartitionOverGuideline messages_by_channel");
    assertThat(pattern(root, "latest-messages").get("access").asText()).isEqualTo("bucket-walk");
  }

  @Test
  void chatOnScylla_heatIsPerShard() throws IOException {
    // The hot channel: 100 writes/s + 2,000 reads/s × 2/3 replicas = 1,433/s on one shard of each
    // replica; the budget is 100,000/s ÷ 8 shards = 12,500/s.
    JsonNode root = check("chat-scylla");
    JsonNode heat = root.get("tables").get(0).get("heat");
    assertThat(heat.get("budgetPerSecond").asDouble()).isEqualTo(12_500);
    assertThat(heat.get("replicaLoadPerSecond").asDouble()).isCloseTo(1_433.333, org.assertj.core.api.Assertions.within(0.01));
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

  @Test
  void orders_byStatusIsLowCardinalityAndPastTheCellLimit() throws IOException {
    // orders_by_status: 5 statuses, DELIVERED holds 60% of 50M + 200/s × 1 year = 3.8 billion rows,
    // 7.6 billion values > 2 billion cells: an error. orders_by_user has no bucket and the B2B
    // account (500 orders/day) passes 100,000 values within the year.
    JsonNode root = check("orders");
    assertThat(findings(root)).containsExactlyInAnyOrder(
        "error PartitionOverGuideline orders_by_status",
        "warning PartitionOverGuideline orders_by_user",
        "warning UnboundedPartitionGrowth orders_by_user",
        "warning LowCardinalityPartitionKey orders_by_status",
        "warning UnboundedPartitionGrowth orders_by_status",
        "warning LoggedBatchAcrossPartitions place-order");
    assertThat(pattern(root, "change-status").get("notes").toString())
        .contains("orders_by_status: the update does not give its full primary key");
  }

  @Test
  void inbox_growsWithoutABucket_andDeletesAreNotAQueue() throws IOException {
    // Seed 002's messages_by_user keyed by user alone grows forever; deleting 20 of 2,000
    // messages/s leaves about 20 × 20 / 1,980 ≈ 0.2 tombstones per read: no QueuePattern.
    JsonNode root = check("inbox");
    assertThat(findings(root)).containsExactlyInAnyOrder(
        "warning PartitionOverGuideline messages_by_user",
        "warning UnboundedPartitionGrowth messages_by_user");
  }

  @Test
  void books_byGenreIsLowCardinality_andTheBioNeedsAJoin() throws IOException {
    // 30 genres, the busiest with 12% of the books; books_by_genre lacks author_bio_short, so
    // each of the 20 rows needs a lookup in authors: 1 + 20 = 21 partitions.
    JsonNode root = check("books");
    assertThat(findings(root)).containsExactlyInAnyOrder(
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
        .contains("0 errors, 0 warnings, 0 info");
  }
}
