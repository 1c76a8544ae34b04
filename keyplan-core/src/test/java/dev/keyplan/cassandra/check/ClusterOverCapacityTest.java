package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * ClusterOverCapacity compares the mean node of the declared cluster ({@code nodes:} per
 * datacenter) with {@code node_budget} and with the per-node data guideline of 2 TB (DataStax,
 * capacity planning, "Maximum capacity per node", cited in CassandraLimits). The load is counted as
 * ClusterCapacity and simulate count it: every replica applies every write (RF 3 → 3 replica
 * writes), a LOCAL_ONE read asks 1 replica. Data: one replica's table bytes (the Apache docs'
 * formula) × RF ÷ nodes. The finding is placed on the design's section (its first line).
 */
final class ClusterOverCapacityTest {
  private final RuleTester tester = RuleTester.of(ClusterOverCapacity.class);

  private static final String CQL =
      """
      CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE iot.devices (device_id bigint PRIMARY KEY, state int);
      """;

  /** A fleet of 1 M devices updating their state {@code rate} times a second, on 6 nodes. */
  private static String updates(String rate, String marker) {
    return """
        model: fleet
        horizon: 1y
        entities:
          Device:
            attributes:
              device_id: bigint
              state: int
            key: [device_id]
            count: 1M
        patterns:
          - id: read-state
            rate: 1k/s
            query: Device where device_id = ?
          - id: set-state
            rate: %s
            update: Device set state where device_id = ?
        cassandra:
          schema: unused.cql %s
          nodes: 6
          node_budget: 20k/s
          consistency: {read: LOCAL_ONE, write: LOCAL_QUORUM}
        """
        .formatted(rate, marker);
  }

  @Test
  void updatesOverTheNodesBudget_isWarning_withTheNodesThroughputNeeds() {
    // 100,000 updates/s × RF 3 = 300,000 replica writes/s; 1,000 reads/s × 1 (LOCAL_ONE) = 1,000.
    //   per node: 301,000 / 6 = 50,166.7/s = 250.8% of 20,000/s (printed 251%) ⇒ warning
    //   by throughput: ⌈301,000 / 20,000⌉ = 16 nodes
    tester
        .model(updates("100k/s", "# FINDING: ClusterOverCapacity [warning]: 251% of node_budget"))
        .cql(CQL)
        .expectMarkedFindings()
        .forEach(
            f ->
                org.assertj.core.api.Assertions.assertThat(f.fix())
                    .startsWith("plan 16 nodes (nodes: 16; by throughput 16, by storage 1,"));
  }

  @Test
  void updatesWithinTheBudget_areNotFlagged() {
    // 6,000 updates/s × 3 + 1,000 reads/s = 19,000/s ÷ 6 = 3,166.7/s = 15.8% of 20,000/s.
    tester.model(updates("6k/s", "")).cql(CQL).expectMarkedFindings();
  }

  /** {@code count} rows of a 10,000-byte payload keyed by a bigint, on 6 nodes, RF 3. */
  private static String archive(String count, String marker) {
    return """
        model: archive
        horizon: 1y
        entities:
          Blob:
            attributes:
              blob_id: bigint
              payload: {type: blob, size: 10000B}
            key: [blob_id]
            count: %s
        patterns:
          - id: get-blob
            rate: 10/s
            query: Blob where blob_id = ?
        cassandra:
          schema: unused.cql %s
          nodes: 6
        """
        .formatted(count, marker);
  }

  private static final String ARCHIVE_CQL =
      """
      CREATE KEYSPACE archive WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE archive.blobs (blob_id bigint PRIMARY KEY, payload blob);
      """;

  @Test
  void dataOverTwoTerabytesPerNode_isWarning_withTheNodesStorageNeeds() {
    // The Apache docs' formula, one row per partition: key 8 B + payload 10,000 B + 1 value × 8 B
    // of metadata ≈ 10,016 B. 500 M rows ≈ 5.008 TB on one replica, × RF 3 = 15.02 TB, ÷ 6 nodes
    // = 2.50 TB per node = 125% of 2 TB ⇒ warning; by storage ⌈15.02 / 2⌉ = 8 nodes.
    tester
        .model(archive("500M", "# FINDING: ClusterOverCapacity [warning]: of the 2 TB per-node"))
        .cql(ARCHIVE_CQL)
        .expectMarkedFindings()
        .forEach(
            f -> org.assertj.core.api.Assertions.assertThat(f.fix()).startsWith("plan 8 nodes"));
  }

  @Test
  void dataUnderTheGuideline_isNotFlagged() {
    // 300 M rows ≈ 3.0 TB × 3 ÷ 6 = 1.5 TB per node, 75% of 2 TB.
    tester.model(archive("300M", "")).cql(ARCHIVE_CQL).expectMarkedFindings();
  }
}
