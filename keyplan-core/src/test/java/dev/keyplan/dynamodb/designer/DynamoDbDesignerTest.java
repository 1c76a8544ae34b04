package dev.keyplan.dynamodb.designer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Severity;
import dev.keyplan.designer.Constraints;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.DesignWorkloads;
import dev.keyplan.designer.Proposal;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The designer reproduces seed 000's customer-and-orders single table from a workload with no
 * design, and shards the keys the rules find too hot (seed 004's flash sale) or too coarse (seed
 * 003's orders by status).
 */
class DynamoDbDesignerTest {
  private static DesignInput read(String text) {
    return new DesignInput(
        ModelReader.read("workload.yaml", text, Path.of(".")), text, Path.of("."));
  }

  /** examples/orders-dynamodb.yaml without its dynamodb: section. */
  static final String CUSTOMERS_AND_ORDERS =
      """
      model: orders-dynamodb
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            name: {type: text, size: 20B}
            email: {type: text, size: 30B}
          key: [customer_id]
          count: 5M
          growth: 2/s
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            order_date: date
            total: {type: decimal, size: 8B}
            status: {type: text, values: [open, paid, shipped, delivered, cancelled]}
            lines: {type: list<text>, size: 300B, items: 9}
          key: [order_id]
          count: 50M
          growth: 20/s
          spread:
            customer_id: {distinct: 5M, busiest: 500/day}
      patterns:
        - id: customer-profile
          rate: 400/s
          query: Customer where customer_id = ?
        - id: latest-orders
          rate: 400/s
          query: Order where customer_id = ? order by order_date desc limit 20
        - id: order-by-id
          rate: 100/s
          query: Order where order_id = ?
        - id: place-order
          rate: 20/s
          insert: Order
        - id: ship-order
          rate: 20/s
          update: Order set status where customer_id = ? and order_date = ? and order_id = ?
      """;

  /**
   * CUSTOMERS_AND_ORDERS with a read that expects read-your-writes on the customer's orders by
   * their total: the table key's partition, another order.
   */
  static final String BIGGEST_ORDERS =
      CUSTOMERS_AND_ORDERS.replace(
          "  - id: order-by-id\n",
          """
            - id: biggest-orders
              rate: 50/s
              query: Order where customer_id = ? order by total desc limit 5
              expects: read-your-writes
            - id: order-by-id
          """);

  @Test
  void aReadThatExpectsItsWritesOnTheTablesPartition_getsALocalIndex() {
    // biggest-orders gives customer_id, the table key's partition, and orders by total: a second
    // sort key on the same item collection. It expects read-your-writes, which only the table
    // and its local indexes give (AWS DG, "DynamoDB read consistency"), so its path is LSI1 with
    // sort key ORDER#{total}#{order_id}. The busiest customer's collection holds 1.25 GB after a
    // year and grows 3.17 MB a day, so it reaches the 10 GB cap after 3,356 days: beyond the
    // horizon, within ten (LsiOnUnboundedCollection's warning, kept: without the local index
    // the strong read would query the customer's whole collection, 2,181 RCU/s at its busiest).
    Proposal p = new DynamoDbDesigner().propose(read(BIGGEST_ORDERS), "unused.cql");
    assertThat(p.section())
        .contains("        LSI1: {local: true, sort_key: LSI1SK, projection: ALL}\n")
        .contains("LSI1SK: \"ORDER#{total}#{order_id}\"")
        .doesNotContain("LSI1PK")
        .doesNotContain("shard:");
    assertThat(p.requests().get("biggest-orders")).startsWith("Query on AppTable.LSI1,");
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
    assertThat(p.findings())
        .filteredOn(f -> f.rule().equals("LsiOnUnboundedCollection"))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.severity()).isEqualTo(Severity.WARNING);
              assertThat(f.message()).contains("after 3,356 days");
            });
  }

  @Test
  void aLocalIndexThatWouldOverfillTheCollection_isAGlobalOneAndTheReasonSaysWhy() {
    // The busiest customer placing 10 orders a second holds 315,360,000 after a year, hundreds of
    // GB with the index entries: past the 10 GB an LSI caps a collection at within the horizon
    // (LsiOnUnboundedCollection: error), so the path is a global index again.
    String busy = BIGGEST_ORDERS.replace("busiest: 500/day", "busiest: 10/s");
    Proposal p = new DynamoDbDesigner().propose(read(busy), "unused.cql");
    assertThat(p.section()).doesNotContain("LSI").contains("GSI2SK: \"ORDER#{total}#{order_id}\"");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("AppTable Order"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r ->
                            r.startsWith(
                                    "no local index for the reads that expect read-your-writes")
                                && r.contains("10 GB")));
  }

  @Test
  void theNewestItemsByTimeAlone_readAShardedIndexSortedByTheTime() {
    // examples/events-mongodb.yaml's workload: 12,000 events a second, and "the last hour" read
    // by created_at alone. No attribute by equality, so the index is keyed by the entity's name
    // (one value: 12,000 WCU/s on one partition, 1,200% of its 1,000) and sorted by created_at;
    // the shard search ends at 128, the first count that gives LowCardinalityIndexKey over 100
    // values with the busiest under 2% (64 would leave 1.56% busiest but only 64 values). The
    // table keeps the events by their own id. Before, the read was not supported (a Scan).
    Proposal p = new DynamoDbDesigner().propose(read(DesignWorkloads.EVENTS), "unused.cql");
    assertThat(p.unsupported()).isEmpty();
    assertThat(p.section())
        .contains(
            "keys: {PK: \"EVENT#{event_id}\", SK: \"EVENT\", GSI1PK: \"EVENT#{shard:128}\","
                + " GSI1SK: \"EVENT#{created_at}#{event_id}\"}");
    assertThat(p.requests().get("last-hour")).startsWith("Query on AppTable.GSI1,");
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
  }

  @Test
  void itemsEveryInsertGivesATtl_makeTheTableExpireThem() {
    // DesignWorkloads.SESSIONS: sign-in inserts every Session `using ttl 12h`. The table names
    // expires_at as its TTL attribute, so check finds no EphemeralDataWithoutTtl, and the reason
    // gives rule EphemeralDataWithoutTtl's own figures: 100/s × (43,200 + 172,800 s of deletion
    // delay) = 21,600,000 items kept after 1y, against 100 × 31,536,000 = 3,153,600,000.
    Proposal p =
        new DynamoDbDesigner()
            .propose(DesignWorkloads.input(DesignWorkloads.SESSIONS), "unused.cql");
    assertThat(p.section()).contains("      sort_key: SK\n").contains("      ttl: expires_at\n");
    assertThat(p.findings()).noneMatch(f -> f.rule().equals("EphemeralDataWithoutTtl"));
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("AppTable TTL"))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.chosen()).isEqualTo("ttl: expires_at");
              assertThat(d.patterns()).containsExactly("sign-in");
              assertThat(d.reasons().get(0))
                  .contains("keeps about 21,600,000 of its items after 1y")
                  .contains("against 3,153,600,000 without");
            });
  }

  @Test
  void theTtlAttributeTakesANameNoEntityUses() {
    // An entity with its own expires_at (a timestamp, which DynamoDB would store as a string and
    // never expire by) leaves the TTL attribute the next free name.
    String text =
        DesignWorkloads.SESSIONS.replace(
            "      data: {type: text, size: 200B}\n",
            "      data: {type: text, size: 200B}\n      expires_at: timestamp\n");
    assertThat(DynamoDbDesigner.ttlAttribute(DesignWorkloads.input(text).model()))
        .contains("expires_at_2");
    // Without a TTL on the insert, no TTL attribute.
    String forever = DesignWorkloads.SESSIONS.replace(" using ttl 12h", "");
    assertThat(DynamoDbDesigner.ttlAttribute(DesignWorkloads.input(forever).model())).isEmpty();
  }

  @Test
  void customersAndOrders_shareOneItemCollection_withAnIndexByOrderId() {
    Proposal p = new DynamoDbDesigner().propose(read(CUSTOMERS_AND_ORDERS), "unused.cql");
    // Seed 000: the customer's profile and orders in the item collection of the customer's id
    // (customer_id keys Customer, so Order's items read by it join it), the orders newest first by
    // date, and a global index by order id. ship-order gives the whole table key: no index.
    assertThat(p.section())
        .contains("Customer:\n          keys: {PK: \"CUSTOMER#{customer_id}\", SK: \"CUSTOMER\"}")
        .contains(
            "Order:\n          keys: {PK: \"CUSTOMER#{customer_id}\","
                + " SK: \"ORDER#{order_date}#{order_id}\", GSI1PK: \"ORDER#{order_id}\","
                + " GSI1SK: \"ORDER\"}")
        .contains("GSI1: {partition_key: GSI1PK, sort_key: GSI1SK, projection: ALL")
        .doesNotContain("GSI2");
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
    assertThat(p.unsupported()).isEmpty();
  }

  @Test
  void theBillingMode_isTheOneThatCostsLessAtThePatternsRates() {
    Proposal p = new DynamoDbDesigner().propose(read(CUSTOMERS_AND_ORDERS), "unused.cql");
    Proposal.Decision billing = p.decisions().get(p.decisions().size() - 1);
    // At its peaks all month, on demand costs more than the units the peaks need provisioned
    // (⌈peak ÷ 0.7⌉), so the table and its index are provisioned at exactly those units: no
    // ProvisionedBelowNeed finding, and the reason gives both monthly figures.
    assertThat(billing.chosen()).startsWith("provisioned {read: ");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "\\$([0-9,.]+) a month in throughput, against \\$([0-9,.]+) on demand")
            .matcher(billing.reasons().get(0));
    assertThat(m.find()).isTrue();
    double provisioned = Double.parseDouble(m.group(1).replace(",", ""));
    double onDemand = Double.parseDouble(m.group(2).replace(",", ""));
    assertThat(provisioned).isLessThan(onDemand);
    assertThat(p.section())
        .contains(
            "GSI1: {partition_key: GSI1PK, sort_key: GSI1SK, projection: ALL, capacity: {read: ");
    assertThat(p.findings()).noneMatch(f -> f.rule().equals("ProvisionedBelowNeed"));
  }

  @Test
  void aFlashSalesProduct_isShardedByTheFewestShardsThatCoolIt() {
    // Seed 004: 800 of 1,000 purchases a second on one product. Unsharded its key takes 800 WCU/s,
    // 80% of the 1,000 a partition serves, past the 50% at which PartitionThroughputExceeded
    // warns; 2 shards take 400 WCU/s each, 40%.
    String sale =
        """
        model: flash-sale
        horizon: 2h
        entities:
          Sale:
            attributes:
              product_id: {type: text, size: 16B}
              sale_id: {type: text, size: 26B, time_ordered: true}
              user_id: uuid
            key: [sale_id]
            growth: 1k/s
            spread:
              product_id: {distinct: 10k, busiest: 800/s}
        patterns:
          - id: buy
            rate: 1k/s
            insert: Sale
          - id: latest-sales
            rate: 200/s
            query: Sale where product_id = ? order by sale_id desc limit 20
        """;
    Proposal p = new DynamoDbDesigner().propose(read(sale), "unused.cql");
    assertThat(p.section()).contains("PK: \"SALE#{product_id}#{shard:2}\"");
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
  }

  @Test
  void ordersByStatus_areNeverAnIndexKeyedByStatusAlone() {
    // Seed 003: 5 statuses, 60% in one. LowCardinalityIndexKey wants above 100 values and below
    // 2% for the busiest: 16 shards give 80 values; 32 give 160, the busiest 60% ÷ 32 = 1.875%.
    String orders =
        """
        model: orders
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              user_id: uuid
              created_at: {type: timestamp, time_ordered: true}
              status: {type: text, values: [PENDING, PAID, SHIPPED, DELIVERED, CANCELLED]}
            key: [order_id]
            count: 50M
            growth: 200/s
            spread:
              user_id: {distinct: 5M, busiest: 500/day}
              status: {busiest: 60%}
        patterns:
          - id: orders-of-user
            rate: 3k/s
            query: Order where user_id = ? order by created_at desc limit 20
          - id: orders-in-status
            rate: 50/s
            query: Order where status = ? order by created_at desc limit 100
          - id: place-order
            rate: 200/s
            insert: Order
        """;
    Proposal p = new DynamoDbDesigner().propose(read(orders), "unused.cql");
    assertThat(p.section())
        .contains("PK: \"ORDER#{user_id}\"")
        .contains("GSI1PK: \"ORDER#{status}#{shard:32}\"");
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
  }

  @Test
  void withNoGlobalIndexAllowed_theOrderByIdPath_isNotSupported_withTheReason() {
    // The order by id (100/s) is Order's second read path after latest-orders (400/s): it takes
    // GSI1 (the test above). With --max-gsis 0 it has none, and is listed with the reason.
    var text = CUSTOMERS_AND_ORDERS;
    var w =
        new DesignInput(
            ModelReader.read("workload.yaml", text, Path.of(".")),
            text,
            Path.of("."),
            new Constraints(
                OptionalInt.empty(),
                OptionalInt.empty(),
                OptionalInt.of(0),
                OptionalDouble.empty()));
    Proposal p = new DynamoDbDesigner().propose(w, "unused.cql");
    assertThat(p.unsupported())
        .singleElement()
        .satisfies(
            u -> {
              assertThat(u.pattern()).isEqualTo("order-by-id");
              assertThat(u.reason())
                  .isEqualTo(
                      "needs a global secondary index of its own (Order by order_id), GSI1; the"
                          + " constraint allows 0 a table; without one it runs as a Scan");
            });
    assertThat(p.section()).doesNotContain("GSI1");
    assertThat(p.passes()).isFalse();
  }

  /**
   * Support tickets, the shape of AWS's sparse-index example in other words: every ticket is read
   * by its customer, and the open ones by their assignee, which only open tickets hold (5% of them:
   * {@code present: 5%}).
   */
  static final String TICKETS =
      """
      model: tickets
      horizon: 1y
      entities:
        Ticket:
          attributes:
            ticket_id: uuid
            customer_id: uuid
            created_at: {type: timestamp, time_ordered: true}
            subject: {type: text, size: 60B}
            body: {type: text, size: 900B}
            assignee_id: {type: uuid, present: 5%}
          key: [ticket_id]
          count: 10M
          spread:
            customer_id: {distinct: 1M, busiest: 0.01%}
            assignee_id: {distinct: 2k, busiest: 1%}
      patterns:
        - id: customer-tickets
          rate: 300/s
          query: Ticket where customer_id = ? order by created_at desc limit 20
        - id: open-by-assignee
          rate: 50/s
          query: Ticket where assignee_id = ? order by created_at limit 50
        - id: open-ticket
          rate: 20/s
          insert: Ticket
      """;

  @Test
  void aReadByASparseAttribute_readsASparseIndex_andTheReasonGivesItsFigures() {
    // open-by-assignee restricts assignee_id, which 5% of tickets hold: its path is GSI1, keyed
    // TICKET#{assignee_id}, which the application writes only into a ticket that has an assignee,
    // so the index holds 0.05 × 10M = 500,000 tickets (AWS DG, "Take advantage of sparse
    // indexes"). Every figure is the analysis's, against the same design analysed with every
    // ticket holding assignee_id: 10,000,000 entries. An entry (ALL) is a ticket with every key,
    // 1,382 B as the analysis sizes it both ways, plus 100 B of overhead: 500,000 × 1,482 =
    // 741 MB against 10,000,000 × 1,482 = 14.8 GB. Writes: 20 inserts a second, an entry of
    // ⌈1,382 / 1,024⌉ = 2 WCU for 5% of them: 20 × 0.05 × 2 = 2 WCU/s, against 40.
    Proposal p = new DynamoDbDesigner().propose(read(TICKETS), "unused.cql");
    assertThat(p.section())
        .contains(
            "keys: {PK: \"TICKET#{customer_id}\", SK: \"TICKET#{created_at}#{ticket_id}\","
                + " GSI1PK: \"TICKET#{assignee_id}\", GSI1SK: \"TICKET#{created_at}#{ticket_id}\"}");
    assertThat(p.requests().get("open-by-assignee")).startsWith("Query on AppTable.GSI1,");
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
    var sizing =
        ((dev.keyplan.dynamodb.design.DynamoDbAnalysis) p.analysis())
            .sizing()
            .get("AppTable")
            .indexes()
            .get("GSI1");
    assertThat(sizing[0]).isCloseTo(500_000, org.assertj.core.api.Assertions.within(1e-6));
    assertThat(sizing[1]).isCloseTo(741_000_000, org.assertj.core.api.Assertions.within(1e-3));
    // open-by-assignee reads the whole ticket: the index keeps ALL.
    assertThat(p.section()).contains("projection: ALL");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("AppTable Ticket"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r ->
                            r.startsWith(
                                    "index GSI1 is sparse: 5% of Ticket items hold assignee_id"
                                        + " (present: 5%)")
                                && r.contains("GSI1 holds 500,000 items, 741 MB, 2 WCU/s, $")
                                && r.contains(
                                    "with every Ticket in it, 10,000,000 items, 14.8 GB, 40"
                                        + " WCU/s, $")));
  }

  @Test
  void theBusiestReadByASparseAttribute_neverKeysTheTable() {
    // At 500/s open-by-assignee is the busiest read, but a table's key is on every item and 95%
    // of tickets have no assignee to build TICKET#{assignee_id} from: the table is keyed by
    // customer-tickets' path, and open-by-assignee reads the sparse GSI1, as above.
    Proposal p =
        new DynamoDbDesigner()
            .propose(read(TICKETS.replace("rate: 50/s", "rate: 500/s")), "unused.cql");
    assertThat(p.section())
        .contains("PK: \"TICKET#{customer_id}\"")
        .contains("GSI1PK: \"TICKET#{assignee_id}\"");
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("AppTable Ticket"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .contains(
                        "table key TICKET#{customer_id} / TICKET#{created_at}#{ticket_id}, not"
                            + " open-by-assignee's path, the busiest: 5% of Ticket items hold"
                            + " assignee_id (present: 5%), and a table's key is on every item;"
                            + " open-by-assignee reads a sparse global index instead"));
    // With only sparse reads, the table is keyed by the ticket's own id.
    Proposal only =
        new DynamoDbDesigner()
            .propose(
                read(
                    TICKETS.replace(
                        "query: Ticket where customer_id = ? order by created_at desc limit 20",
                        "query: Ticket where assignee_id = ? and customer_id = ?")),
                "unused.cql");
    assertThat(only.section())
        .contains("keys: {PK: \"TICKET#{ticket_id}\", SK: \"TICKET\", GSI1PK:")
        .contains("GSI1PK: \"TICKET#{assignee_id}#{customer_id}\"");
  }

  @Test
  void anIndexWhoseReadsSelectAFewAttributes_projectsOnlyThose() {
    // open-by-assignee selects the subject alone; it restricts assignee_id and orders by
    // created_at, both in GSI1's keys. An entry with ALL is 1,382 B (the test above); with
    // INCLUDE [subject] the keys (PK, SK, GSI1PK, GSI1SK: 238 B, as KEYS_ONLY below) and subject
    // (7 + 60 B): 305 B. Stored: 500,000 × (305 + 100) = 203 MB against 741 MB. Writes: 20 × 0.05
    // × ⌈305 / 1,024⌉ = 1 WCU/s against 2. A read of 50 entries: 50 × 305 = 15,250 B, 4 blocks
    // of 4 KB, 2 RCU eventually consistent, × 50/s = 100 RCU/s; with ALL 50 × 1,382 = 69,100 B,
    // 17 blocks, 8.5 RCU, 425 RCU/s. Every attribute the read needs is in the entry: no fetch.
    String narrow =
        TICKETS.replace(
            "query: Ticket where assignee_id = ? order by created_at limit 50",
            "query: select subject from Ticket where assignee_id = ? order by created_at limit 50");
    Proposal p = new DynamoDbDesigner().propose(read(narrow), "unused.cql");
    assertThat(p.section())
        .contains("GSI1: {partition_key: GSI1PK, sort_key: GSI1SK, projection: [subject], ");
    assertThat(p.requests().get("open-by-assignee")).startsWith("Query on AppTable.GSI1,");
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("AppTable GSI1 projection"))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.chosen()).isEqualTo("projection: [subject]");
              assertThat(d.patterns()).containsExactly("open-by-assignee");
              assertThat(d.reasons().get(1))
                  .startsWith(
                      "GSI1 stores 203 MB against 741 MB with ALL (500,000 entries of 405 B"
                          + " against 1.48 KB, 100 B of overhead each), takes 1 WCU/s against 2"
                          + " WCU/s and 100 RCU/s against 425 RCU/s: $");
            });
    // Selecting only what the keys hold (ticket_id and created_at are in GSI1SK): KEYS_ONLY,
    // entries of 238 B, 50 × 238 = 11,900 B, 3 blocks, 1.5 RCU a read, 75 RCU/s.
    Proposal k =
        new DynamoDbDesigner()
            .propose(
                read(
                    TICKETS.replace(
                        "query: Ticket where assignee_id = ? order by created_at limit 50",
                        "query: select ticket_id, created_at from Ticket where assignee_id = ?"
                            + " order by created_at limit 50")),
                "unused.cql");
    assertThat(k.section()).contains("projection: KEYS_ONLY");
    assertThat(k.decisions())
        .filteredOn(d -> d.target().equals("AppTable GSI1 projection"))
        .singleElement()
        .satisfies(d -> assertThat(d.reasons().get(1)).contains("75 RCU/s against 425 RCU/s"));
    // A second read of GSI1 that needs the whole ticket keeps ALL: no projection decision.
    Proposal mixed =
        new DynamoDbDesigner()
            .propose(
                read(
                    narrow.replace(
                        "  - id: open-ticket\n",
                        """
                          - id: assignee-latest
                            rate: 5/s
                            query: Ticket where assignee_id = ? order by created_at limit 5
                          - id: open-ticket
                        """)),
                "unused.cql");
    assertThat(mixed.section()).contains("projection: ALL").doesNotContain("[subject]");
    assertThat(mixed.decisions()).noneMatch(d -> d.target().endsWith("projection"));
  }

  @Test
  void residency_isAConstraintNotMet() {
    // One keyspace (one table) holds every row wherever its replicas are: the places the model
    // asks rows to stay in are not kept. The model's requirement is not met, and the proposal
    // says so rather than staying silent.
    Proposal p =
        new DynamoDbDesigner()
            .propose(DesignWorkloads.input(DesignWorkloads.GLOBAL_SHOP), "global.cql");
    assertThat(p.unmet())
        .singleElement()
        .satisfies(u -> assertThat(u).startsWith("residency (Customer.region, Order.region): "));
    // So the verdict does not take it, however cheap.
    assertThat(p.passes()).isFalse();
  }
}
