package dev.keyplan.bench;

import dev.keyplan.check.Checker;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.Designer;
import dev.keyplan.designer.Proposal;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Store;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code keyplan design}'s cost as a ratio to one {@code check} of the model it designs, measured
 * in the same run on the same thread (issue 20: "design of the 1,000-pattern workload within 50×
 * one check of the designed model … each doubling of the workload ≤ 2.2× in CPU time").
 *
 * <p>For each size P (the benchmark workload of {@link WorkloadOnlyGenerator}: 0.1 P entities) and
 * each store with a designer, in the registry's order: the thread's CPU time to propose a design
 * (the median of {@code REPS} runs after one warm-up), then to read the designed model back,
 * analyse it and run every rule, as {@code keyplan check} does (the median of {@code REPS}). Prints
 * one Markdown row per store and size: design ms, check ms, their ratio, and design's growth
 * against the size before.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar dev.keyplan.bench.DesignBench [REPS] [P…]}
 * (defaults: 3 repetitions, 62, 125, 250).
 */
public final class DesignBench {
  private DesignBench() {}

  public static void main(String[] args) throws IOException {
    int reps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    List<Integer> sizes = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      sizes.add(Integer.parseInt(args[i]));
    }
    if (sizes.isEmpty()) {
      sizes.addAll(List.of(62, 125, 250));
    }
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    Path dir = Files.createTempDirectory("keyplan-design-bench");
    System.out.println(
        "| store | patterns | design CPU ms | check CPU ms | design ÷ check | design growth |");
    System.out.println("|---|---|---|---|---|---|");
    for (Store<?, ?> s : Stores.builtIn().all()) {
      for (Designer d : s.designers()) {
        double previous = Double.NaN;
        for (int p : sizes) {
          String text = WorkloadOnlyGenerator.forPatterns(p);
          Model model = ModelReader.read("bench-workload.yaml", text, dir);
          DesignInput input = new DesignInput(model, text, dir);
          Proposal proposal = d.propose(input, "bench-design.cql");
          double[] design = new double[reps];
          for (int r = 0; r < reps; r++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            proposal = d.propose(input, "bench-design.cql");
            design[r] = (cpu.getCurrentThreadCpuTime() - t0) / 1e6;
          }
          for (var f : proposal.files().entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
          }
          String designed = text + proposal.section();
          check(s, designed, dir);
          double[] check = new double[reps];
          for (int r = 0; r < reps; r++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            check(s, designed, dir);
            check[r] = (cpu.getCurrentThreadCpuTime() - t0) / 1e6;
          }
          double dm = median(design);
          double cm = median(check);
          System.out.printf(
              Locale.ROOT,
              "| %s | %d | %.0f | %.1f | %.0f× | %s |%n",
              d.store().id(),
              p,
              dm,
              cm,
              dm / cm,
              Double.isNaN(previous) ? "-" : String.format(Locale.ROOT, "×%.2f", dm / previous));
          previous = dm;
        }
      }
    }
  }

  /** Reads, analyses and checks the designed model, as {@code keyplan check} does. */
  private static int check(Store<?, ?> s, String designed, Path dir) {
    Model m = ModelReader.read("bench-designed.yaml", designed, dir);
    return Checker.builtIn().check(s.analyze(m)).size();
  }

  private static double median(double[] xs) {
    double[] c = xs.clone();
    java.util.Arrays.sort(c);
    return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
  }
}
