package dev.keyplan.bench;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Rule;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A diagnostic, not a benchmark: where check's time goes, phase by phase, and how each phase grows.
 * For each size it runs check {@code REPS} times in one JVM and reports the thread CPU time of the
 * second half of the runs for: model YAML, CQL, analysis, and each built-in rule alone. A phase
 * whose growth column is far above the size ratio is where to look (then profile it with JFR; see
 * bench/RESULTS.md).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.keyplan.bench.PhaseProfile [SIZES] [REPS] [STORE]
 * </pre>
 *
 * SIZES are pattern counts, default {@code 250,500,1000,2000}; they run largest first so the JIT is
 * warm for the small ones. REPS defaults to 20. STORE is {@code cassandra} (the default, models of
 * {@link ModelGenerator}) or {@code dynamodb} ({@link DynamoDbModelGenerator}; its rules are the
 * DynamoDB ones).
 */
public final class PhaseProfile {
  private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

  /** The rules of a DynamoDB analysis: the Cassandra ones never run on it. */
  private static final List<Class<? extends Rule>> DYNAMODB_RULES =
      BuiltInRules.all().stream()
          .filter(r -> Checker.stores(r).contains(StoreId.DYNAMODB.id()))
          .toList();

  private PhaseProfile() {}

  public static void main(String[] args) {
    String sizes = args.length > 0 ? args[0] : "250,500,1000,2000";
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    String store = args.length > 2 ? args[2] : "cassandra";
    if (!store.equals("cassandra") && !store.equals("dynamodb")) {
      System.err.println("STORE is cassandra or dynamodb, not " + store);
      System.exit(2);
    }
    List<Integer> order = new ArrayList<>();
    for (String s : sizes.split(",")) {
      order.add(Integer.parseInt(s.trim()));
    }
    order.sort(null);
    List<Integer> runOrder = new ArrayList<>(order);
    java.util.Collections.reverse(runOrder);
    Map<Integer, Map<String, Double>> bySize = new LinkedHashMap<>();
    for (int n : runOrder) {
      bySize.put(n, store.equals("dynamodb") ? profileDynamoDb(n, reps) : profile(n, reps));
    }
    int first = order.get(0);
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%-36s", "phase (thread CPU ms per check)"));
    order.forEach(n -> sb.append(String.format(Locale.ROOT, "%10d", n)));
    int last = order.get(order.size() - 1);
    sb.append(
        String.format(
            Locale.ROOT, "   growth %d→%d (linear: %.1f)%n", first, last, last / (double) first));
    for (String phase : bySize.get(first).keySet()) {
      sb.append(String.format(Locale.ROOT, "%-36s", phase));
      order.forEach(n -> sb.append(String.format(Locale.ROOT, "%10.2f", bySize.get(n).get(phase))));
      sb.append(
          String.format(
              Locale.ROOT,
              "   %.1f%n",
              bySize.get(last).get(phase) / bySize.get(first).get(phase)));
    }
    System.out.print(sb);
  }

  private static Map<String, Double> profile(int patterns, int reps) {
    ModelGenerator.Generated g = ModelGenerator.forPatterns(patterns);
    Validation.validate(g);
    return repeat(
        reps,
        laps -> {
          Model model = ModelReader.read(g.yamlFile(), g.yaml(), Validation.BASE_DIR);
          laps.lap("model YAML (ModelReader)");
          CqlSchema schema = CqlParser.parse(g.cqlFile(), g.cql());
          laps.lap("CQL (CqlParser)");
          CassandraAnalysis analysis =
              CassandraAnalyzer.analyze(
                  model, model.design(CassandraDesign.class).orElseThrow(), schema);
          laps.lap("analysis (CassandraAnalyzer)");
          laps.rules(BuiltInRules.all(), checker -> checker.check(analysis));
        });
  }

  private static Map<String, Double> profileDynamoDb(int patterns, int reps) {
    DynamoDbModelGenerator.Generated g = DynamoDbModelGenerator.forPatterns(patterns);
    Validation.validate(g);
    return repeat(
        reps,
        laps -> {
          Model model = ModelReader.read(g.yamlFile(), g.yaml(), Validation.BASE_DIR);
          laps.lap("model YAML (ModelReader)");
          DynamoDbAnalysis analysis = DynamoDbAnalyzer.analyze(model);
          laps.lap("analysis (DynamoDbAnalyzer)");
          laps.rules(DYNAMODB_RULES, checker -> checker.check(analysis));
        });
  }

  /**
   * Runs {@code check} {@code reps} times and returns the mean ms per phase of the second half of
   * the runs (the first half warms the JIT). One loop for both stores, so their phases are timed
   * alike.
   */
  private static Map<String, Double> repeat(int reps, Consumer<Laps> check) {
    Map<String, Long> sum = new LinkedHashMap<>();
    int counted = reps - reps / 2;
    for (int r = 0; r < reps; r++) {
      Laps laps = new Laps(r >= reps / 2 ? sum : new LinkedHashMap<>());
      check.accept(laps);
      laps.total();
    }
    Map<String, Double> ms = new LinkedHashMap<>();
    sum.forEach((phase, nanos) -> ms.put(phase, nanos / 1e6 / counted));
    return ms;
  }

  /**
   * The thread CPU time of one check's phases, added to {@code sum} by phase name; a clock read
   * ends one phase and starts the next.
   */
  private static final class Laps {
    private final Map<String, Long> sum;
    private long start = MX.getCurrentThreadCpuTime();
    private long total;

    Laps(Map<String, Long> sum) {
      this.sum = sum;
    }

    /** Ends the phase {@code phase}, begun at the last lap (or at the start). */
    void lap(String phase) {
      long now = MX.getCurrentThreadCpuTime();
      add(phase, now - start);
      start = MX.getCurrentThreadCpuTime();
    }

    /**
     * Runs each of {@code rules} alone through {@code check} (on the store's analysis), timing each
     * as a phase of its own, then adds "all rules", their sum.
     */
    void rules(List<Class<? extends Rule>> rules, Function<Checker, List<Finding>> check) {
      long all = 0;
      for (Class<? extends Rule> rule : rules) {
        long a = MX.getCurrentThreadCpuTime();
        // the findings are not wanted, only the CPU time their computing takes
        var unused = check.apply(Checker.of(List.of(rule)));
        long b = MX.getCurrentThreadCpuTime();
        all += b - a;
        sum.merge("rule " + rule.getSimpleName(), b - a, Long::sum);
      }
      sum.merge("all rules", all, Long::sum);
      total += all;
    }

    /** Adds "total": every phase and rule timed. */
    void total() {
      sum.merge("total", total, Long::sum);
    }

    private void add(String phase, long nanos) {
      sum.merge(phase, nanos, Long::sum);
      total += nanos;
    }
  }
}
