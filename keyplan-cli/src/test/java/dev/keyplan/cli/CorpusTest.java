package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 18's malformed-input corpus: every line of {@code corpus/MANIFEST} (test resources) is one
 * hostile — or valid but extreme — input run through the real command line in-process, with the
 * outcome the line states. The promise each run checks is keyplan's own (docs/reliability.md): bad
 * input is exit 2 with {@code file:line:column} first; never a stack trace; never exit 4, which is
 * a bug; no NaN or Infinity printed as a figure.
 *
 * <p>The inputs are this project's own, written for the corpus; the expected place of each error
 * was marked in the input where the defect was put (the generator turned the mark into line:column)
 * and then compared with what keyplan prints, so a line that disagrees with its input is a finding,
 * not a recording. How to add an entry is in the manifest's header and in docs/reliability.md
 * ("Malformed-input corpus").
 */
class CorpusTest {
  /**
   * Every input kind keyplan reads. A kind without an entry fails {@link
   * #corpus_coversEveryKind_andHasAtLeast300Entries}: a reader added later joins the corpus.
   */
  static final List<String> KINDS =
      List.of(
          "model", // YAML models: syntax, types, tags, documents, aliases, depth, numbers
          "valid", // valid but extreme models (also scanned by FiniteFiguresTest)
          "cql", // CQL schema files, each read through a model's cassandra: schema
          "dynamodb-item", // DynamoDB JSON items (dynamodb item-size)
          "dynamodb-schema", // describe-table, CreateTable input, NoSQL Workbench files
          "mongodb-doc", // Extended JSON documents and mongosh printing (mongodb doc-size)
          "mongodb-indexes", // getIndexes() output (indexes_file)
          "mongodb-sharding", // config.collections, config.shards, config.tags (sharding_file)
          "mongodb-explain", // explain pastes (verify mongodb --from-explain)
          "ring", // ring files (cassandra replicas --ring)
          "trace", // simulate traces (--trace)
          "options", // command-line options of every command
          "verify", // verify options that fail before any connection
          "data", // analyze data files: CSV, TSV, JSON Lines, Parquet, gzip, globs and options
          // analyze's store exports: a reader of their own (each store's export format, converted
          // line by line before the engine), so a kind of their own
          "analyze-exports");

  /** The folder of the corpus (test resources). */
  static final Path CORPUS = Path.of(CliRun.resource("/corpus/MANIFEST")).getParent();

  /** A JVM stack trace line, or the first line of one. */
  private static final Pattern STACK_TRACE =
      Pattern.compile(
          "(?m)^\\s+at [\\w$.]+\\(|Exception in thread|^Caused by: |\\.\\.\\. \\d+ more$");

  /** A figure that is not a number, as Java, JavaScript or a YAML/JSON writer would print it. */
  static final Pattern NON_FINITE = Pattern.compile("NaN|-?Infinity|∞");

  /** The place of a picocli parse error, which names no file: its message and the usage. */
  static final String USAGE = "<usage>";

  /** The first line picocli writes for an option or parameter it cannot parse. */
  private static final Pattern PICOCLI_MESSAGE =
      Pattern.compile(
          "(Invalid value for option|Unknown options?:|Missing required|Unmatched argument"
              + "|Expected parameter|option '[^']+' should be specified only once).*");

  /** One line of a manifest. */
  record Entry(int line, String kind, int exit, String where, List<String> args) {
    @Override
    public String toString() {
      // The parameterized test's display name: the line and what runs.
      return "MANIFEST:" + line + " " + String.join(" ", args);
    }
  }

  static List<Entry> entries(Path manifest) throws IOException {
    List<Entry> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split(" \\| ", 4);
      if (f.length != 4) {
        throw new AssertionError(
            manifest + ":" + (i + 1) + ": expected kind | exit | where | command");
      }
      out.add(
          new Entry(
              i + 1,
              f[0].strip(),
              Integer.parseInt(f[1].strip()),
              resolve(f[2].strip()),
              words(f[3].strip())));
    }
    return out;
  }

  /** The command's words: split at spaces, 'single quotes' keep theirs, @PATH is a corpus file. */
  static List<String> words(String command) {
    List<String> out = new ArrayList<>();
    var m = Pattern.compile("'([^']*)'|(\\S+)").matcher(command);
    while (m.find()) {
      out.add(m.group(1) != null ? m.group(1) : resolve(m.group(2)));
    }
    return out;
  }

  private static String resolve(String word) {
    return word.startsWith("@") ? CORPUS.resolve(word.substring(1)).toString() : word;
  }

  static Stream<Entry> corpus() throws IOException {
    return entries(CORPUS.resolve("MANIFEST")).stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void entry_endsAsItsManifestLineSays(Entry e) {
    var run = CliRun.of(e.args().toArray(String[]::new));
    String shown = e + "\nstdout:\n" + head(run.out()) + "\nstderr:\n" + head(run.err());
    assertThat(run.exitCode()).as("exit 4 is a bug: " + shown).isNotEqualTo(4);
    assertThat(run.exitCode()).as(shown).isEqualTo(e.exit());
    assertThat(run.err()).as(shown).doesNotContainPattern(STACK_TRACE);
    // stdout holds the figures; stderr of a rejected input may quote the input itself ("found
    // 'NaN/s'"), which is right, so it is scanned only when the run went through.
    assertThat(run.out()).as(shown).doesNotContainPattern(NON_FINITE);
    if (e.exit() != 2) {
      assertThat(run.err()).as(shown).doesNotContainPattern(NON_FINITE);
      return;
    }
    String first = run.err().lines().findFirst().orElse("");
    if (e.where().equals(USAGE)) {
      // picocli's own parse errors (an unknown option, a word where a number belongs): its one-line
      // message (then the usage, or a did-you-mean); there is no file to place them in.
      assertThat(first).as(shown).matches(PICOCLI_MESSAGE);
    } else {
      assertThat(first).as(shown).startsWith(e.where() + ":");
    }
    // Bad input prints nothing on stdout: no half-made report a script could take for a result.
    assertThat(run.out()).as(shown).isEmpty();
  }

  private static String head(String text) {
    return text.length() > 2_000 ? text.substring(0, 2_000) + "…" : text;
  }

  @Test
  void corpus_coversEveryKind_andHasAtLeast300Entries() throws IOException {
    List<Entry> all = corpus().toList();
    Map<String, Integer> perKind = new TreeMap<>();
    all.forEach(e -> perKind.merge(e.kind(), 1, Integer::sum));
    // Issue 18: "at least 300 inputs across every input kind".
    assertThat(all).hasSizeGreaterThanOrEqualTo(300);
    assertThat(perKind.keySet()).as("kinds with entries").containsAll(KINDS);
    assertThat(KINDS)
        .as("every kind in the manifest is a known kind")
        .containsAll(perKind.keySet());
  }

  @Test
  void everyManifestLine_isWellFormed_andEveryCorpusFileIsUsed() throws IOException {
    List<Entry> all = new ArrayList<>(corpus().toList());
    List<String> named = new ArrayList<>();
    for (Entry e : all) {
      assertThat(e.exit()).as(e.toString()).isIn(0, 1, 2);
      if (e.exit() == 2) {
        // A place is either the command line or a corpus (or example) file with line:column.
        // A place: the command line (with a column inside an option's value when keyplan
        // parses it), a file with line:column, a file with none (one that cannot be read), or
        // picocli's usage.
        assertThat(e.where()).as(e.toString()).matches("<command line>(:\\d+:\\d+)?|<usage>|/.+");
      } else {
        assertThat(e.where()).as(e.toString()).isEqualTo("-");
      }
      e.args().forEach(a -> named.add(a));
      named.add(e.where().replaceAll(":\\d+:\\d+$", ""));
    }
    // A file nobody runs is a test nobody runs; files a model names (its schema) are used through
    // that model, so a model's companion of the same name counts as named.
    try (var files = Files.walk(CORPUS)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String name = p.getFileName().toString();
        if (name.equals("MANIFEST") || name.equals("base.cql") || name.equals("rf1.cql")) {
          continue;
        }
        String stem = p.toString().replaceAll("\\.[a-z]+$", "");
        assertThat(named.stream().anyMatch(n -> n.replaceAll("\\.[a-z]+$", "").equals(stem)))
            .as("corpus file run by no manifest line: " + p)
            .isTrue();
      }
    }
  }
}
