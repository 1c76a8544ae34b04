package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keyplan check} on a key hot for a window (docs/model.md, "Hot for a window"): a post at
 * 300 likes/s for one day, of 10k likes/s over a year. The output states what the window holds
 * where it prints the busiest partition, and a wrong {@code for:} is bad input at its place.
 */
final class HotWindowCheckTest {
  @TempDir Path dir;

  private Path model(String postSpread) throws IOException {
    Files.writeString(
        dir.resolve("likes.cql"),
        """
        CREATE KEYSPACE social WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE social.likes_by_post (post_id bigint, user_id bigint, liked_at timestamp,
          PRIMARY KEY ((post_id), user_id));
        """);
    Path model = dir.resolve("likes.yaml");
    Files.writeString(
        model,
        """
        model: likes
        horizon: 1y
        entities:
          Like:
            attributes: {post_id: bigint, user_id: bigint, liked_at: timestamp}
            key: [post_id, user_id]
            growth: 10k/s
            spread:
              post_id: %s
              user_id: {distinct: 100M}
        patterns:
          - id: like
            rate: 10k/s
            insert: Like
        cassandra:
          schema: likes.cql
        """
            .formatted(postSpread));
    return model;
  }

  @Test
  void theBusiestPartitionIsTheWindow_andTheOutputSaysSo() throws IOException {
    // 300 likes/s × 86,400 s = 25,920,000 rows in the busiest post's partition.
    Path model = model("{distinct: 10M, busiest: 300/s, for: 1d}");
    var text = CliRun.of("check", "--fail-on", "never", model.toString());
    assertThat(text.err()).isEmpty();
    assertThat(text.out())
        .contains("  likes_by_post: busiest post_id: 300/s for 1d = 25,920,000 rows");
    JsonNode table =
        new ObjectMapper()
            .readTree(
                CliRun.of("check", "--format", "json", "--fail-on", "never", model.toString())
                    .out())
            .get("tables")
            .get(0);
    assertThat(table.at("/partitions/busiest/rows").asLong()).isEqualTo(25_920_000);
    assertThat(table.at("/busiestWindows/0").asText())
        .isEqualTo("busiest post_id: 300/s for 1d = 25,920,000 rows");
    assertThat(
            CliRun.of("check", "--format", "markdown", "--fail-on", "never", model.toString())
                .out())
        .contains("- likes_by_post: busiest post_id: 300/s for 1d = 25,920,000 rows");
  }

  @Test
  void dynamoDbAndMongoDb_sayItBesideTheirBusiestCollectionAndShardKeyValue() throws IOException {
    // The same workload as a DynamoDB table keyed P#{post_id} and a MongoDB collection sharded by
    // {post_id: 1}: each busiest value holds 300 × 86,400 = 25,920,000 items or documents.
    Path model = dir.resolve("likes-other.yaml");
    Files.writeString(
        model,
        Files.readString(model("{distinct: 10M, busiest: 300/s, for: 1d}"))
                .replace("cassandra:\n  schema: likes.cql\n", "")
            + """
            dynamodb:
              tables:
                Likes:
                  partition_key: PK
                  sort_key: SK
                  items:
                    Like:
                      keys: {PK: "P#{post_id}", SK: "U#{user_id}"}
                      attributes: [liked_at]
            mongodb:
              shards: 4
              collections:
                likes:
                  entity: Like
                  shard_key: {post_id: 1}
            """);
    var text = CliRun.of("check", "--fail-on", "never", model.toString());
    assertThat(text.err()).isEmpty();
    assertThat(text.out())
        .contains("  Likes, Like: busiest post_id: 300/s for 1d = 25,920,000 rows")
        .contains("  likes: busiest post_id: 300/s for 1d = 25,920,000 rows");
    JsonNode root =
        new ObjectMapper()
            .readTree(
                CliRun.of("check", "--format", "json", "--fail-on", "never", model.toString())
                    .out());
    assertThat(root.toString())
        .contains("\"windows\":[\"Like: busiest post_id: 300/s for 1d = 25,920,000 rows\"]")
        .contains("\"busiestValueWindows\":[\"busiest post_id: 300/s for 1d = 25,920,000 rows\"]");
  }

  @Test
  void withoutTheWindow_nothingIsSaid_andThePartitionHoldsTheRatesShareOfTheYear()
      throws IOException {
    // 300 / 10,000 = 3% of 10,000 × 31,536,000 = 315,360,000,000 rows: 9,460,800,000.
    Path model = model("{distinct: 10M, busiest: 300/s}");
    var text = CliRun.of("check", "--fail-on", "never", model.toString());
    assertThat(text.out()).doesNotContain("for 1d");
    JsonNode table =
        new ObjectMapper()
            .readTree(
                CliRun.of("check", "--format", "json", "--fail-on", "never", model.toString())
                    .out())
            .get("tables")
            .get(0);
    assertThat(table.at("/partitions/busiest/rows").asLong()).isEqualTo(9_460_800_000L);
    assertThat(table.has("busiestWindows")).isFalse();
  }

  @Test
  void aWindowAsLongAsTheHorizon_isBadInput_atItsPlace() throws IOException {
    // Line 9 is "      post_id: {busiest: 300/s, for: 1y}": the spread at column 16,
    // "{busiest: 300/s, for: " is 22 characters, so 1y is at column 38.
    Path model = model("{busiest: 300/s, for: 1y}");
    var run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            model
                + ":9:38: error: a window of 1y is as long as the horizon (1y) or longer: a window"
                + " as long as the horizon is the plain busiest rate: drop for:")
        .doesNotContain("Exception");
  }

  @Test
  void aWindowWithoutABusiestRate_isBadInput_atItsPlace() throws IOException {
    // "{distinct: 10M, " is 16 characters: for: at column 32.
    Path model = model("{distinct: 10M, for: 1d}");
    var run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            model
                + ":9:32: error: 'for' bounds a busiest rate in time; expected 'busiest' as a rate"
                + " such as 300/s beside it")
        .doesNotContain("Exception");
  }
}
