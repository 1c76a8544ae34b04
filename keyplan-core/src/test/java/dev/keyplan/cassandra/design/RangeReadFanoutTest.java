package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * One fan-out figure for a read through an index (issue 15 §3): the planner's plan, the cluster's
 * capacity and simulate all take it from {@link Fanout#rangeRead}. A 2i or SAI query without its
 * partition key is a range read covering the ring; the coordinator merges consecutive vnode ranges
 * whose replicas satisfy the level (Cassandra 5.0's {@code ReplicaPlanMerger}), so covering the
 * ring of {@code nodes} nodes at RF {@code r} asks {@code ⌈nodes ÷ r⌉} replica sets, each at the
 * level's replicas. Before, the capacity check counted every node once per read whatever the level
 * (6 on 6 nodes), while the planner said 2 replica sets × the level's replicas.
 */
public final class RangeReadFanoutTest {
  /** The schema: users with an SAI index on country, RF 3. */
  public static final String CQL =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.users (user_id uuid PRIMARY KEY, country text, name text);
      CREATE INDEX users_country ON app.users (country) USING 'sai';
      """;

  /** Returns the model, reading at {@code level}. */
  public static String model(String level) {
    return """
        model: app
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              country: {type: text, size: 2B}
              name: {type: text, size: 20B}
            key: [user_id]
            count: 1M
            spread:
              country: {distinct: 100}
        patterns:
          - id: by-country
            rate: 10/s
            query: User where country = ? limit 20
        cassandra:
          schema: unused.cql
          consistency: {read: %s}
        """
        .formatted(level);
  }

  private static CassandraAnalysis analyse(String level, String cql) {
    return RuleTester.withoutRule().model(model(level)).cql(cql).analysis();
  }

  @Test
  void anSaiRead_atLocalQuorum_asksTwoReplicaSetsOfTwoReplicas() {
    var a = analyse("LOCAL_QUORUM", CQL);
    var plan = a.plan("by-country").orElseThrow();
    assertThat(plan.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    // 6 nodes, RF 3: ⌈6 / 3⌉ = 2 replica sets; LOCAL_QUORUM of 3 = 2 replicas; 4 requests.
    var contacts = a.fanout().rangeRead(plan.pattern(), "users");
    assertThat(contacts).isEqualTo(new Fanout.Contacts(2, 2, 0));
    assertThat(contacts.requests()).isEqualTo(4);
    assertThat(String.join("\n", plan.notes()))
        .contains("2 replica sets (6 nodes / RF 3) × 2 replicas");
    // The capacity check counts the same: 10 reads/s × 4 = 40 replica reads/s (it said 60).
    assertThat(a.cluster().replicaReadsPerSecond()).isCloseTo(40, within(1e-9));
  }

  @Test
  void aLegacyIndexRead_atLocalOne_asksOneReplicaOfEachSet() {
    // The same with a 2i index at LOCAL_ONE: 2 replica sets × 1 replica = 2 requests, 20/s.
    var a = analyse("LOCAL_ONE", CQL.replace(" USING 'sai'", ""));
    var plan = a.plan("by-country").orElseThrow();
    assertThat(plan.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(a.fanout().rangeRead(plan.pattern(), "users").requests()).isEqualTo(2);
    assertThat(a.cluster().replicaReadsPerSecond()).isCloseTo(20, within(1e-9));
  }

  @Test
  void anRf1Keyspace_asksEveryNodeOnce() {
    // RF 1: each node holds its own sixth of the ring, so the ring's cover asks all 6 nodes,
    // 1 replica each: 60 replica reads/s.
    var a = analyse("LOCAL_ONE", CQL.replace("'dc1': 3", "'dc1': 1"));
    var plan = a.plan("by-country").orElseThrow();
    assertThat(a.fanout().rangeRead(plan.pattern(), "users"))
        .isEqualTo(new Fanout.Contacts(6, 1, 0));
    assertThat(a.cluster().replicaReadsPerSecond()).isCloseTo(60, within(1e-9));
  }
}
