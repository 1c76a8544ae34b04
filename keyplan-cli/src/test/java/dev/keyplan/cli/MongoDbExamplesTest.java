package dev.keyplan.cli;

import static dev.keyplan.cli.Examples.check;
import static dev.keyplan.cli.Examples.findings;
import static dev.keyplan.cli.Examples.pattern;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The MongoDB examples, checked through the real CLI: seeds 000 and 003's shop (embed or
 * reference), seed 004's tenants (jumbo chunk) and its zones, each with its fix. Horizons are one
 * year: 31,536,000 s.
 */
final class MongoDbExamplesTest {
  private static JsonNode table(JsonNode root, String name) {
    for (JsonNode t : root.get("tables")) {
      if (t.get("store").asText().equals("mongodb") && t.get("name").asText().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no collection " + name);
  }

  private static JsonNode shards(JsonNode root, String collection) {
    for (JsonNode s : root.get("shards")) {
      if (s.get("collection").asText().equals(collection)) {
        return s;
      }
    }
    throw new AssertionError("no shards for " + collection);
  }

  private static JsonNode relationship(JsonNode root, String parent, String child) {
    for (JsonNode r : root.get("relationships")) {
      if (r.get("parent").asText().equals(parent) && r.get("child").asText().equals(child)) {
        return r;
      }
    }
    throw new AssertionError("no relationship " + parent + " → " + child);
  }

  @Test
  void shop_linesEmbedded_reviewsReferenced_everyReadOnAnIndex() throws IOException {
    // Orders: 20M + 10/s × 31,536,000 s = 335,360,000 documents. Lines are bounded (max 100, about
    // 3 per order) and read with their order: embed. Reviews grow without a bound per product (2%
    // of
    // 32,536,000 = 650,720 for the busiest): their own collection.
    JsonNode root = check("shop-mongodb");
    // The shop validates its orders only: the other three collections are noted, nothing worse.
    assertThat(findings(root, "mongodb"))
        .containsExactly(
            "info MissingSchemaValidation customers",
            "info MissingSchemaValidation products",
            "info MissingSchemaValidation reviews");
    assertThat(table(root, "orders").get("documents").asLong()).isEqualTo(335_360_000L);
    assertThat(relationship(root, "Order", "OrderLine").get("advice").asText()).isEqualTo("embed");
    JsonNode reviews = relationship(root, "Product", "Review");
    assertThat(reviews.get("advice").asText()).isEqualTo("reference");
    assertThat(reviews.get("embedded").asBoolean()).isFalse();
    assertThat(reviews.get("busiestElements").asDouble()).isEqualTo(650_720);
    // ESR: customer_id is the equality, created_at the sort, so the index gives the order.
    JsonNode latest = pattern(root, "mongodb", "customer-orders");
    assertThat(latest.get("index").asText()).isEqualTo("customer_id_1_created_at_-1");
    assertThat(latest.get("blockingSort").asBoolean()).isFalse();
    for (JsonNode p : root.get("patterns")) {
      assertThat(p.get("access").asText()).as(p.get("id").asText()).isNotEqualTo("collscan");
    }
  }

  @Test
  void shopWithReviewsEmbedded_theBusiestProductPassesSixteenMebibytes() throws IOException {
    // The wrong variant: 650,720 reviews in the busiest product's array make a document of
    // 336,961,996 B (measured by the bson library on the built document and its array), 20× the
    // 16,777,216 B limit; keyplan's advice (reference) differs from the design (embedded).
    JsonNode root = check("shop-mongodb-embedded-reviews");
    // One finding, with its cause: the reviews array has no max over a child that keeps growing.
    assertThat(findings(root, "mongodb"))
        .containsExactly(
            "error UnboundedArray products.reviews",
            "info MissingSchemaValidation customers",
            "info MissingSchemaValidation products");
    JsonNode products = table(root, "products");
    assertThat(products.get("largestDocumentBytes").asLong()).isGreaterThan(16L * 1024 * 1024);
    JsonNode reviews = relationship(root, "Product", "Review");
    assertThat(reviews.get("embedded").asBoolean()).isTrue();
    assertThat(reviews.get("advice").asText()).isEqualTo("reference");
    // The newest reviews are sorted from the array in memory: no index orders an embedded array.
    assertThat(pattern(root, "mongodb", "newest-reviews").get("blockingSort").asBoolean()).isTrue();
  }

  @Test
  void tenantsByCountry_theUsIsAJumboChunk() throws IOException {
    // 5M + 2/s × 31,536,000 s = 68,072,000 tenants of 2,135 B; the US holds 60%:
    // 0.6 × 68,072,000 × 2,135 B = 87,200,232,000 B under one shard key value, far over the
    // 128 MiB range size. 120 countries allow at most 120 chunks. The reads by tenant id give no
    // shard key, so mongos asks all 4 shards.
    JsonNode root = check("tenants-mongodb");
    // The tenant read and the plan change give tenant_id alone: both go to all 4 shards, the read
    // at 2,000/s (20% of each shard's 10,000/s, the hot path), the update at 50/s (0.5%, off it).
    assertThat(findings(root, "mongodb"))
        .containsExactlyInAnyOrder(
            "error JumboChunkRisk tenants",
            "error LowCardinalityShardKey tenants",
            "warning ScatterGatherOnHotPath tenant",
            "info ScatterGatherOnHotPath change-plan");
    JsonNode s = shards(root, "tenants");
    assertThat(s.get("distinctShardKeyValues").asLong()).isEqualTo(120);
    assertThat(s.get("busiestValueBytes").asDouble()).isCloseTo(87_200_232_000.0, within(1.0));
    assertThat(s.get("jumbo").asBoolean()).isTrue();
    // tenant_id, the entity's key, is a suffix that makes every value one tenant: refine, not
    // reshard. The key names document fields, and the one-attribute key is stored as _id.
    assertThat(s.get("refineShardKey").toString()).isEqualTo("[\"country_code\",\"_id\"]");
    assertThat(pattern(root, "mongodb", "tenant").get("routing").asText())
        .isEqualTo("scatter-gather");
    assertThat(pattern(root, "mongodb", "tenant").get("shards").asInt()).isEqualTo(4);
  }

  @Test
  void tenantsByCountryAndTenant_noJumboChunk_andReadsTargetOneShard() throws IOException {
    // {country_code: 1, tenant_id: 1}: each tenant is its own key value (2,135 B), so the US's 60%
    // splits; reads and updates give both fields and go to one shard.
    JsonNode root = check("tenants-mongodb-fixed");
    JsonNode s = shards(root, "tenants");
    assertThat(s.get("jumbo").asBoolean()).isFalse();
    assertThat(s.get("busiestValueBytes").asDouble())
        .isEqualTo(table(root, "tenants").get("typicalDocumentBytes").asDouble());
    assertThat(pattern(root, "mongodb", "tenant").get("routing").asText())
        .isEqualTo("single-shard");
    assertThat(pattern(root, "mongodb", "change-plan").get("routing").asText())
        .isEqualTo("single-shard");
    assertThat(findings(root, "mongodb")).isEmpty();
  }

  @Test
  void eventsByTimestamp_everyInsertOnOneShard_andTheHashedKeySpreadsThem() throws IOException {
    // 12,000 events/s for 90 days: 12,000 × 7,776,000 s = 93,312,000,000 events, each its own
    // created_at value (time-ordered, no spread declared). Ranged on {created_at: 1}, every insert
    // goes to the chunk holding MaxKey: 12,000/s on one shard, 120% of its 10,000/s.
    JsonNode ranged = check("events-mongodb");
    assertThat(findings(ranged, "mongodb"))
        .containsExactly("error MonotonicShardKey events", "info MissingSchemaValidation events");
    JsonNode s = shards(ranged, "events");
    assertThat(s.get("monotonicField").asText()).isEqualTo("created_at");
    assertThat(s.get("distinctShardKeyValues").asDouble()).isEqualTo(93_312_000_000.0);
    assertThat(s.get("writesPerSecond").asDouble()).isCloseTo(12_000, within(0.01));
    // Hashed, the same inserts spread evenly: 12,000 / 4 = 3,000/s per shard. The 2/s last-hour
    // range cannot be routed on a hashed key and reaches all 4 shards, off the hot path.
    JsonNode hashed = check("events-mongodb-hashed");
    assertThat(findings(hashed, "mongodb"))
        .containsExactlyInAnyOrder(
            "info ScatterGatherOnHotPath last-hour", "info MissingSchemaValidation events");
    assertThat(shards(hashed, "events").get("writesPerSecond").asDouble())
        .isCloseTo(3_000, within(0.01));
  }

  @Test
  void orders_onMongoDb_statusChangesByOrderIdAskEveryShard() throws IOException {
    // Sharded on {user_id: hashed} over 4 shards. A user's orders go to one shard; a status change
    // gives only order_id, so each of the 600/s goes to all 4; the busiest shard writes
    // 200/s ÷ 4 + 600/s = 650/s.
    JsonNode root = check("orders");
    assertThat(pattern(root, "mongodb", "orders-of-user").get("routing").asText())
        .isEqualTo("single-shard");
    JsonNode change = pattern(root, "mongodb", "change-status");
    assertThat(change.get("routing").asText()).isEqualTo("scatter-gather");
    assertThat(change.get("shards").asInt()).isEqualTo(4);
    assertThat(shards(root, "orders").get("writesPerSecond").asDouble())
        .isCloseTo(650, within(0.01));
    // Both broadcasts are below 10% of a shard's 10,000/s: 50/s (0.5%) and 600/s (6%).
    assertThat(findings(root, "mongodb"))
        .containsExactlyInAnyOrder(
            "info ScatterGatherOnHotPath orders-in-status",
            "info ScatterGatherOnHotPath change-status",
            "info MissingSchemaValidation orders");
  }

  @Test
  void customersInZones_eachRegionPinned_andReadsTargetOneShard() throws IOException {
    // Seed 004's geo-compliance design: zones APAC [APAC, EU), EU [EU, US), US [US, MaxKey) on
    // {region_code: 1, customer_id: 1}; customer_id is the _id, so the index is
    // region_code_1__id_1.
    JsonNode root = check("customers-zones-mongodb");
    assertThat(findings(root, "mongodb")).isEmpty();
    JsonNode customers = table(root, "customers");
    assertThat(customers.get("zones")).hasSize(3);
    assertThat(customers.get("zones").get(1).get("min").asText()).isEqualTo("EU");
    assertThat(customers.get("zones").get(1).get("max").asText()).isEqualTo("US");
    assertThat(customers.get("indexes").get(1).get("name").asText())
        .isEqualTo("region_code_1__id_1");
    assertThat(pattern(root, "mongodb", "customer").get("routing").asText())
        .isEqualTo("single-shard");
    // The US's 45% stays on shards 4 and 5: 22.5% of the 3,000 reads/s each, 675/s, where an even
    // spread over 6 shards would give 500/s.
    assertThat(customers.get("zones").get(2).get("busiestShardShare").asDouble())
        .isCloseTo(0.225, within(1e-9));
    assertThat(shards(root, "customers").get("readsPerSecond").asDouble())
        .isCloseTo(675, within(0.01));
    // 30M + 5/s × 31,536,000 s = 187,680,000 customers, each its own shard key value.
    assertThat(shards(root, "customers").get("distinctShardKeyValues").asLong())
        .isEqualTo(187_680_000L);
  }
}
