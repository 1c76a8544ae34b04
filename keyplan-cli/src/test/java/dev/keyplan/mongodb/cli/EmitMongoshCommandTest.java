package dev.keyplan.mongodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.cli.CliRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * {@code keyplan emit mongosh}, run through the real command line on the shipped example
 * (examples/shop-mongodb.yaml: customers with a unique case-insensitive e-mail index, orders
 * validated and embedding at most 100 lines, nothing sharded). Every argument's round trip is
 * MongoshRoundTripTest's, in keyplan-core.
 */
final class EmitMongoshCommandTest {
  private static final String SHOP = "examples/shop-mongodb.yaml";

  private static CliRun ok(String... args) {
    CliRun run = CliRun.of(args);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    return run;
  }

  @Test
  void shop_printsTheScript_createCollectionThenItsIndexes() {
    String out = ok("emit", "mongosh", SHOP).out();
    assertThat(out)
        .startsWith("// shop-mongodb: the MongoDB design of " + SHOP + " as a mongosh script.\n");
    // Four collections in the model's order; orders alone has validation: true.
    assertThat(out.lines().filter(l -> l.startsWith("db.createCollection(")))
        .containsExactly(
            "db.createCollection(\"customers\");",
            "db.createCollection(\"orders\", {",
            "db.createCollection(\"products\");",
            "db.createCollection(\"reviews\");");
    // Nothing is sharded: no sh.* call.
    assertThat(out).doesNotContain("sh.");
    String email =
        out.lines()
            .filter(l -> l.startsWith("db.getCollection(\"customers\").createIndex("))
            .findFirst()
            .orElseThrow();
    BsonDocument options =
        BsonDocument.parse(
                "{\"a\": ["
                    + email.substring(email.indexOf("createIndex(") + 12, email.length() - 2)
                    + "]}")
            .getArray("a")
            .get(1)
            .asDocument();
    assertThat(options)
        .isEqualTo(
            BsonDocument.parse(
                "{name: 'email_1', unique: true, collation: {locale: 'en', strength: 2}}"));
  }

  @Test
  void docsExample_isWhatTheCommandPrints() throws IOException {
    // docs/emit.md shows the shop script; it must stay the command's real output.
    String docs = Files.readString(Path.of("docs/emit.md"), StandardCharsets.UTF_8);
    int section = docs.indexOf("## mongosh");
    int start = docs.indexOf("```javascript\n", section) + "```javascript\n".length();
    String example = docs.substring(start, docs.indexOf("```\n", start));
    assertThat(example).isEqualTo(ok("emit", "mongosh", SHOP).out());
  }

  @Test
  void jsonFormat_wrapsTheSameText() throws IOException {
    JsonNode wrapped =
        new ObjectMapper().readTree(ok("emit", "mongosh", "--format", "json", SHOP).out());
    assertThat(wrapped.get("target").asText()).isEqualTo("mongosh");
    assertThat(wrapped.get("model").asText()).isEqualTo("shop-mongodb");
    assertThat(wrapped.get("text").asText()).isEqualTo(ok("emit", "mongosh", SHOP).out());
  }

  @Test
  void shardedExample_shardsThroughMongos() {
    String out = ok("emit", "mongosh", "examples/tenants-mongodb.yaml").out();
    assertThat(out.lines())
        .containsSubsequence(
            "sh.enableSharding(db.getName());",
            "sh.shardCollection(db.getName() + \".tenants\", {\"country_code\": 1});");
  }

  @Test
  void modelWithoutMongoDb_isBadInput_namingTheFile() {
    CliRun run = CliRun.of("emit", "mongosh", "examples/chat.yaml");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .startsWith("examples/chat.yaml:")
        .contains("error: nothing to emit as mongosh: the model has no 'mongodb:' section");
  }

  @Test
  void dateOption_isForWorkbenchOnly() {
    CliRun run = CliRun.of("emit", "mongosh", "--date", "2026-01-12T10:14", SHOP);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--date is for the workbench target only, not mongosh");
  }
}
