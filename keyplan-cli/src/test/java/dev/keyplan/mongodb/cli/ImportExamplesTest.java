package dev.keyplan.mongodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keyplan.cli.CliRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped import examples through the real CLI, and a bad import file's exit code 2. */
final class ImportExamplesTest {
  private static ObjectNode check(String example) throws IOException {
    var run =
        CliRun.of(
            "check", "--format", "json", "--fail-on", "never", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return (ObjectNode) new ObjectMapper().readTree(run.out());
  }

  @Test
  void shopWithImportedIndexes_isAnalysedAsTheShopThatWritesThem() throws IOException {
    // shop-mongodb-indexes.json holds exactly the indexes shop-mongodb.yaml writes (and each
    // collection's _id_), so everything but the model's name and file is the same.
    ObjectNode imported = check("shop-mongodb-imported");
    ObjectNode written = check("shop-mongodb");
    for (ObjectNode n : new ObjectNode[] {imported, written}) {
      n.remove("model");
      n.remove("file");
      // The same findings, each located in its own file.
      n.get("findings").forEach(f -> ((ObjectNode) f).remove("location"));
    }
    assertThat(imported).isEqualTo(written);
    JsonNode sign = null;
    for (JsonNode p : imported.get("patterns")) {
      if (p.get("id").asText().equals("sign-in")) {
        sign = p;
      }
    }
    // The imported collation (strength 2) makes email_1 serve the case-insensitive sign-in.
    assertThat(sign.toString()).contains("email_1");
  }

  @Test
  void tenantsWithImportedSharding_isAnalysedAsTheTenantsThatWriteIt() throws IOException {
    // tenants-mongodb-sharding.json: config.collections with saas.tenants by {country_code: 1}
    // (and config.system.sessions, left out) and 4 config.shards documents, so shards: 4 and the
    // shard key tenants-mongodb.yaml writes: the US's 60% under one value is still jumbo.
    ObjectNode imported = check("tenants-mongodb-imported");
    ObjectNode written = check("tenants-mongodb");
    for (ObjectNode n : new ObjectNode[] {imported, written}) {
      n.remove("model");
      n.remove("file");
      // The same findings, located where each file says it: the shard key in the sharding file.
      n.get("findings").forEach(f -> ((ObjectNode) f).remove("location"));
    }
    assertThat(imported).isEqualTo(written);
    assertThat(imported.get("findings")).isNotEmpty();
    JsonNode tenants = imported.get("shards").get(0);
    assertThat(tenants.get("shards").asInt()).isEqualTo(4);
    assertThat(tenants.get("jumbo").asBoolean()).isTrue();
  }

  @Test
  void anIndexWithoutKey_exits2AtItsPlaceInTheFile(@TempDir Path dir) throws IOException {
    String model =
        Files.readString(Path.of("examples/shop-mongodb-imported.yaml"), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("m.yaml"), model);
    Files.writeString(
        dir.resolve("shop-mongodb-indexes.json"),
        "{\"orders\": [\n  {\"v\": 2, \"key\": {\"_id\": 1}, \"name\": \"_id_\"},\n  {\"v\": 2, \"name\": \"c\"}\n]}\n");
    var run = CliRun.of("check", dir.resolve("m.yaml").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            dir.resolve("shop-mongodb-indexes.json")
                + ":3:3: error: an index document needs"
                + " 'key', its key pattern such as key: {email: 1}; found the members v, name\n1 error\n");
    assertThat(run.out()).isEmpty();
  }
}
