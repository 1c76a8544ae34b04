package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A write that fans out on Cassandra (issue 16 §2, docs/model.md "Fan-out writes"): publishing a
 * post inserts one timeline row for each of its author's 150 followers ({@code follower_id: {per:
 * {author_id: 150}}}), into a table partitioned by follower_id and one partitioned by author_id.
 * Every figure is derived here from the model; the version without {@code fan_out:} is what keyplan
 * counted before, one row a request.
 */
public final class CassandraFanOutWriteTest {

  /** RF 3 in one datacenter; the design's default 6 nodes. */
  public static final String CQL =
      """
      CREATE KEYSPACE social WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE social.timeline_by_follower (follower_id bigint, post_id bigint,
        author_id bigint, body text, PRIMARY KEY ((follower_id), post_id));
      CREATE TABLE social.entries_by_author (author_id bigint, post_id bigint,
        follower_id bigint, body text, PRIMARY KEY ((author_id), post_id, follower_id));
      """;

  /** The model, with {@code %s} for the pattern's further keys. */
  private static final String MODEL =
      """
      model: social
      horizon: 1y
      entities:
        TimelineEntry:
          attributes:
            follower_id: bigint
            post_id: bigint
            author_id: bigint
            body: {type: text, size: 200B}
          key: [follower_id, post_id]
          count: 1B
          spread:
            follower_id: {distinct: 10M, per: {author_id: 150}}
            author_id: {distinct: 1M, busiest: 1%%}
      patterns:
        - id: publish
          rate: 200/s
          insert: TimelineEntry
      %s
      cassandra:
        schema: unused.cql
      """;

  /** The pattern's fan-out, as a line of it. */
  public static final String FAN_OUT = "    fan_out: {each: follower_id, per: author_id}";

  /** Returns the model with {@code more} added to its pattern. */
  public static String model(String more) {
    return MODEL.formatted(more);
  }

  private static CassandraAnalysis analyze(String more) {
    return RuleTester.withoutRule().model(model(more)).cql(CQL).analysis();
  }

  @Test
  void aPublishWrites150RowsInEachTable_in151Partitions() {
    // Each table stores TimelineEntry, so a request writes 150 rows in each: 300 rows. The rows
    // differ in follower_id only: timeline_by_follower takes them in 150 partitions,
    // entries_by_author in the author's one partition: 151 partitions (2 rows, 2 partitions
    // without the fan-out).
    CassandraPlan plan = analyze(FAN_OUT).plansById().get("publish");
    assertThat(plan.rows().typical()).isEqualTo(300);
    assertThat(plan.partitions().typical()).isEqualTo(151);
    assertThat(plan.notes()).contains("fan-out 150 rows a request (follower_id per author_id)");
    assertThat(plan.notes())
        .contains(
            "timeline_by_follower: partitioned by follower_id: the 150 rows of a request go to 150"
                + " partitions, spread as follower_id's spread says",
            "entries_by_author: partitioned by author_id, not follower_id: all 150 rows of a"
                + " request go to one partition");
    CassandraPlan one = analyze("").plansById().get("publish");
    assertThat(one.rows().typical()).isEqualTo(2);
    assertThat(one.partitions().typical()).isEqualTo(2);
  }

  @Test
  void theAuthorPartitionTakesAllOfARequestsRows_theFollowerPartitionsShareThem() {
    // 200 requests/s × 150 rows = 30,000 rows/s into each table. By follower_id (10M, uniform):
    // 30,000 / 10M = 0.003 rows/s into the busiest partition. By author_id, the busiest author
    // has 1% of the requests and all 150 rows of each: 200 × 1% × 150 = 300 rows/s (2 without
    // the fan-out). Every replica applies every write: 300 operations/s on each of its 3.
    var heat = analyze(FAN_OUT).heat();
    assertThat(heat.get("timeline_by_follower").writesPerSecond()).isCloseTo(0.003, within(1e-12));
    assertThat(heat.get("entries_by_author").writesPerSecond()).isCloseTo(300, within(1e-9));
    assertThat(heat.get("entries_by_author").replicaLoad()).isCloseTo(300, within(1e-9));
    assertThat(analyze("").heat().get("entries_by_author").writesPerSecond())
        .isCloseTo(2, within(1e-12));
  }

  @Test
  void theClusterApplies180000ReplicaWritesASecond() {
    // 200 requests/s × 150 rows × 2 tables = 60,000 row writes/s coordinated, each on RF 3
    // replicas: 180,000 replica writes/s, 30,000/s on each of the 6 nodes (1,200 and 200 without
    // the fan-out).
    ClusterCapacity c = analyze(FAN_OUT).cluster();
    assertThat(c.replicaWritesPerSecond()).isCloseTo(180_000, within(1e-6));
    assertThat(c.coordinatorPerSecond()).isCloseTo(60_000, within(1e-6));
    assertThat(c.simulatedPerNode()).isCloseTo(30_000, within(1e-6));
    assertThat(analyze("").cluster().replicaWritesPerSecond()).isCloseTo(1_200, within(1e-9));
  }
}
