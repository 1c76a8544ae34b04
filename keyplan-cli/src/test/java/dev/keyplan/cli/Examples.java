package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Runs a shipped example through the real CLI as JSON, and picks its findings and patterns. */
final class Examples {
  private Examples() {}

  static JsonNode check(String example) throws IOException {
    var run = CliRun.of("check", "--format", "json", "--fail-on", "never", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return new ObjectMapper().readTree(run.out());
  }

  static List<String> findings(JsonNode root) {
    List<String> out = new ArrayList<>();
    root.get("findings").forEach(f -> out.add(f.get("severity").asText() + " " + f.get("rule").asText() + " "
        + f.get("target").asText()));
    return out;
  }

  static List<String> findings(JsonNode root, String store) {
    List<String> out = new ArrayList<>();
    root.get("findings").forEach(f -> {
      if (f.get("store").asText().equals(store)) {
        out.add(f.get("severity").asText() + " " + f.get("rule").asText() + " " + f.get("target").asText());
      }
    });
    return out;
  }

  static JsonNode pattern(JsonNode root, String id) {
    for (JsonNode p : root.get("patterns")) {
      if (p.get("id").asText().equals(id)) {
        return p;
      }
    }
    throw new AssertionError("no pattern " + id);
  }

  static JsonNode pattern(JsonNode root, String store, String id) {
    for (JsonNode p : root.get("patterns")) {
      if (p.get("id").asText().equals(id) && p.get("store").asText().equals(store)) {
        return p;
      }
    }
    throw new AssertionError("no " + store + " pattern " + id);
  }
}
