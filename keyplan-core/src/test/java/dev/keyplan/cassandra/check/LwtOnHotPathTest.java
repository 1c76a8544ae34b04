package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class LwtOnHotPathTest {
  private final RuleTester tester = RuleTester.of(LwtOnHotPath.class);

  // Stock levels decremented with a compare-and-set (IF quantity = ?), a lightweight
  // transaction. The busiest product takes 5% of the updates. With paxos_variant v1 a write
  // takes 4 round trips (cassandra.yaml docs, seed 000); at the default round trip of 1 ms one
  // partition commits at most 1,000 ms / (4 × 1 ms) = 250 transactions/s. Warning from 10% of
  // that, 25/s.
  private static String model(String rate, String roundTrip, String marker) {
    return """
        model: stock
        horizon: 1y
        entities:
          Stock:
            attributes:
              sku: {type: text, size: 12B}
              quantity: int
            key: [sku]
            count: 100k
            spread:
              sku: {distinct: 100k, busiest: 5%%}
        patterns:
          - id: reserve-item%s
            rate: %s
            update: Stock set quantity where sku = ? if quantity = ?
        cassandra:
          schema: unused.cql
        %s"""
        .formatted(marker, rate, roundTrip);
  }

  private static final String CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE shop.stock (sku text PRIMARY KEY, quantity int);
      """;

  @Test
  void lwtsPastWhatPaxosCommitsPerPartition_areAnError() {
    // 10,000/s × 0.05 = 500/s on the busiest partition ≥ 250/s ⇒ error.
    tester
        .model(
            model(
                "10k/s",
                "",
                " # FINDING: LwtOnHotPath [error]: runs 500/s lightweight transactions"))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void lwtsAtOneFifthOfCapacity_areAWarning() {
    // 1,000/s × 0.05 = 50/s: under 250/s, at least 25/s ⇒ warning.
    tester
        .model(
            model(
                "1k/s",
                "",
                " # FINDING: LwtOnHotPath [warning]: commits at most 250/s per partition"))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void lwtsJustUnderTenPercentOfCapacity_areNotFlagged() {
    // Near miss: 480/s × 0.05 = 24/s < 25/s.
    tester.model(model("480/s", "", "")).cql(CQL).expectMarkedFindings();
  }

  @Test
  void longerRoundTrip_lowersTheCapacity() {
    // The same 50/s with round_trip: 10ms (replicas in several regions): 1,000 / (4 × 10) =
    // 25/s per partition, and 50/s ≥ 25/s ⇒ error.
    tester
        .model(
            model(
                "1k/s",
                "  round_trip: 10ms\n",
                " # FINDING: LwtOnHotPath [error]: commits at most 25/s per partition"))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void claimingAUniqueName_spreadOverManyKeys_isNotFlagged() {
    // Seed 000: "Use one to claim a unique name, not on a hot write path." 100/s sign-ups over
    // 100,000,000 names, each claimed once: 100 × 1 / 100,000,000 = 0.000001/s per partition.
    tester
        .model(
            """
        model: accounts
        horizon: 1y
        entities:
          Account:
            attributes:
              username: {type: text, size: 16B}
              user_id: uuid
            key: [username]
            count: 100M
        patterns:
          - id: claim-username
            rate: 100/s
            insert: Account if not exists
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.accounts (username text PRIMARY KEY, user_id uuid);
        """)
        .expectMarkedFindings();
  }
}
