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
 * {@code keyplan check} on a compound shard key {@code {country: 1, userid: 1}} (issue 17 §4): the
 * output says what the key values and the busiest value rest on where it prints them, the statement
 * used ({@code userid belongs_to country}) or the independence assumed. The figures are
 * MongoDbCorrelatedShardKeyTest's: 100M messages of 274 B; the busiest user holds 1% of them, 274
 * MB; multiplied as independent of the busiest country's 45%, 123 MB.
 */
final class CorrelatedShardKeyCheckTest {
  @TempDir Path dir;

  private Path model(String statement) throws IOException {
    Path model = dir.resolve("messages.yaml");
    Files.writeString(
        model,
        """
        model: messages
        horizon: 1y
        entities:
          Message:
            attributes:
              message_id: uuid
              country: {type: text, size: 2B}
              userid: bigint
              body: {type: text, size: 200B}
            key: [message_id]
            count: 100M
            spread:
              country: {distinct: 200, busiest: 45%%}
              userid: {distinct: 10k, busiest: 1%%%s}
        patterns:
          - {id: by-user, rate: 100/s, query: Message where country = ? and userid = ?}
        mongodb:
          shards: 4
          collections:
            messages:
              entity: Message
              shard_key: {country: 1, userid: 1}
        """
            .formatted(statement));
    return model;
  }

  private static JsonNode shard(Path model) throws IOException {
    JsonNode root =
        new ObjectMapper()
            .readTree(
                CliRun.of("check", "--format", "json", "--fail-on", "never", model.toString())
                    .out());
    for (JsonNode s : root.findValues("busiestValueBytes")) {
      assertThat(s.isNumber()).isTrue();
    }
    return root.findParent("busiestValueBytes");
  }

  @Test
  void withBelongsTo_theBusiestValueIsTheBusiestUser_andTheOutputNamesTheStatement()
      throws IOException {
    Path model = model(", belongs_to: country");
    var text = CliRun.of("check", "--fail-on", "never", model.toString());
    assertThat(text.err()).isEmpty();
    assertThat(text.out())
        .contains("274 MB (jumbo)")
        .contains(
            "  messages: the busiest {country: 1, userid: 1} value and its key values:"
                + " userid belongs_to country\n");
    JsonNode s = shard(model);
    assertThat(s.get("busiestValueBytes").asDouble()).isEqualTo(274_000_000.0);
    assertThat(s.get("busiestValueAssumption").asText()).isEqualTo("userid belongs_to country");
    assertThat(
            CliRun.of("check", "--format", "markdown", "--fail-on", "never", model.toString())
                .out())
        .contains(
            "`messages`: the busiest {country: 1, userid: 1} value and its key values:"
                + " userid belongs_to country");
  }

  @Test
  void withoutIt_theOutputSaysIndependenceWasAssumed() throws IOException {
    // 45% × 1% × 100M × 274 B = 123,300,000 B: 123 MB.
    Path model = model("");
    var text = CliRun.of("check", "--fail-on", "never", model.toString());
    assertThat(text.out())
        .contains("123 MB")
        .contains(
            "  messages: the busiest {country: 1, userid: 1} value and its key values: assumes"
                + " country and userid independent (distinct values and busiest shares multiply);"
                + " say belongs_to or per: in the entity's spread if one determines or bounds"
                + " another\n");
    assertThat(shard(model).get("busiestValueAssumption").asText())
        .startsWith("assumes country and userid independent");
  }
}
