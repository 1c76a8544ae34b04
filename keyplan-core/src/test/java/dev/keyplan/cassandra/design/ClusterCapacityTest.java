package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * The cluster's load beyond what simulate models: a lightweight transaction's Paxos rounds after
 * the first (4 round trips for a write with paxos v1, CassandraLimits) and the server's writes of a
 * materialized view whenever its base table is written. Cluster: 6 nodes, RF 3, LOCAL_QUORUM.
 */
final class ClusterCapacityTest {
  private static final String CQL =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.users (user_id uuid PRIMARY KEY, email text, name text);
      CREATE MATERIALIZED VIEW app.users_by_email AS SELECT user_id, email, name FROM app.users
        WHERE email IS NOT NULL AND user_id IS NOT NULL PRIMARY KEY (email, user_id);
      """;

  private static ClusterCapacity cluster(String signUp) {
    String model =
        """
        model: app
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              email: {type: text, size: 30B}
              name: {type: text, size: 20B}
            key: [user_id]
            count: 10M
        patterns:
          - id: profile
            rate: 1k/s
            query: User where user_id = ?
          - id: sign-up
            rate: 100/s
            insert: %s
        cassandra:
          schema: unused.cql
        """
            .formatted(signUp);
    return RuleTester.withoutRule().model(model).cql(CQL).analysis().cluster();
  }

  @Test
  void aPlainInsert_writesTheTableOnEveryReplica_andTheServerWritesItsView() {
    ClusterCapacity c = cluster("User");
    // profile: 1,000/s × 1 partition × 2 replicas (LOCAL_QUORUM of RF 3) = 2,000 replica reads/s.
    assertThat(c.replicaReadsPerSecond()).isCloseTo(2_000, within(1e-9));
    // sign-up: 100/s × RF 3 = 300 replica writes/s into users; the view: 100 × 3 = 300 more, which
    // simulate does not send (the server writes it).
    assertThat(c.replicaWritesPerSecond()).isCloseTo(300, within(1e-9));
    assertThat(c.unsimulatedPerSecond()).isCloseTo(300, within(1e-9));
    // Per node: (2,000 + 300 + 300) / 6 = 433.3/s, 2.17% of 20,000/s; coordinated 1,100 / 6.
    assertThat(c.replicaOpsPerNode()).isCloseTo(2_600 / 6.0, within(1e-9));
    assertThat(c.coordinatorPerNode()).isCloseTo(1_100 / 6.0, within(1e-9));
    assertThat(c.nodesNeeded()).isEqualTo(3); // RF 3, though 1 node would carry the load
  }

  @Test
  void aLightweightTransaction_addsItsPaxosRoundsBeyondTheFirst() {
    ClusterCapacity c = cluster("User if not exists");
    // 4 round trips: the write's 300 replica operations/s and 3 more rounds of them, 900/s, plus
    // the view's 300/s.
    assertThat(c.replicaWritesPerSecond()).isCloseTo(300, within(1e-9));
    assertThat(c.unsimulatedPerSecond()).isCloseTo(900 + 300, within(1e-9));
  }

  @Test
  void aTableOfUnknownSize_leavesTheDataUnknown_butCountsItsRowsAsALowerBound() {
    ClusterCapacity c = cluster("User");
    // No spread for email: users_by_email's partitions are unsized, so the data is unknown ...
    assertThat(c.bytes()).isNaN();
    assertThat(c.storageKnown()).isFalse();
    // ... but not its rows. users: 10,000,000 partitions × 16 B (user_id) + 10,000,000 rows × (30 B
    // email + 20 B name + 2 cells × 8 B) = 160 MB + 660 MB = 820 MB. users_by_email, its rows
    // alone: 10,000,000 × (16 B user_id + 20 B name + 1 cell × 8 B) = 440 MB. × RF 3: 3.78 GB.
    assertThat(c.bytesAtLeast()).isCloseTo(3 * (820e6 + 440e6), within(1.0));
    // 3.78 GB is under one node's 2 TB: at least 1 node by storage.
    assertThat(c.nodesByStorage()).isEqualTo(1);
  }
}
