package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Everything a user sees, pinned byte for byte: for every shipped example, the output of {@code
 * check} (text, json, markdown, sarif), {@code emit} (every target), {@code report} (with and
 * without {@code --simulate}) and {@code simulate --format json} (every store), with each run's
 * exit code and stderr, compared against the files under {@code
 * keyplan-cli/src/test/golden/<example>/}.
 *
 * <p>A change that alters output on purpose regenerates the files with one command
 * (docs/golden.md):
 *
 * <pre>scripts/golden.sh</pre>
 *
 * and commits them on their own, the commit message explaining every diff. A change that is meant
 * to leave output alone (a refactoring) must pass this test unchanged.
 */
final class GoldenTest {
  /**
   * Where the expected outputs live, from the repository root (the CLI tests' working directory).
   */
  static final Path GOLDEN = Path.of("keyplan-cli/src/test/golden");

  /** Set by scripts/golden.sh: write the outputs instead of comparing them. */
  private static final boolean UPDATE = Boolean.getBoolean("keyplan.golden.update");

  /**
   * The simulations' seed and length: the commands' defaults, written out so a new default shows
   * here.
   */
  private static final String SEED = "1";

  private static final String DURATION = "1h";

  private static final List<String> EMIT_TARGETS =
      List.of("cql", "createtable", "ttl", "cloudformation", "terraform", "workbench", "mongosh");

  private static final List<String> STORES =
      List.of("cassandra", "scylladb", "dynamodb", "mongodb");

  /**
   * The repository's absolute URI, which SARIF writes as the base of every file (%SRCROOT%): it
   * differs from one checkout to the next, so the files hold a placeholder in its place.
   */
  private static final String ROOT_URI = Path.of("").toAbsolutePath().toUri().toString();

  static final String ROOT_PLACEHOLDER = "file:///KEYPLAN_ROOT/";

  /** Returns {@code text} with the checkout's own absolute URI replaced by the placeholder. */
  static String portable(String text) {
    return text.replace(ROOT_URI, ROOT_PLACEHOLDER);
  }

  /** One command of one example: the golden file it writes its stdout to, and its arguments. */
  record Run(String file, List<String> args) {}

  static List<Path> examples() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("examples"))) {
      return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  static List<Run> runs(Path example) {
    String m = example.toString();
    List<Run> runs = new ArrayList<>();
    runs.add(new Run("check.txt", List.of("check", "--fail-on", "never", m)));
    runs.add(new Run("check.json", List.of("check", "--format", "json", "--fail-on", "never", m)));
    runs.add(
        new Run("check.md", List.of("check", "--format", "markdown", "--fail-on", "never", m)));
    runs.add(
        new Run("check.sarif", List.of("check", "--format", "sarif", "--fail-on", "never", m)));
    for (String target : EMIT_TARGETS) {
      runs.add(new Run("emit-" + target + ".txt", List.of("emit", target, m)));
    }
    runs.add(new Run("report.html", List.of("report", m)));
    runs.add(
        new Run(
            "report-simulate.html",
            List.of("report", "--simulate", "--seed", SEED, "--duration", DURATION, m)));
    for (String store : STORES) {
      runs.add(
          new Run(
              "simulate-" + store + ".json",
              List.of(
                  "simulate",
                  "--store",
                  store,
                  "--format",
                  "json",
                  "--seed",
                  SEED,
                  "--duration",
                  DURATION,
                  m)));
    }
    return runs;
  }

  private static String stem(Path example) {
    String name = example.getFileName().toString();
    return name.substring(0, name.length() - ".yaml".length());
  }

  /**
   * Runs every command of one example. A run that exits 0 writes its stdout to its file; every
   * run's exit code and stderr (and the stdout of a failed run) go to {@code runs.txt}, so an error
   * message is pinned as much as an output.
   */
  static Outputs outputs(Path example) {
    Outputs out = new Outputs();
    StringBuilder index = new StringBuilder();
    for (Run run : runs(example)) {
      CliRun r = CliRun.of(run.args().toArray(new String[0]));
      index.append("$ keyplan ").append(String.join(" ", run.args())).append('\n');
      index.append("exit ").append(r.exitCode()).append('\n');
      if (r.exitCode() == 0) {
        out.files.add(new Output(run.file(), portable(r.out())));
      } else if (!r.out().isEmpty()) {
        index
            .append("stdout:\n")
            .append(portable(r.out()))
            .append(r.out().endsWith("\n") ? "" : "\n");
      }
      if (!r.err().isEmpty()) {
        index
            .append("stderr:\n")
            .append(portable(r.err()))
            .append(r.err().endsWith("\n") ? "" : "\n");
      }
      index.append('\n');
    }
    out.files.add(new Output("runs.txt", index.toString()));
    return out;
  }

  record Output(String file, String text) {}

  static final class Outputs {
    final List<Output> files = new ArrayList<>();
  }

  @TestFactory
  Stream<DynamicTest> everyExampleOutputIsUnchanged() throws IOException {
    return examples().stream()
        .map(
            example ->
                DynamicTest.dynamicTest(
                    stem(example),
                    () -> {
                      Path dir = GOLDEN.resolve(stem(example));
                      Outputs outputs = outputs(example);
                      if (UPDATE) {
                        write(dir, outputs);
                        return;
                      }
                      Set<String> expected = new TreeSet<>();
                      try (Stream<Path> files = Files.list(dir)) {
                        files.forEach(f -> expected.add(f.getFileName().toString()));
                      } catch (IOException e) {
                        throw new AssertionError(
                            "no golden files for "
                                + example
                                + " in "
                                + dir
                                + ": run scripts/golden.sh",
                            e);
                      }
                      Set<String> actual = new TreeSet<>();
                      outputs.files.forEach(o -> actual.add(o.file()));
                      assertThat(actual)
                          .as("the outputs of " + example + " (golden files in " + dir + ")")
                          .isEqualTo(expected);
                      for (Output o : outputs.files) {
                        String want =
                            Files.readString(dir.resolve(o.file()), StandardCharsets.UTF_8);
                        // assertEquals, not AssertJ: a failure shows the first differing line
                        // rather than two
                        // 200 KB strings.
                        assertEquals(
                            want,
                            o.text(),
                            () ->
                                example
                                    + " → "
                                    + o.file()
                                    + " differs from "
                                    + dir.resolve(o.file())
                                    + " (if the change is meant, regenerate with scripts/golden.sh and explain each diff)");
                      }
                    }));
  }

  /** Every golden directory belongs to an example: a removed example leaves no orphans behind. */
  @Test
  void everyGoldenDirectoryHasItsExample() throws IOException {
    Set<String> stems = new TreeSet<>();
    examples().forEach(e -> stems.add(stem(e)));
    Set<String> dirs = new TreeSet<>();
    Files.createDirectories(GOLDEN);
    try (Stream<Path> files = Files.list(GOLDEN)) {
      files.forEach(f -> dirs.add(f.getFileName().toString()));
    }
    if (UPDATE) {
      for (String d : dirs) {
        if (!stems.contains(d)) {
          delete(GOLDEN.resolve(d));
        }
      }
      return;
    }
    assertThat(dirs).isEqualTo(stems);
  }

  private static void write(Path dir, Outputs outputs) {
    try {
      delete(dir);
      Files.createDirectories(dir);
      for (Output o : outputs.files) {
        Files.writeString(dir.resolve(o.file()), o.text(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }
}
