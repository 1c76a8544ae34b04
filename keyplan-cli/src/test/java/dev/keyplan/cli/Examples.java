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

  /**
   * Every examples/*.yaml that check reads (exit 0 with {@code --fail-on never}), sorted: an
   * example of an input error has no report to render. The same list ReportCommandTest renders.
   */
  static List<java.nio.file.Path> readable() throws IOException {
    List<java.nio.file.Path> out = new ArrayList<>();
    try (var files =
        java.nio.file.Files.newDirectoryStream(java.nio.file.Path.of("examples"), "*.yaml")) {
      files.forEach(out::add);
    }
    out.sort(null);
    out.removeIf(p -> CliRun.of("check", "--fail-on", "never", p.toString()).exitCode() != 0);
    return out;
  }

  static JsonNode check(String example) throws IOException {
    var run =
        CliRun.of(
            "check", "--format", "json", "--fail-on", "never", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return new ObjectMapper().readTree(run.out());
  }

  static List<String> findings(JsonNode root) {
    List<String> out = new ArrayList<>();
    root.get("findings")
        .forEach(
            f ->
                out.add(
                    f.get("severity").asText()
                        + " "
                        + f.get("rule").asText()
                        + " "
                        + f.get("target").asText()));
    return out;
  }

  static List<String> findings(JsonNode root, String store) {
    List<String> out = new ArrayList<>();
    root.get("findings")
        .forEach(
            f -> {
              if (f.get("store").asText().equals(store)) {
                out.add(
                    f.get("severity").asText()
                        + " "
                        + f.get("rule").asText()
                        + " "
                        + f.get("target").asText());
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
