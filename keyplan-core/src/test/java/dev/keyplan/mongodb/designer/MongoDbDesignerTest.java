package dev.keyplan.mongodb.designer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Severity;
import dev.keyplan.designer.Constraints;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.DesignWorkloads;
import dev.keyplan.designer.Proposal;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The designer reproduces seeds 000 and 003's MongoDB shop (orders embed their lines, reviews are
 * their own collection with an ESR index) and seed 004's tenants shard key ({country_code: 1,
 * tenant_id: 1}, never {country_code: 1}) from workloads with no design.
 */
class MongoDbDesignerTest {
  private static DesignInput read(String text, OptionalInt shards) {
    Constraints fixed =
        shards.isPresent() ? Constraints.NONE.withShards(shards.getAsInt()) : Constraints.NONE;
    return new DesignInput(
        ModelReader.read("workload.yaml", text, Path.of(".")), text, Path.of("."), fixed);
  }

  /** examples/shop-mongodb.yaml without its mongodb: section. */
  static final String SHOP =
      """
      model: shop-mongodb
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            name: {type: text, size: 20B}
            email: {type: text, size: 30B, unique: true}
          key: [customer_id]
          count: 2M
          growth: 1/s
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            created_at: {type: timestamp, time_ordered: true}
            status: {type: text, values: [pending, paid, shipped, delivered]}
            total: {type: decimal, size: 8B}
          key: [order_id]
          count: 20M
          growth: 10/s
          spread:
            customer_id: {distinct: 2M}
        OrderLine:
          attributes:
            order_id: uuid
            product_id: uuid
            name: {type: text, size: 40B, copy_of: Product.name}
            qty: int
            price: {type: decimal, size: 8B}
          count: 60M                  # three lines per order
          growth: 30/s
        Product:
          attributes:
            product_id: uuid
            name: {type: text, size: 40B}
            price: {type: decimal, size: 8B}
            category: {type: text, size: 12B}
          key: [product_id]
          count: 50k
        Review:
          attributes:
            review_id: uuid
            product_id: uuid
            user_id: uuid
            rating: tinyint
            text: {type: text, size: 400B}
            created_at: {type: timestamp, time_ordered: true}
          key: [review_id]
          count: 1M
          growth: 1/s
          spread:
            product_id: {distinct: 50k, busiest: 2%}
      patterns:
        - id: customer-orders
          says: A customer's latest 20 orders
          rate: 300/s
          query: Order where customer_id = ? order by created_at desc limit 20
        - id: order
          says: One order with its lines
          rate: 200/s
          query: Order where order_id = ?
        - id: order-lines
          rate: 100/s
          query: OrderLine where order_id = ?
        - id: product
          rate: 1k/s
          query: Product where product_id = ?
        - id: newest-reviews
          says: The five newest reviews of a product
          rate: 500/s
          query: Review where product_id = ? order by created_at desc limit 5
        - id: place-order
          rate: 10/s
          insert: Order
        - id: add-line
          rate: 30/s
          insert: OrderLine
        - id: review
          rate: 1/s
          insert: Review
        - id: sign-in
          rate: 50/s
          query: Customer where email = ?
          ignore_case: [email]
      """;

  /** examples/tenants-mongodb-fixed.yaml without its mongodb: section. */
  static final String TENANTS =
      """
      model: tenants-mongodb-fixed
      horizon: 1y
      entities:
        Tenant:
          attributes:
            tenant_id: uuid
            country_code: {type: text, size: 2B}
            name: {type: text, size: 40B}
            plan: {type: text, values: [free, team, enterprise]}
            settings: {type: text, size: 2KB}
          key: [tenant_id]
          count: 5M
          growth: 2/s
          spread:
            country_code: {distinct: 120, busiest: 60%}      # the US
      patterns:
        - id: tenant
          says: The app knows a tenant's country from its sign-in, and gives both key fields
          rate: 2k/s
          query: Tenant where country_code = ? and tenant_id = ?
        - id: tenants-of-country
          says: Operations list the tenants of a country
          rate: 5/s
          query: Tenant where country_code = ? limit 100
        - id: sign-up
          rate: 2/s
          insert: Tenant
        - id: change-plan
          rate: 50/s
          update: Tenant set plan where country_code = ? and tenant_id = ?
      """;

  /** Readings of 100,000 devices, 20,000 a second, read by device for the last hour. */
  static final String READINGS =
      """
      model: iot
      horizon: 30d
      entities:
        Reading:
          attributes:
            device_id: uuid
            at: {type: timestamp, time_ordered: true}
            temperature: double
            humidity: double
          key: [device_id, at]
          count: 0
          growth: 20k/s
          spread:
            device_id: {distinct: 100k, busiest: 0.01%}
      patterns:
        - id: last-hour
          rate: 500/s
          query: Reading where device_id = ? and at > ? order by at desc limit 360
        - id: record
          rate: 20k/s
          insert: Reading
      """;

  @Test
  void readingsOnlyInsertedAndReadByDeviceAndTime_areATimeSeriesCollection() {
    // 20,000/s over 100,000 devices: one reading every 5 s per device, under a minute apart, so
    // granularity seconds (a 3,600 s bucket span) and 720 readings a bucket. 30 days of readings,
    // 20,000 × 2,592,000 = 51,840,000,000, fill 51,840,000,000 / 720 = 72,000,000 buckets. The
    // read is served by the server's own {device_id: 1, at: 1} index; no validator (the server
    // refuses one on a time-series collection).
    Proposal p = new MongoDbDesigner().propose(DesignWorkloads.input(READINGS), "unused");
    assertThat(p.section())
        .contains(
            "    readings:\n      entity: Reading\n      timeseries: {timeField: at, metaField:"
                + " device_id, granularity: seconds}\n")
        .doesNotContain("validation")
        .doesNotContain("indexes:");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("readings"))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.patterns()).containsExactly("last-hour");
              assertThat(d.reasons().get(0))
                  .contains("one measurement every 5s (20,000/s over 100,000 values of device_id)");
              assertThat(d.reasons().get(1)).startsWith("72,000,000 buckets of ");
            });
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
  }

  @Test
  void sparseSeries_stayARegularCollection() {
    // 100,000,000 devices writing 10 readings a second in all: one a device every 10,000,000 s,
    // more than even granularity hours' 30-day span, so every bucket holds one reading and
    // carries its control block besides: larger than the documents. Kept regular, and said.
    String sparse =
        READINGS
            .replace("growth: 20k/s", "growth: 10/s")
            .replace("distinct: 100k", "distinct: 100M");
    Proposal p = new MongoDbDesigner().propose(DesignWorkloads.input(sparse), "unused");
    assertThat(p.section()).doesNotContain("timeseries").contains("validation: true");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("readings"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r ->
                            r.startsWith("a regular collection, not a time-series one: ")
                                && r.contains("granularity hours")));
  }

  @Test
  void anEntityThatIsUpdated_isNeverATimeSeries() {
    String updated =
        READINGS
            + """
              - id: correct
                rate: 1/s
                update: Reading set temperature where device_id = ? and at = ?
            """;
    Proposal p = new MongoDbDesigner().propose(DesignWorkloads.input(updated), "unused");
    assertThat(p.section()).doesNotContain("timeseries");
  }

  @Test
  void documentsEveryInsertGivesATtl_getATtlIndexOnTheirInsertTime() {
    // DesignWorkloads.SESSIONS: every Session is inserted `using ttl 12h`, and created_at is a
    // timestamp (a BSON date) declared time_ordered, taken as the insert's time: a TTL index
    // {created_at: 1} with expireAfterSeconds 43,200 keeps 100/s × 43,200 s = 4,320,000 sessions
    // instead of a year's 3,153,600,000.
    Proposal p =
        new MongoDbDesigner().propose(DesignWorkloads.input(DesignWorkloads.SESSIONS), "unused");
    assertThat(p.section()).contains("- {keys: {created_at: 1}, ttl: 12h}");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("sessions"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r ->
                            r.startsWith("index {keys: {created_at: 1}, ttl: 12h}: a TTL index")
                                && r.endsWith(
                                    "4,320,000 documents after 1y instead of 3,153,600,000 kept"
                                        + " for ever")));
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
  }

  @Test
  void withoutADateThatGrowsWithTheInserts_noTtlIndex_andTheReasonSaysWhy() {
    // created_at not declared time_ordered: nothing says which date holds the insert's time.
    String text = DesignWorkloads.SESSIONS.replace(", time_ordered: true", "");
    Proposal p = new MongoDbDesigner().propose(DesignWorkloads.input(text), "unused");
    assertThat(p.section()).doesNotContain("ttl:");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("sessions"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r ->
                            r.startsWith("no TTL index: every insert of Session sets a TTL of 12h")
                                && r.contains("its documents are kept (3,153,600,000 after 1y)")));
  }

  @Test
  void shop_embedsTheLinesInTheirOrder_andKeepsTheReviewsInTheirOwnCollection() {
    Proposal p = new MongoDbDesigner().propose(read(SHOP, OptionalInt.empty()), "unused");
    // Lines: read through their order (order-lines), owned, never updated alone, and bounded: 60M
    // lines over 20M orders, 30/s with 10/s, 30 x 20M = 60M x 10, so 3 an order at any horizon.
    assertThat(p.section())
        .contains(
            "    orders:\n      entity: Order\n      embed:\n"
                + "        lines: {entity: OrderLine, by: [order_id]}\n")
        .doesNotContain("order_lines:");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("orders.lines"))
        .singleElement()
        .satisfies(d -> assertThat(d.reasons()).contains("bounded: at most about 3 per Order"));
    // Reviews: the busiest product takes 2% of 1M + 1/s x 31,536,000 s = 650,720 at the horizon,
    // and products never grow: unbounded, so a collection of their own, with the ESR index of
    // newest-reviews (equality product_id, then the sort created_at descending).
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("reviews → products"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .contains(
                        "unbounded: Review grows with no limit per Product (650,720 for the"
                            + " busiest at the horizon)"));
    assertThat(p.section())
        .contains(
            "    reviews:\n      entity: Review\n      indexes:\n"
                + "        - {product_id: 1, created_at: -1}\n")
        // sign-in ignores the case of a unique email: a unique index with the collation.
        .contains("- {keys: {email: 1}, unique: true, collation: case-insensitive}")
        .contains("    orders:\n")
        .contains("        - {customer_id: 1, created_at: -1}\n")
        // product and order read by _id: no index of their own.
        .contains("    products:\n      entity: Product\n      validation: true\n");
    // 1,000/s on products, the busiest collection, is under half of a shard's 10,000/s.
    assertThat(p.section()).doesNotContain("shards:");
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
    assertThat(p.unsupported()).isEmpty();
  }

  @Test
  void tenants_onFourShards_areKeyedByCountryAndTenant_neverByCountryAlone() {
    Proposal p = new MongoDbDesigner().propose(read(TENANTS, OptionalInt.of(4)), "unused");
    // The busiest read (tenant, 2,000/s) gives country_code and tenant_id by equality; tenant_id
    // is the key, so _id: every tenant its own value, and the US's 60% splits into chunks.
    assertThat(p.section())
        .contains("  shards: 4\n")
        .contains("      shard_key: {country_code: 1, _id: 1}\n")
        .contains("        - {country_code: 1, _id: 1}\n")
        .doesNotContain("shard_key: {country_code: 1}");
    // The country listing is served by the shard key's index: no index of its own.
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("tenants"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .contains(
                        "no index {country_code: 1} (tenants-of-country: served by"
                            + " {country_code: 1, _id: 1})"));
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
  }

  @Test
  void tenants_sizedFromTheirLoad_stayOneReplicaSet() {
    Proposal p = new MongoDbDesigner().propose(read(TENANTS, OptionalInt.empty()), "unused");
    // 2,000 + 5 + 2 + 50 = 2,057/s, under half of one shard's 10,000/s: nothing to shard.
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("shards"))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.chosen()).isEqualTo("1 (a replica set)");
              assertThat(d.reasons().get(0)).contains("tenants, takes 2,057/s");
            });
    assertThat(p.section()).doesNotContain("shard_key");
  }

  @Test
  void aReadThatRestrictsNothing_isListedAsNotSupported() {
    String text =
        TENANTS.replace(
            "query: Tenant where country_code = ? limit 100", "query: Tenant limit 100");
    Proposal p = new MongoDbDesigner().propose(read(text, OptionalInt.empty()), "unused");
    assertThat(p.unsupported())
        .singleElement()
        .satisfies(u -> assertThat(u.pattern()).isEqualTo("tenants-of-country"));
  }

  @Test
  void namesAreEnglishPluralsInSnakeCase() {
    assertThat(MongoDbDesigner.collectionName("OrderLine")).isEqualTo("order_lines");
    assertThat(MongoDbDesigner.collectionName("Category")).isEqualTo("categories");
    assertThat(MongoDbDesigner.collectionName("Address")).isEqualTo("addresses");
    assertThat(MongoDbDesigner.collectionName("Day")).isEqualTo("days");
    assertThat(MongoDbDesigner.fieldName("Order", "OrderLine")).isEqualTo("lines");
    assertThat(MongoDbDesigner.fieldName("Product", "Review")).isEqualTo("reviews");
  }

  @Test
  void residency_zonesAPlaceEach_andLeadsTheShardKeysWithIt() {
    // Orders take 8,000 reads + 2,000 inserts = 10,000/s: 2 shards at half a 10,000/s budget.
    // Three places (APAC, EU, US) raise it to 3; there US's 50% sits on one shard, which takes
    // over half its budget (ShardOverBudget), so a 4th shard is tried and goes to US (50% on one
    // shard beats EU's 35%): APAC [0], EU [1], US [2, 3], 25% of the rows on each US shard.
    Proposal p =
        new MongoDbDesigner().propose(DesignWorkloads.input(DesignWorkloads.GLOBAL_SHOP), "unused");
    assertThat(p.section())
        .contains("  shards: 4\n")
        .contains("shard_key: {region: 1, _id: 1}\n")
        .contains("shard_key: {region: 1, customer_id: 1, _id: 1}\n")
        .contains("- {name: \"US\", min: \"US\", max: {after: \"US\"}, shards: [2, 3]}\n");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("zones"))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.chosen()).isEqualTo("APAC [0], EU [1], US [2, 3]");
              assertThat(d.reasons())
                  .contains("US: 50% of the rows on 2 shards, 25% of the rows each");
            });
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("shards"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r -> r.startsWith("raised to 3 shards: one at least for each place")));
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
  }

  @Test
  void withoutResidency_theSameShopHasNoZones() {
    Proposal p =
        new MongoDbDesigner()
            .propose(
                DesignWorkloads.input(DesignWorkloads.GLOBAL_SHOP.replace(", residency: true", "")),
                "unused");
    assertThat(p.section()).doesNotContain("zones:");
    assertThat(p.decisions()).noneMatch(d -> d.target().equals("zones"));
  }
}
