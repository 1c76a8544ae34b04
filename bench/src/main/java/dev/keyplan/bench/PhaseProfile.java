package dev.keyplan.bench;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Rule;
import dev.keyplan.model.Model;
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
 * second half of the runs for: model YAML, the store's phases (schema files such as the CQL, then
 * the analysis; {@link BenchStore#analyze(Model, BenchModel, BenchStore.Lap)}), and each of the
 * store's rules alone. A phase whose growth column is far above the size ratio is where to look
 * (then profile it with JFR; see bench/RESULTS.md).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.keyplan.bench.PhaseProfile [SIZES] [REPS] [STORE]
 * </pre>
 *
 * SIZES are pattern counts, default {@code 250,500,1000,2000}; they run largest first so the JIT is
 * warm for the small ones. REPS defaults to 20. STORE is the id of a {@link BenchStore}, by default
 * the first in id order (cassandra, then dynamodb); its models are those of the check benchmark.
 */
public final class PhaseProfile {
  private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

  private PhaseProfile() {}

  public static void main(String[] args) {
    String sizes = args.length > 0 ? args[0] : "250,500,1000,2000";
    int reps = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    List<String> ids = BenchStore.ids();
    String id = args.length > 2 ? args[2] : ids.get(0);
    if (!ids.contains(id)) {
      System.err.println("STORE is one of " + ids + ", not " + id);
      System.exit(2);
    }
    BenchStore store = BenchStore.named(id);
    List<Integer> order = new ArrayList<>();
    for (String s : sizes.split(",")) {
      order.add(Integer.parseInt(s.trim()));
    }
    order.sort(null);
    List<Integer> runOrder = new ArrayList<>(order);
    java.util.Collections.reverse(runOrder);
    Map<Integer, Map<String, Double>> bySize = new LinkedHashMap<>();
    for (int n : runOrder) {
      bySize.put(n, profile(store, n, reps));
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

  /**
   * Profiles the check of {@code store}'s model of {@code patterns}: the model YAML, the store's
   * phases, then each rule that checks the store's analyses (its own and its parts of the rules
   * over several stores), alone; the other stores' rules would run nothing on it.
   */
  private static Map<String, Double> profile(BenchStore store, int patterns, int reps) {
    BenchModel g = store.model(patterns);
    List<Class<? extends Rule>> rules =
        BuiltInRules.all().stream()
            .filter(r -> Checker.stores(r).contains(store.store().id()))
            .toList();
    return repeat(
        reps,
        laps -> {
          Model model = g.read();
          laps.lap("model YAML (ModelReader)");
          StoreAnalysis analysis = store.analyze(model, g, laps::lap);
          laps.rules(rules, checker -> checker.check(analysis));
        });
  }

  /**
   * Runs {@code check} {@code reps} times and returns the mean ms per phase of the second half of
   * the runs (the first half warms the JIT). One loop for every store, so their phases are timed
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
