package dev.keyplan.bench;

import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.CassandraAnalyzer;
import dev.keyplan.design.dynamodb.DynamoDbAnalysis;
import dev.keyplan.design.dynamodb.DynamoDbAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.cassandra.cql.CqlParser;
import dev.keyplan.store.cassandra.cql.CqlSchema;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A diagnostic, not a benchmark: where check's time goes, phase by phase, and how each phase grows.
 * For each size it runs check {@code REPS} times in one JVM and reports the thread CPU time of the
 * second half of the runs for: model YAML, CQL, analysis, and each built-in rule alone. A phase whose
 * growth column is far above the size ratio is where to look (then profile it with JFR; see
 * bench/RESULTS.md).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.keyplan.bench.PhaseProfile [SIZES] [REPS] [STORE]</pre>
 *
 * SIZES are pattern counts, default {@code 250,500,1000,2000}; they run largest first so the JIT is
 * warm for the small ones. REPS defaults to 20. STORE is {@code cassandra} (the default, models of
 * {@link ModelGenerator}) or {@code dynamodb} ({@link DynamoDbModelGenerator}; its rules are the
 * DynamoDB ones).
 */
public final class PhaseProfile {
  private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

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
    sb.append(String.format(Locale.ROOT, "   growth %d→%d (linear: %.1f)%n", first, last, last / (double) first));
    for (String phase : bySize.get(first).keySet()) {
      sb.append(String.format(Locale.ROOT, "%-36s", phase));
      order.forEach(n -> sb.append(String.format(Locale.ROOT, "%10.2f", bySize.get(n).get(phase))));
      sb.append(String.format(Locale.ROOT, "   %.1f%n", bySize.get(last).get(phase) / bySize.get(first).get(phase)));
    }
    System.out.print(sb);
  }

  private static Map<String, Double> profile(int patterns, int reps) {
    ModelGenerator.Generated g = ModelGenerator.forPatterns(patterns);
    Validation.validate(g);
    Map<String, Long> sum = new LinkedHashMap<>();
    int counted = 0;
    for (int r = 0; r < reps; r++) {
      boolean count = r >= reps / 2;
      long t0 = MX.getCurrentThreadCpuTime();
      Model model = ModelReader.read(g.yamlFile(), g.yaml(), Validation.BASE_DIR);
      long t1 = MX.getCurrentThreadCpuTime();
      CqlSchema schema = CqlParser.parse(g.cqlFile(), g.cql());
      long t2 = MX.getCurrentThreadCpuTime();
      CassandraAnalysis analysis = CassandraAnalyzer.analyze(model, model.cassandra().orElseThrow(), schema);
      long t3 = MX.getCurrentThreadCpuTime();
      if (count) {
        counted++;
        sum.merge("model YAML (ModelReader)", t1 - t0, Long::sum);
        sum.merge("CQL (CqlParser)", t2 - t1, Long::sum);
        sum.merge("analysis (CassandraAnalyzer)", t3 - t2, Long::sum);
      }
      long rules = 0;
      for (Class<?> rule : BuiltInRules.all()) {
        long a = MX.getCurrentThreadCpuTime();
        Checker.of(List.of(rule)).check(analysis);
        long b = MX.getCurrentThreadCpuTime();
        rules += b - a;
        if (count) {
          sum.merge("rule " + rule.getSimpleName(), b - a, Long::sum);
        }
      }
      if (count) {
        sum.merge("all rules", rules, Long::sum);
        sum.merge("total", t3 - t0 + rules, Long::sum);
      }
    }
    return millis(sum, counted);
  }

  private static Map<String, Double> profileDynamoDb(int patterns, int reps) {
    DynamoDbModelGenerator.Generated g = DynamoDbModelGenerator.forPatterns(patterns);
    Validation.validate(g);
    Map<String, Long> sum = new LinkedHashMap<>();
    int counted = 0;
    for (int r = 0; r < reps; r++) {
      boolean count = r >= reps / 2;
      long t0 = MX.getCurrentThreadCpuTime();
      Model model = ModelReader.read(g.yamlFile(), g.yaml(), Validation.BASE_DIR);
      long t1 = MX.getCurrentThreadCpuTime();
      DynamoDbAnalysis analysis = DynamoDbAnalyzer.analyze(model);
      long t2 = MX.getCurrentThreadCpuTime();
      if (count) {
        counted++;
        sum.merge("model YAML (ModelReader)", t1 - t0, Long::sum);
        sum.merge("analysis (DynamoDbAnalyzer)", t2 - t1, Long::sum);
      }
      long rules = 0;
      for (Class<?> rule : BuiltInRules.all()) {
        if (!dev.keyplan.check.DynamoDbRule.class.isAssignableFrom(rule)) {
          continue;
        }
        long a = MX.getCurrentThreadCpuTime();
        Checker.of(List.of(rule)).check(analysis);
        long b = MX.getCurrentThreadCpuTime();
        rules += b - a;
        if (count) {
          sum.merge("rule " + rule.getSimpleName(), b - a, Long::sum);
        }
      }
      if (count) {
        sum.merge("all rules", rules, Long::sum);
        sum.merge("total", t2 - t0 + rules, Long::sum);
      }
    }
    return millis(sum, counted);
  }

  private static Map<String, Double> millis(Map<String, Long> sum, int counted) {
    Map<String, Double> ms = new LinkedHashMap<>();
    sum.forEach((phase, nanos) -> ms.put(phase, nanos / 1e6 / counted));
    return ms;
  }
}
