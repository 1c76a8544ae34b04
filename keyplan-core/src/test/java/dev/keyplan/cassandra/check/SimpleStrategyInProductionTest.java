package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * SimpleStrategyInProduction flags a keyspace of the design replicated with SimpleStrategy, which
 * the CQL reference calls "generally not a wise choice for production". Every keyplan model is a
 * production workload, so the keyspace alone is a warning; it is an error when a request fails for
 * certain: datacenter-local levels on a cluster whose schema names several datacenters (Cassandra
 * counts only the local replicas towards a quorum of all of them), or an EACH_QUORUM commit of a
 * conditional write, which Cassandra refuses outside NetworkTopologyStrategy
 * (ConsistencyLevel.java).
 */
final class SimpleStrategyInProductionTest {
  private final RuleTester tester = RuleTester.of(SimpleStrategyInProduction.class);

  private static String model(String design, String extraPattern) {
    return """
        model: accounts
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              name: {type: text, size: 20B}
            key: [user_id]
            count: 1M
        patterns:
          - id: sign-up
            rate: 10/s
            insert: User
          - id: profile
            rate: 100/s
            query: User where user_id = ?
        %s
        cassandra:
          schema: unused.cql
        %s
        """
        .formatted(extraPattern, design);
  }

  private static final String TABLE =
      "CREATE TABLE app.users (user_id uuid PRIMARY KEY, name text);\n";

  @Test
  void simpleStrategy_atTheDefaultLocalQuorum_isAWarning() {
    // Both patterns run at the default LOCAL_QUORUM, which SimpleStrategy reads as QUORUM over all
    // 3 replicas: it works in one datacenter, so a warning.
    tester
        .model(model("", ""))
        .cql(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}; -- FINDING: SimpleStrategyInProduction [warning]: 2 patterns run at LOCAL_QUORUM (sign-up, profile)\n"
                + TABLE)
        .expectMarkedFindings();
  }

  @Test
  void networkTopologyStrategy_isNotFlagged() {
    tester
        .model(model("", ""))
        .cql(
            "CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};\n"
                + TABLE)
        .expectMarkedFindings();
  }

  @Test
  void simpleStrategy_inASchemaWithTwoDatacenters_atLocalQuorum_isAnError() {
    // The other keyspace names dc1 and dc2: the cluster has 2 datacenters, and SimpleStrategy
    // may place a partition's 3 replicas 1 + 2, so a LOCAL_QUORUM request in the datacenter
    // holding 1 cannot gather the 2 it waits for.
    tester
        .model(model("  keyspace: app", ""))
        .cql(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}; -- FINDING: SimpleStrategyInProduction [error]: the schema names 2 datacenters (dc1, dc2)\n"
                + "CREATE KEYSPACE audit WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3};\n"
                + TABLE)
        .expectMarkedFindings();
  }

  @Test
  void simpleStrategy_inTwoDatacenters_atQuorum_isAWarning() {
    // Near miss for the error: QUORUM counts replicas in every datacenter, so requests succeed
    // (crossing datacenters); SimpleStrategy is still not for production.
    tester
        .model(model("  keyspace: app\n  consistency: {read: QUORUM, write: QUORUM}", ""))
        .cql(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}; -- FINDING: SimpleStrategyInProduction [warning]: the schema names 2 datacenters\n"
                + "CREATE KEYSPACE audit WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3};\n"
                + TABLE)
        .expectMarkedFindings();
  }

  @Test
  void eachQuorumCommitOfAConditionalWrite_isAnError() {
    // Cassandra refuses EACH_QUORUM as the commit level of a conditional write on a keyspace that
    // is not NetworkTopologyStrategy (ConsistencyLevel.validateForCasCommit), one datacenter or
    // not.
    tester
        .model(
            model(
                "  consistency: {read: QUORUM, write: QUORUM}",
                "  - id: claim\n"
                    + "    rate: 1/s\n"
                    + "    consistency: EACH_QUORUM\n"
                    + "    insert: User if not exists"))
        .cql(
            "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}; -- FINDING: SimpleStrategyInProduction [error]: refuses an EACH_QUORUM commit of a conditional write (claim)\n"
                + TABLE)
        .expectMarkedFindings();
  }
}
