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
import java.util.function.Function;

/**
 * A diagnostic, not a benchmark: where check's time goes, phase by phase, and how each phase grows.
 * It runs {@code REPS} rounds in one JVM, each checking every size once, and reports the median
 * thread CPU time of the second half of the rounds for: model YAML, the store's phases (schema
 * files such as the CQL, then the analysis; {@link BenchStore#analyze(Model, BenchModel,
 * BenchStore.Lap)}), and each of the store's rules alone. A phase whose growth column is far above
 * the size ratio is where to look (then profile it with JFR; see bench/RESULTS.md).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.keyplan.bench.PhaseProfile [SIZES] [REPS] [STORE]
 * </pre>
 *
 * SIZES are pattern counts, default {@code 250,500,1000,2000}; each round runs them largest first
 * so the JIT is warm for the small ones. REPS defaults to 20. STORE is the id of a {@link
 * BenchStore}, by default the first in id order (cassandra, then dynamodb); its models are those of
 * the check benchmark. Below the growth over the whole range it prints each step's own growth (for
 * sizes that double, linear is 2), and after the timed runs the heap a check keeps live and its
 * ratio to the model's text (run it with {@code -Xmx4g} or more for 20,000 patterns).
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
    Map<Integer, Map<String, Double>> bySize = profile(store, runOrder, reps);
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
    // Each step's own growth: a phase that is linear overall can still jump at one step (memory).
    sb.append(String.format(Locale.ROOT, "%n%-36s", "growth per step (size ratio)"));
    for (int i = 1; i < order.size(); i++) {
      sb.append(
          String.format(
              Locale.ROOT, "%10s", "×" + fixed(order.get(i) / (double) order.get(i - 1))));
    }
    sb.append('\n');
    for (String phase : bySize.get(first).keySet()) {
      sb.append(String.format(Locale.ROOT, "%-36s", phase));
      for (int i = 1; i < order.size(); i++) {
        double ratio =
            bySize.get(order.get(i)).get(phase) / bySize.get(order.get(i - 1)).get(phase);
        sb.append(String.format(Locale.ROOT, "%10s", fixed(ratio)));
      }
      sb.append('\n');
    }
    System.out.print(sb);
  }

  private static String fixed(double x) {
    return String.format(Locale.ROOT, "%.2f", x);
  }

  /**
   * Profiles the check of {@code store}'s models of {@code sizes} patterns: the model YAML, the
   * store's phases, then each rule that checks the store's analyses (its own and its parts of the
   * rules over several stores), alone; the other stores' rules would run nothing on it. Returns, by
   * size and phase, the median thread CPU ms of the second half of {@code reps} rounds (the first
   * half warms the JIT), then the live heap figures.
   *
   * <p>Each round checks every size once, largest first, so a spell of load on the shared machine
   * (another process on the same core's other hardware thread slows this thread's CPU time too)
   * falls on every size alike instead of on whichever size was running; the median drops the rounds
   * it hit hardest.
   */
  private static Map<Integer, Map<String, Double>> profile(
      BenchStore store, List<Integer> sizes, int reps) {
    Map<Integer, BenchModel> models = new LinkedHashMap<>();
    sizes.forEach(n -> models.put(n, modelOf(store, n)));
    List<Class<? extends Rule>> rules =
        BuiltInRules.all().stream()
            .filter(r -> Checker.stores(r).contains(store.store().id()))
            .toList();
    Map<Integer, Map<String, List<Long>>> samples = new LinkedHashMap<>();
    for (int r = 0; r < reps; r++) {
      for (int n : sizes) {
        BenchModel g = models.get(n);
        Laps laps = new Laps();
        Model model = g.read();
        laps.lap("model YAML (ModelReader)");
        StoreAnalysis analysis = store.analyze(model, g, laps::lap);
        laps.rules(rules, checker -> checker.check(analysis));
        laps.total();
        if (r >= reps / 2) {
          Map<String, List<Long>> bySample = samples.computeIfAbsent(n, k -> new LinkedHashMap<>());
          laps.nanos.forEach(
              (phase, t) -> bySample.computeIfAbsent(phase, k -> new ArrayList<>()).add(t));
        }
      }
    }
    Map<Integer, Map<String, Double>> out = new LinkedHashMap<>();
    for (int n : sizes) {
      Map<String, Double> ms = new LinkedHashMap<>();
      samples.get(n).forEach((phase, t) -> ms.put(phase, median(t) / 1e6));
      ms.putAll(liveHeap(store, models.get(n)));
      out.put(n, ms);
    }
    return out;
  }

  private static double median(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int m = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(m) : (sorted.get(m - 1) + sorted.get(m)) / 2.0;
  }

  /**
   * Returns the benchmark model, validated; one that fails validation is returned all the same,
   * with a warning saying what is missing. A diagnostic times what the generator writes even when
   * it no longer exercises every plan and rule (a rule added after the generator, a read that now
   * plans otherwise), where the benchmark itself must fail.
   */
  private static BenchModel modelOf(BenchStore store, int patterns) {
    try {
      return store.model(patterns);
    } catch (IllegalStateException e) {
      System.err.println("warning: " + e.getMessage() + "; profiled anyway");
      return store.unvalidated(patterns);
    }
  }

  /**
   * The heap a check keeps live, measured once after the timed runs: the bytes in use after a full
   * collection while the model, its analysis and every finding are still reachable, less those in
   * use after one before reading the model; and that figure over the model's text (the YAML and its
   * schema files, in chars). It is what a check holds at its end, not its peak: the parser's and
   * the planners' temporaries are gone by then.
   */
  private static Map<String, Double> liveHeap(BenchStore store, BenchModel g) {
    long text = g.yaml().length();
    for (BenchModel.SchemaFile f : g.schemas()) {
      text += f.text().length();
    }
    long before = usedAfterGc();
    Model model = g.read();
    StoreAnalysis analysis = store.analyze(model, g);
    List<Finding> findings = Checker.builtIn().check(analysis);
    long after = usedAfterGc();
    java.lang.ref.Reference.reachabilityFence(findings);
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("model text (KB)", text / 1024.0);
    out.put("live heap after check (MB)", (after - before) / (1024.0 * 1024.0));
    out.put("live heap ÷ model text", (after - before) / (double) text);
    return out;
  }

  /** Bytes of heap in use after full collections (two: the first may leave what finalizes). */
  private static long usedAfterGc() {
    for (int i = 0; i < 2; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * The thread CPU time of one check's phases, by phase name; a clock read ends one phase and
   * starts the next.
   */
  private static final class Laps {
    private final Map<String, Long> nanos = new LinkedHashMap<>();
    private long start = MX.getCurrentThreadCpuTime();
    private long total;

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
        nanos.merge("rule " + rule.getSimpleName(), b - a, Long::sum);
      }
      nanos.merge("all rules", all, Long::sum);
      total += all;
    }

    /** Adds "total": every phase and rule timed. */
    void total() {
      nanos.merge("total", total, Long::sum);
    }

    private void add(String phase, long t) {
      nanos.merge(phase, t, Long::sum);
      total += t;
    }
  }
}
