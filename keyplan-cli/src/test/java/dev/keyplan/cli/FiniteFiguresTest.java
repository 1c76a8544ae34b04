package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 18: "every figure finite in every output format (a test scans text, JSON, SARIF and HTML of
 * every example and every corpus input for NaN/Infinity/negative sizes)"; its decisions: "the scan
 * covers sizes, counts and loads, not deltas".
 *
 * <p>Every model that {@code check} reads — each shipped example, and each model of the corpus that
 * {@code check} accepts (exit 0 or 1): the valid but extreme ones of {@code corpus/valid/} (1
 * billion requests a second, 2,000 patterns, 400 KB and 5 MB items, 16 MB documents, RF 1 on one
 * node, 10,000 nodes or shards, a 1 s and a 100 y horizon) and the odd but valid inputs of the
 * other kinds (a BOM, CR line ends, a DESCRIBE dump, imported indexes) — is run through {@code
 * check} as text, JSON and SARIF and through {@code report} (HTML). The shipped examples are also
 * simulated, each of their stores for one simulated minute as JSON: simulate is "where cheap", and
 * some extreme models are not (10,000 Cassandra nodes build their ring for minutes, a finding
 * reported to the simulation budget's owners). Every output must hold no NaN, Infinity or ∞; the
 * JSON ones no negative number in any field but those listed in {@link #SIGNED} and {@link
 * #DELTAS}; the text and HTML ones no negative size ("-12 B", "-3 GB") and no negative rate
 * ("-5/s").
 */
class FiniteFiguresTest {
  /**
   * Fields whose negative values are right: a Murmur3 token is a signed 64-bit number (Cassandra's
   * ring runs from -2⁶³ to 2⁶³ - 1; docs/cassandra-ring.md).
   */
  static final Set<String> SIGNED = Set.of("token");

  /**
   * Deltas, which the decision leaves out: a change may be negative. No JSON output of keyplan
   * holds one today; a delta field added later is named here, with why.
   */
  static final Set<String> DELTAS = Set.of();

  /** A negative size as the text and HTML outputs write sizes (docs/model.md, "Quantities"). */
  static final Pattern NEGATIVE_SIZE =
      Pattern.compile("(?<![\\w.#-])-\\d[\\d,.]*\\s?(B|KB|kB|MB|GB|TB|KiB|MiB|GiB|TiB)\\b");

  /** A negative rate or load: "-5/s", "-1.2k/s". */
  static final Pattern NEGATIVE_RATE = Pattern.compile("(?<![\\w.#-])-\\d[\\d,.]*[kMBT]?\\s?/s");

  static Stream<Path> examples() throws IOException {
    return Examples.readable().stream();
  }

  /** Every corpus line that runs {@code check} on one model and is not bad input. */
  static Stream<Path> corpusModels() throws IOException {
    List<Path> out = new ArrayList<>();
    for (CorpusTest.Entry e : CorpusTest.entries(CorpusTest.CORPUS.resolve("MANIFEST"))) {
      if (e.exit() != 2 && e.args().size() == 2 && e.args().get(0).equals("check")) {
        out.add(Path.of(e.args().get(1)));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void example_everyFigureIsFinite_inCheckReportAndSimulate(Path model) throws IOException {
    String m = model.toString();
    checkAndReport(m);
    for (String store : stores(m)) {
      // One simulated minute: every series has figures, and it is cheap for every model.
      var sim = CliRun.of("simulate", m, "--store", store, "--duration", "1m", "--format", "json");
      if (sim.exitCode() == 2) {
        // Refused before it ran (the budget of docs/reliability.md, or a MongoDB design with no
        // sharded collection: "nothing to simulate"), so no figure was printed.
        assertThat(sim.out()).as(m + " simulate " + store).isEmpty();
        continue;
      }
      assertThat(sim.exitCode()).as(m + " simulate " + store + ": " + sim.err()).isZero();
      scan(m + " simulate --store " + store, sim.out(), true);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusModels")
  void corpusModel_everyFigureIsFinite_inCheckAndReport(Path model) throws IOException {
    checkAndReport(model.toString());
  }

  private static void checkAndReport(String m) throws IOException {
    for (String format : List.of("text", "json", "sarif")) {
      var run = CliRun.of("check", "--fail-on", "never", "--format", format, m);
      assertThat(run.exitCode()).as(m + " " + format + ": " + run.err()).isZero();
      scan(m + " check --format " + format, run.out(), !format.equals("text"));
    }
    var report = CliRun.of("report", m);
    assertThat(report.exitCode()).as(m + " report: " + report.err()).isZero();
    scan(m + " report", report.out(), false);
  }

  /** The stores a model designs for, as check's JSON names them. */
  private static Set<String> stores(String model) throws IOException {
    var run = CliRun.of("check", "--fail-on", "never", "--format", "json", model);
    Set<String> out = new TreeSet<>();
    new ObjectMapper()
        .readTree(run.out())
        .get("patterns")
        .forEach(p -> out.add(p.get("store").asText()));
    return out;
  }

  private static void scan(String what, String output, boolean json) throws IOException {
    assertThat(output).as(what).isNotBlank();
    assertThat(output).as(what).doesNotContainPattern(CorpusTest.NON_FINITE);
    if (json) {
      List<String> negative = new ArrayList<>();
      walk(new ObjectMapper().readTree(output), "", "$", negative);
      assertThat(negative).as(what + ": negative sizes, counts or loads").isEmpty();
    } else {
      assertThat(output).as(what).doesNotContainPattern(NEGATIVE_SIZE);
      assertThat(output).as(what).doesNotContainPattern(NEGATIVE_RATE);
    }
  }

  private static void walk(JsonNode node, String field, String path, List<String> negative) {
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(f -> walk(f.getValue(), f.getKey(), path + "." + f.getKey(), negative));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), field, path + "[" + i + "]", negative);
      }
    } else if (node.isNumber()
        && node.asDouble() < 0
        && !SIGNED.contains(field)
        && !DELTAS.contains(field)) {
      negative.add(path + " = " + node.asText());
    }
  }
}
