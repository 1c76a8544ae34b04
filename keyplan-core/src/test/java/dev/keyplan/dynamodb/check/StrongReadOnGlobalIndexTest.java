package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * StrongReadOnGlobalIndex flags a pattern that expects read-your-writes and is served by a global
 * secondary index: "All reads from GSIs and streams are eventually consistent" (AWS DG, "DynamoDB
 * read consistency"). The same read from the table, or a local index, is strongly consistent.
 *
 * <p>The inbox keeps each message under its recipient ({@code U#{user_id}}) and, in GSI1, under its
 * thread ({@code T#{thread_id}}).
 */
final class StrongReadOnGlobalIndexTest {
  private final RuleTester tester = RuleTester.of(StrongReadOnGlobalIndex.class);

  private static final String MODEL =
      """
      model: inbox
      horizon: 1y
      entities:
        Message:
          attributes:
            message_id: {type: timeuuid, time_ordered: true}
            user_id: uuid
            thread_id: uuid
            body: {type: text, size: 500B}
          key: [message_id]
          count: 10M
          spread:
            user_id: {distinct: 1M}
            thread_id: {distinct: 2M}
      patterns:
        - id: thread-messages # FINDING: StrongReadOnGlobalIndex [error]: expects read-your-writes but is served by global index Inbox.GSI1 (Query GSI1PK = "T#<thread_id>"): reads of a global index are eventually consistent only
          rate: 100/s
          expects: read-your-writes
          query: Message where thread_id = ? order by message_id desc limit 20
        - id: user-inbox%s
          rate: 200/s
          expects: read-your-writes
          query: Message where user_id = ? order by message_id desc limit 20
        - id: thread-preview
          rate: 100/s
          query: Message where thread_id = ? order by message_id desc limit 5
        - id: post-message
          rate: 50/s
          insert: Message
      dynamodb:
      """;

  @Test
  void threadReadOnTheIndex_isError_inboxReadOnTheTable_andEventualReadsAreNot() {
    // thread-messages gives thread_id, which only GSI1 is keyed by ⇒ error; no local index can
    // help (it shares the table's PK, from user_id), so the fix is another table, the writer's own
    // read-back, or eventual reads. user-inbox reads the table strongly (ConsistentRead: true);
    // thread-preview reads GSI1 but expects nothing ⇒ neither is flagged.
    List<Finding> found =
        tester
            .model(
                MODEL.formatted("")
                    + """
          tables:
            Inbox:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK}
              items:
                Message:
                  keys: {PK: "U#{user_id}", SK: "M#{message_id}", GSI1PK: "T#{thread_id}", GSI1SK: "M#{message_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .contains("the writes of post-message reach GSI1 after the table");
    assertThat(found.get(0).fix())
        .contains("store the items in a table keyed by thread_id")
        .contains("read its own item back from Inbox by its primary key");
  }

  @Test
  void inboxPinnedToAnIndex_whileTheTableServesIt_isError_andTheFixIsTheTable() {
    // user-inbox pinned to GSI2, a copy of the table's key: eventually consistent ⇒ error; the read
    // gives user_id, which builds the table's PK, so the fix reads the table or its local index
    // LSI1.
    List<Finding> found =
        tester
            .model(
                MODEL.formatted(
                        " # FINDING: StrongReadOnGlobalIndex [error]: served by global index Inbox.GSI2")
                    + """
          access:
            user-inbox: {via: GSI2}
          tables:
            Inbox:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK}
                GSI2: {partition_key: GSI2PK, sort_key: GSI2SK}
                LSI1: {local: true, sort_key: LSI1SK}
              items:
                Message:
                  keys: {PK: "U#{user_id}", SK: "M#{message_id}", GSI1PK: "T#{thread_id}", GSI1SK: "M#{message_id}", GSI2PK: "U#{user_id}", GSI2SK: "M#{message_id}", LSI1SK: "T#{thread_id}#{message_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found)
        .filteredOn(f -> f.target().equals("user-inbox"))
        .singleElement()
        .extracting(Finding::fix)
        .asString()
        .startsWith(
            "read it from table Inbox or its local index LSI1: the read gives user_id, the table's"
                + " partition key PK (pin {via: Inbox} if GSI2 is pinned) with ConsistentRead: true");
  }
}
