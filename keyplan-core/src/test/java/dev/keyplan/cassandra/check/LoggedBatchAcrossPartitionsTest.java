package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

final class LoggedBatchAcrossPartitionsTest {
  private final RuleTester tester = RuleTester.of(LoggedBatchAcrossPartitions.class);

  // Seed 003's orders, written to orders_by_user (key user_id) and orders_by_status (key
  // status): one insert fills two different partition keys.
  private static final String ORDERS_CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE shop.orders_by_user (user_id uuid, created_at timestamp, order_id uuid,
        status text, PRIMARY KEY (user_id, created_at, order_id));
      CREATE TABLE shop.orders_by_status (status text, created_at timestamp, order_id uuid,
        user_id uuid, PRIMARY KEY (status, created_at, order_id));
      """;

  private static String orders(String batch, String marker) {
    return """
        model: orders
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              user_id: uuid
              created_at: {type: timestamp, time_ordered: true}
              status: {type: text, values: [PENDING, PAID, SHIPPED]}
            key: [order_id]
            growth: 200/s
        patterns:
          - id: place-order%s
            rate: 200/s
            insert: Order
            batch: %s
        cassandra:
          schema: unused.cql
        """
        .formatted(marker, batch);
  }

  @Test
  void loggedBatchAcrossTwoPartitionKeys_isAWarning() {
    // 2 tables, partition keys (user_id) and (status): 2 keys > 1, so Cassandra writes the
    // batchlog before the two mutations ⇒ warning.
    tester
        .model(
            orders(
                "logged",
                " # FINDING: LoggedBatchAcrossPartitions [warning]: writes 2 partition keys"))
        .cql(ORDERS_CQL)
        .expectMarkedFindings();
  }

  @Test
  void unloggedBatchAcrossTwoPartitionKeys_isInfo() {
    // No batchlog, but the coordinator still waits on both partitions' replicas; 2 keys is not
    // more than unlogged_batch_across_partitions_warn_threshold (10) ⇒ info.
    tester
        .model(
            orders(
                "unlogged",
                " # FINDING: LoggedBatchAcrossPartitions [info]: writes 2 partition keys"))
        .cql(ORDERS_CQL)
        .expectMarkedFindings();
  }

  @Test
  void loggedBatchOfTablesWithTheSamePartitionKey_isOneMutation_andIsNotFlagged() {
    // Near miss: both tables are keyed by user_id alone, filled from the same row, so the batch
    // holds one partition key and Cassandra applies it as one mutation, without a batchlog.
    tester
        .model(
            """
        model: users
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              name: {type: text, size: 20B}
              theme: {type: text, size: 8B}
            key: [user_id]
            growth: 10/s
        patterns:
          - id: sign-up
            rate: 10/s
            insert: User
            batch: logged
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.users (user_id uuid PRIMARY KEY, name text);
        CREATE TABLE app.settings_by_user (user_id uuid PRIMARY KEY, theme text);
        """)
        .expectMarkedFindings();
  }

  /** An event copied into {@code tables} lookup tables, each keyed by its own attribute. */
  private static String fanOut(int tables, String marker) {
    String attributes =
        IntStream.rangeClosed(1, tables)
            .mapToObj(i -> "      k" + i + ": uuid\n")
            .collect(Collectors.joining());
    return """
        model: events
        horizon: 1y
        entities:
          Event:
            attributes:
              event_id: uuid
        """
        + attributes
        + """
            key: [event_id]
            growth: 10/s
        patterns:
          - id: record-event%s
            rate: 10/s
            insert: Event
            batch: unlogged
        cassandra:
          schema: unused.cql
        """
            .formatted(marker);
  }

  private static String fanOutCql(int tables) {
    String all =
        IntStream.rangeClosed(1, tables)
            .mapToObj(i -> "k" + i + " uuid, ")
            .collect(Collectors.joining());
    return "CREATE KEYSPACE ev WITH replication = "
        + "{'class': 'SimpleStrategy', 'replication_factor': 3};\n"
        + IntStream.rangeClosed(1, tables)
            .mapToObj(
                i ->
                    "CREATE TABLE ev.events_by_k"
                        + i
                        + " (event_id uuid, "
                        + all
                        + "PRIMARY KEY ((k"
                        + i
                        + "), event_id));\n")
            .collect(Collectors.joining());
  }

  @Test
  void unloggedBatchOverElevenPartitionKeys_passesCassandrasWarnThreshold() {
    // 11 tables keyed by k1 … k11: 11 keys > unlogged_batch_across_partitions_warn_threshold
    // (10), where Cassandra itself logs a warning ⇒ warning.
    tester
        .model(fanOut(11, " # FINDING: LoggedBatchAcrossPartitions [warning]: more than 10 keys"))
        .cql(fanOutCql(11))
        .expectMarkedFindings();
  }

  @Test
  void unloggedBatchOverTenPartitionKeys_staysInfo() {
    // Near miss: 10 keys is not more than 10 ⇒ info.
    tester
        .model(
            fanOut(10, " # FINDING: LoggedBatchAcrossPartitions [info]: writes 10 partition keys"))
        .cql(fanOutCql(10))
        .expectMarkedFindings();
  }

  @Test
  void writesWithoutBatch_areNotFlagged() {
    // The same two-table insert sent as separate statements (no batch:) is what the fix asks for.
    tester
        .model(orders("logged", "").replace("    batch: logged\n", ""))
        .cql(ORDERS_CQL)
        .expectMarkedFindings();
  }

  @Test
  void unloggedBatchOfAFanOut_over150FollowerPartitions_isAWarning() {
    // A post fanned out to its author's 150 followers (CassandraFanOutWriteTest): the rows differ
    // in follower_id, so timeline_by_follower takes 150 partitions and entries_by_author the
    // author's one: 151 keys in one unlogged batch, more than
    // unlogged_batch_across_partitions_warn_threshold (10) ⇒ warning. Before fan-out was counted it
    // saw 2 keys, info.
    var found =
        tester
            .model(
                dev.keyplan.cassandra.design.CassandraFanOutWriteTest.model(
                    dev.keyplan.cassandra.design.CassandraFanOutWriteTest.FAN_OUT
                        + "\n    batch: unlogged"))
            .cql(dev.keyplan.cassandra.design.CassandraFanOutWriteTest.CQL)
            .findings();
    org.assertj.core.api.Assertions.assertThat(found)
        .singleElement()
        .satisfies(
            f -> {
              org.assertj.core.api.Assertions.assertThat(f.severity())
                  .isEqualTo(dev.keyplan.check.Severity.WARNING);
              org.assertj.core.api.Assertions.assertThat(f.message())
                  .startsWith(
                      "pattern publish writes 151 partition keys (timeline_by_follower,"
                          + " entries_by_author; fan-out 150 rows a request (follower_id per"
                          + " author_id)) in one unlogged batch");
            });
  }
}
