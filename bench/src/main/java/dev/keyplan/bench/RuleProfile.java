package dev.keyplan.bench;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Rule;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * A diagnostic beside {@link PhaseProfile}: how a few rules grow, each timed alone many times on
 * analyses built once. A rule of a few milliseconds is at the mercy of the shared machine in
 * PhaseProfile's ten rounds (a step of ×3 next to one of ×1.6); here each rule runs {@code REPS}
 * rounds over every size, and the median thread CPU time of the second half is printed per size
 * with each step's growth (for sizes that double, linear is 2).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.keyplan.bench.RuleProfile STORE SIZES REPS RULES
 * </pre>
 *
 * For example {@code dynamodb 5000,10000,20000 40 TablePerEntity,KeySpreadUndeclared}. The models
 * are the check benchmark's, generated without validation (as PhaseProfile falls back to).
 */
public final class RuleProfile {
  private RuleProfile() {}

  public static void main(String[] args) {
    if (args.length != 4) {
      System.err.println(
          "usage: RuleProfile STORE SIZES REPS RULES (rules by simple name, commas)");
      System.exit(2);
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    BenchStore store = BenchStore.named(args[0]);
    int[] sizes = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
    int reps = Integer.parseInt(args[2]);
    StoreAnalysis[] analyses = new StoreAnalysis[sizes.length];
    for (int i = 0; i < sizes.length; i++) {
      BenchModel g = store.unvalidated(sizes[i]);
      analyses[i] = store.analyze(g.read(), g);
    }
    for (String name : args[3].split(",")) {
      Class<? extends Rule> rule =
          BuiltInRules.all().stream()
              .filter(c -> c.getSimpleName().equals(name))
              .findFirst()
              .orElseThrow(() -> new IllegalArgumentException("no built-in rule " + name));
      Checker checker = Checker.of(java.util.List.of(rule));
      long[][] nanos = new long[sizes.length][reps];
      for (int r = 0; r < reps; r++) {
        for (int i = 0; i < sizes.length; i++) {
          long start = mx.getCurrentThreadCpuTime();
          // only the time matters, not the findings
          var unused = checker.check(analyses[i]);
          nanos[i][r] = mx.getCurrentThreadCpuTime() - start;
        }
      }
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-32s", name));
      double previous = 0;
      for (int i = 0; i < sizes.length; i++) {
        long[] counted = Arrays.copyOfRange(nanos[i], reps / 2, reps);
        Arrays.sort(counted);
        double ms = counted[counted.length / 2] / 1e6;
        line.append(String.format(Locale.ROOT, "  %d: %.2f ms", sizes[i], ms));
        if (previous > 0) {
          line.append(String.format(Locale.ROOT, " (×%.2f)", ms / previous));
        }
        previous = ms;
      }
      System.out.println(line);
    }
  }
}
