package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * HotPartition compares the load on one replica of a table's busiest partition with the planned
 * budget of one node (one shard on ScyllaDB): a warning from 50% of it, an error from 100%.
 *
 * <p>The load is computed as in HeatAnalysis: every replica applies every write; a read at
 * LOCAL_QUORUM with RF 3 asks 3 / 2 + 1 = 2 of the 3 replicas, so each replica serves 2/3 of the
 * reads. The budget is the default node_budget of 20,000 operations/s (ModelReader, after AxonOps'
 * cassandra-stress figures), written out in each model so the arithmetic can be followed.
 */
final class HotPartitionTest {
  private final RuleTester tester = RuleTester.of(HotPartition.class);

  @Test
  void liveEventChannel_overHalfTheNodeBudget_isWarning() {
    // Seed 000's chat, with one live-event channel writing 8,000 of the 50,000 messages/s.
    // Its share: 8,000 / 50,000 = 16%; latest-messages follows the writes (no pattern spread).
    //   writes: 50,000/s × 16% = 8,000/s, applied by every replica  → 8,000/s
    //   reads:  20,000/s × 16% = 3,200/s, 2 of 3 replicas each       → 3,200 × 2/3 = 2,133.3/s
    //   load:   8,000 + 2,133.3 = 10,133.3/s = 50.7% of 20,000/s ≥ 50% ⇒ warning
    tester
        .model(
            """
        model: chat
        horizon: 1y
        entities:
          Message:
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
            spread:
              channel_id: {distinct: 10M, busiest: 8k/s}
        patterns:
          - id: latest-messages
            rate: 20k/s
            query: Message where channel_id = ? order by message_id desc limit 50
          - id: post-message
            rate: 50k/s
            insert: Message
        cassandra:
          schema: unused.cql
          node_budget: 20k/s
          consistency: {read: LOCAL_QUORUM, write: LOCAL_QUORUM}
          derived:
            messages_by_channel.bucket: {window: 10m, of: message_id}
        """)
        .cql(
            """
        CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE chat.messages_by_channel ( -- FINDING: HotPartition [warning]: 50.7% of the budget
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id))
          WITH CLUSTERING ORDER BY (message_id DESC);
        """)
        .expectMarkedFindings();
  }

  @Test
  void liveEventChannel_justUnderHalfTheBudget_isNotFlagged() {
    // The same channel at 7,800 messages/s: share 7,800 / 50,000 = 15.6%.
    //   writes: 50,000 × 15.6% = 7,800/s; reads: 20,000 × 15.6% = 3,120/s × 2/3 = 2,080/s
    //   load:   7,800 + 2,080 = 9,880/s = 49.4% of 20,000/s < 50% ⇒ no finding
    tester
        .model(
            """
        model: chat
        horizon: 1y
        entities:
          Message:
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
            spread:
              channel_id: {distinct: 10M, busiest: 7800/s}
        patterns:
          - id: latest-messages
            rate: 20k/s
            query: Message where channel_id = ? order by message_id desc limit 50
          - id: post-message
            rate: 50k/s
            insert: Message
        cassandra:
          schema: unused.cql
          node_budget: 20k/s
          derived:
            messages_by_channel.bucket: {window: 10m, of: message_id}
        """)
        .cql(
            """
        CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE chat.messages_by_channel (
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id))
          WITH CLUSTERING ORDER BY (message_id DESC);
        """)
        .expectMarkedFindings();
  }

  @Test
  void viralPostCounter_overTheWholeNodeBudget_isError() {
    // Seed 000: "5,000 updates per second to one item is impossible"; in Cassandra the ceiling is
    // what the RF replicas of the partition can serve, and more nodes do not help. Half of all
    // likes go to one viral post, declared per pattern (a counter table does not grow):
    //   writes: like-post's own spread, 25,000/s to the busiest post → 25,000/s per replica
    //   reads:  like-count's own spread, 12,000/s, 2 of 3 replicas  → 12,000 × 2/3 = 8,000/s
    //   load:   25,000 + 8,000 = 33,000/s = 165% of 20,000/s ≥ 100% ⇒ error
    tester
        .model(
            """
        model: likes
        horizon: 1y
        entities:
          Post:
            attributes:
              post_id: uuid
              likes: counter
            key: [post_id]
            count: 100M
        patterns:
          - id: like-post
            rate: 50k/s
            increment: Post.likes where post_id = ?
            spread:
              post_id: {busiest: 25k/s}
          - id: like-count
            rate: 40k/s
            query: select likes from Post where post_id = ?
            spread:
              post_id: {busiest: 12k/s}
        cassandra:
          schema: unused.cql
          node_budget: 20k/s
        """)
        .cql(
            """
        CREATE KEYSPACE social WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE social.post_likes ( -- FINDING: HotPartition [error]: 33,000/s on each replica, 165%
          post_id uuid PRIMARY KEY, likes counter);
        """)
        .expectMarkedFindings();
  }

  @Test
  void scyllaDb_budgetIsPerShard_soAQuieterChannelIsHot() {
    // ScyllaDB serves a partition from one shard (core) of each replica, so the budget is
    // 20,000/s per node / 8 shards = 2,500/s. The busiest channel writes 1,000 of 50,000/s = 2%:
    //   writes: 50,000 × 2% = 1,000/s; reads: 20,000 × 2% = 400/s × 2/3 = 266.7/s
    //   load:   1,000 + 266.7 = 1,266.7/s = 50.7% of 2,500/s ≥ 50% ⇒ warning
    tester
        .model(
            """
        model: chat
        horizon: 1y
        entities:
          Message:
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
            spread:
              channel_id: {distinct: 10M, busiest: 1k/s}
        patterns:
          - id: latest-messages
            rate: 20k/s
            query: Message where channel_id = ? order by message_id desc limit 50
          - id: post-message
            rate: 50k/s
            insert: Message
        scylladb:
          schema: unused.cql
          node_budget: 20k/s
          shards: 8
          derived:
            messages_by_channel.bucket: {window: 10m, of: message_id}
        """)
        .cql(
            """
        CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE chat.messages_by_channel ( -- FINDING: HotPartition [warning]: 2,500/s per shard
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id))
          WITH CLUSTERING ORDER BY (message_id DESC);
        """)
        .expectMarkedFindings();
  }

  @Test
  void cassandra_sameChannelOnAWholeNode_isNotFlagged() {
    // The ScyllaDB case above on Cassandra, where the budget is the whole node's:
    //   load 1,266.7/s = 6.3% of 20,000/s < 50% ⇒ no finding
    tester
        .model(
            """
        model: chat
        horizon: 1y
        entities:
          Message:
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
            spread:
              channel_id: {distinct: 10M, busiest: 1k/s}
        patterns:
          - id: latest-messages
            rate: 20k/s
            query: Message where channel_id = ? order by message_id desc limit 50
          - id: post-message
            rate: 50k/s
            insert: Message
        cassandra:
          schema: unused.cql
          node_budget: 20k/s
          derived:
            messages_by_channel.bucket: {window: 10m, of: message_id}
        """)
        .cql(
            """
        CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE chat.messages_by_channel (
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id))
          WITH CLUSTERING ORDER BY (message_id DESC);
        """)
        .expectMarkedFindings();
  }
}
