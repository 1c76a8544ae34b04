package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class ReadYourWritesNotGuaranteedTest {
  private final RuleTester tester = RuleTester.of(ReadYourWritesNotGuaranteed.class);

  // A profile edited at the design's write level and re-read by the user who edited it, in one
  // datacenter with RF 3. Replicas per level (Apache Cassandra docs, tunable consistency):
  // ONE and LOCAL_ONE 1, LOCAL_QUORUM and QUORUM 3 / 2 + 1 = 2, ALL 3. A read is sure to see an
  // acknowledged write only if R + W > RF (seed 000: "2 + 2 > 3").
  private static String model(String levels, String readLevel, String expects, String marker) {
    return """
        model: profiles
        horizon: 1y
        entities:
          Profile:
            attributes:
              user_id: uuid
              bio: {type: text, size: 200B}
            key: [user_id]
            count: 1M
        patterns:
          - id: edit-profile
            rate: 50/s
            update: Profile set bio where user_id = ?
          - id: view-own-profile%s
            rate: 500/s
            query: Profile where user_id = ?
        %s%s
        cassandra:
          schema: unused.cql
          consistency: %s
        """
        .formatted(marker, readLevel, expects, levels);
  }

  private static final String CQL =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.profiles (user_id uuid PRIMARY KEY, bio text);
      """;

  private static final String EXPECTS = "    expects: read-your-writes";

  @Test
  void localOneReadOfALocalQuorumWrite_canMissIt_error() {
    // The pattern reads at LOCAL_ONE: R + W = 1 + 2 = 3 ≤ RF 3 ⇒ error.
    tester
        .model(
            model(
                "{read: LOCAL_QUORUM, write: LOCAL_QUORUM}",
                "    consistency: LOCAL_ONE\n",
                EXPECTS,
                " # FINDING: ReadYourWritesNotGuaranteed [error]: R + W = 1 + 2 = 3 ≤ RF 3"))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void quorumReadOfAOneWrite_canMissIt_error() {
    // The design writes at ONE and reads at QUORUM: R + W = 2 + 1 = 3 ≤ RF 3 ⇒ error, reported
    // at the pattern that expects to see the write.
    tester
        .model(
            model(
                "{read: QUORUM, write: ONE}",
                "",
                EXPECTS,
                " # FINDING: ReadYourWritesNotGuaranteed [error]: runs at QUORUM (2 of RF 3)"))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void localQuorumBothWays_overlaps() {
    // Near miss: R + W = 2 + 2 = 4 > RF 3.
    tester
        .model(model("{read: LOCAL_QUORUM, write: LOCAL_QUORUM}", "", EXPECTS, ""))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void oneReadOfAnAllWrite_overlaps() {
    // Near miss: R + W = 1 + 3 = 4 > RF 3; a write at ALL fails when any replica is down.
    tester.model(model("{read: ONE, write: ALL}", "", EXPECTS, "")).cql(CQL).expectMarkedFindings();
  }

  @Test
  void staleReadThatExpectsNothing_isNotFlagged() {
    // Near miss: LOCAL_ONE again (1 + 2 = 3 ≤ 3), but the pattern does not ask to see its
    // writes, so a stale read is a choice, not a broken promise.
    tester
        .model(
            model(
                "{read: LOCAL_QUORUM, write: LOCAL_QUORUM}",
                "    consistency: LOCAL_ONE\n",
                "",
                ""))
        .cql(CQL)
        .expectMarkedFindings();
  }
}
