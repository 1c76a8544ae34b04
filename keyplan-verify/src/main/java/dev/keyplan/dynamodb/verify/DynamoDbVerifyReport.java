package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Sets what the engine measured beside keyplan's predictions, in five tables:
 *
 * <ul>
 *   <li>{@code patterns}: per pattern and key, the API call, the table or index, the items keyplan
 *       says a request evaluates and those the engine evaluated and returned, the calls, the share
 *       of the key's items loaded, and latency p50/p99 at the client;
 *   <li>{@code capacity}: per pattern, key and copy (table, index), the read or write units per
 *       request keyplan's plan predicts and the engine's {@code ConsumedCapacity}, their ratio, and
 *       whether they are compared (and why not);
 *   <li>{@code items}: per item type, keyplan's size, the built item's size by keyplan's {@code
 *       ItemSize}, the size the engine counts ({@link SizeProbe}), and a write's units;
 *   <li>{@code tables}: items at the horizon, loaded and counted;
 *   <li>{@code load}: each key group's items at the horizon and as loaded.
 * </ul>
 *
 * A compared value that differs from keyplan's is a mismatch and a finding; capacity units must be
 * equal, item counts equal to within one (keyplan's typical key may hold a fraction of an item).
 */
final class DynamoDbVerifyReport {
  private final Session s;
  private final List<String> findings = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private int mismatches;
  private int compared;

  private DynamoDbVerifyReport(Session s) {
    this.s = s;
  }

  /** Returns the result of session {@code s}; {@code cleanup} says what was dropped or kept. */
  static VerifyResult of(Session s, List<String> cleanup) {
    DynamoDbVerifyReport r = new DynamoDbVerifyReport(s);
    List<Table> tables = List.of(r.patterns(), r.capacity(), r.items(), r.tables(), r.load());
    r.notes.addAll(cleanup);
    List<String> findings = new ArrayList<>();
    findings.add(
        r.mismatches == 0
            ? "all " + r.compared + " compared values equal " + s.fidelity.word() + "'s"
            : r.mismatches
                + " of "
                + r.compared
                + " compared values differ from "
                + s.fidelity.word()
                + "'s");
    findings.addAll(r.findings);
    List<String> notes = RunNotes.notes(s);
    notes.addAll(r.notes);
    return new VerifyResult(
        "dynamodb", RunNotes.settings(s), findings, tables, notes, r.mismatches);
  }

  private Table patterns() {
    List<List<Object>> rows = new ArrayList<>();
    for (PatternRun run : s.runs) {
      List<Object> row = new ArrayList<>();
      row.add(run.pattern.id());
      row.add(run.which.word());
      row.add(run.plan.operation());
      row.add(run.on());
      if (!run.ran()) {
        row.addAll(
            List.of(
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                run.plan.calls(),
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                run.notRun
                    .map(r -> "not run: " + r)
                    .orElse(run.failure.map(f -> "failed: " + f).orElse("-"))));
        rows.add(row);
        continue;
      }
      Prediction p = run.prediction;
      double evaluated = mean(run, o -> o.evaluated);
      row.add(run.read.isPresent() ? planItems(run) : Double.NaN);
      row.add(p.items());
      row.add(run.read.isPresent() ? evaluated : Double.NaN);
      row.add(run.read.isPresent() ? mean(run, o -> o.returned) : Double.NaN);
      row.add(run.plan.calls());
      row.add(mean(run, o -> o.calls));
      row.add(run.group.map(KeyGroup::factor).orElse(p.scale()));
      row.add(run.latency.millis(50));
      row.add(run.latency.millis(99));
      row.add("run " + run.samples.size() + "×");
      rows.add(row);
      if (run.read.isPresent() && !Double.isNaN(p.items())) {
        compared++;
        if (Math.abs(evaluated - p.items()) >= 1) {
          mismatch(
              run.pattern.id()
                  + " ("
                  + run.which.word()
                  + "): keyplan says a request evaluates "
                  + number(p.items())
                  + " items on "
                  + run.on()
                  + ", the engine evaluated "
                  + number(evaluated));
        }
      }
    }
    return new Table(
        "patterns",
        "Patterns as run (per request; items and calls summed over a request's calls)",
        List.of(
            "pattern",
            "key",
            "call",
            "on",
            "items (keyplan, at horizon)",
            "items (keyplan, as loaded)",
            "items evaluated",
            "items returned",
            "calls (keyplan, typical key)",
            "calls",
            "loaded share",
            "p50 ms",
            "p99 ms",
            "run"),
        rows);
  }

  private static double planItems(PatternRun run) {
    return run.which == KeyGroup.Which.BUSIEST
        ? run.plan.itemsEvaluated().busiest()
        : run.plan.itemsEvaluated().typical();
  }

  private Table capacity() {
    List<List<Object>> rows = new ArrayList<>();
    for (PatternRun run : s.runs) {
      if (!run.ran()) {
        continue;
      }
      units(run, "RCU", run.prediction.reads(), run.prediction.horizon(), true, rows);
      units(run, "WCU", run.prediction.writes(), run.prediction.writes(), false, rows);
    }
    return new Table(
        "capacity",
        "Capacity units per request: keyplan's plan against the engine's ConsumedCapacity",
        List.of(
            "pattern",
            "key",
            "copy",
            "units",
            "keyplan (at horizon)",
            "keyplan (as loaded)",
            "measured",
            "ratio",
            "compared"),
        rows);
  }

  private void units(
      PatternRun run,
      String unit,
      java.util.Map<String, Double> predicted,
      java.util.Map<String, Double> horizon,
      boolean reads,
      List<List<Object>> rows) {
    Set<String> copies = new LinkedHashSet<>(predicted.keySet());
    for (Outcome o : run.samples) {
      copies.addAll((reads ? o.reads : o.writes).byCopy().keySet());
    }
    for (String copy : copies) {
      double keyplan = predicted.getOrDefault(copy, 0.0);
      double measured = mean(run, o -> (reads ? o.reads : o.writes).on(copy));
      if (!predicted.containsKey(copy) && measured == 0) {
        // INDEXES reports the table at 0 for a query of a global index: nothing to compare.
        continue;
      }
      double low = min(run, o -> (reads ? o.reads : o.writes).on(copy));
      double high = max(run, o -> (reads ? o.reads : o.writes).on(copy));
      Optional<String> why = s.fidelity.text(run.items);
      if (why.isEmpty() && run.read.isPresent() && Double.isNaN(planItems(run))) {
        why =
            Optional.of(
                "keyplan's plan counts no items for this read: the spread of an item type under the key is"
                    + " not declared");
      }
      if (why.isEmpty()) {
        why =
            reads
                ? s.fidelity.readUnits(run.plan, copy)
                : s.fidelity.writeUnits(copy, s.analysis.tables(), run.items);
      }
      String verdict = why.map(w -> "no: " + w).orElse("yes");
      if (low != high) {
        verdict += " (varied " + number(low) + " to " + number(high) + ")";
      }
      rows.add(
          List.of(
              run.pattern.id(),
              run.which.word(),
              copy,
              unit,
              horizon.getOrDefault(copy, 0.0),
              keyplan,
              measured,
              keyplan == 0 ? Double.NaN : measured / keyplan,
              verdict));
      if (why.isEmpty()) {
        compared++;
        if (Math.abs(keyplan - measured) > 1e-9 || low != high) {
          mismatch(
              run.pattern.id()
                  + " ("
                  + run.which.word()
                  + ") on "
                  + copy
                  + ": keyplan predicts "
                  + number(keyplan)
                  + " "
                  + unit
                  + " per request, "
                  + s.fidelity.word()
                  + " consumed "
                  + number(measured)
                  + (keyplan == 0 ? "" : " (ratio " + number(measured / keyplan) + ")"));
        }
      }
    }
  }

  private Table items() {
    List<List<Object>> rows = new ArrayList<>();
    for (Session.SizeRow z : s.sizes) {
      long predictedWcu = Capacity.write(0, z.item().bytes(), Capacity.Write.STANDARD);
      Optional<String> why = s.fidelity.text(List.of(z.item()));
      rows.add(
          List.of(
              z.table().name(),
              z.item().name(),
              z.item().bytes(),
              z.built(),
              z.measured().bytes(),
              (double) predictedWcu,
              z.measured().writeUnits(),
              why.map(w -> "no: " + w).orElse("yes")));
      if (why.isEmpty()) {
        compared += 2;
        if (z.measured().bytes() != z.item().bytes()) {
          mismatch(
              "item type "
                  + z.item().name()
                  + " of "
                  + z.table().name()
                  + ": keyplan sizes it "
                  + z.item().bytes()
                  + " B, "
                  + s.fidelity.word()
                  + " counts "
                  + z.measured().bytes()
                  + " B"
                  + (z.built() != z.item().bytes()
                      ? " (the item keyplan verify built is "
                          + z.built()
                          + " B by keyplan's"
                          + " rules: the data could not be made to keyplan's size)"
                      : ""));
        }
        if (z.measured().writeUnits() != predictedWcu) {
          mismatch(
              "a PutItem of item type "
                  + z.item().name()
                  + ": keyplan predicts "
                  + predictedWcu
                  + " WCU, "
                  + s.fidelity.word()
                  + " consumed "
                  + number(z.measured().writeUnits()));
        }
      }
    }
    return new Table(
        "items",
        "Item sizes: keyplan's analysis, the item built (by keyplan's ItemSize), and the engine's"
            + " count (from the write units of padded puts)",
        List.of(
            "table",
            "item type",
            "keyplan bytes",
            "built bytes",
            "measured bytes",
            "PutItem WCU (keyplan)",
            "PutItem WCU (measured)",
            "compared"),
        rows);
  }

  private Table tables() {
    List<List<Object>> rows = new ArrayList<>();
    for (DynamoDbTable t : s.analysis.tables()) {
      long loaded = s.data.countsByTable().getOrDefault(t.name(), 0L);
      Long counted = s.counted.get(t.name());
      rows.add(
          List.of(
              s.names.name(t.name()),
              s.analysis.sizing().get(t.name()).items(),
              loaded,
              counted == null ? (Object) "- (reused)" : counted));
      if (counted != null) {
        compared++;
        if (counted != loaded) {
          mismatch(
              "table "
                  + t.name()
                  + ": "
                  + loaded
                  + " items were loaded but a Scan counts "
                  + counted);
        }
      }
    }
    return new Table(
        "tables",
        "Items per table: keyplan's count at the horizon, loaded (scaled), and counted by a Scan",
        List.of("table", "items at horizon (keyplan)", "items loaded", "items counted"),
        rows);
  }

  private Table load() {
    List<List<Object>> rows = new ArrayList<>();
    for (KeyGroup g : s.groups) {
      for (KeyGroup.Member m : g.members()) {
        rows.add(List.of(g.label(), m.item().name(), m.full(), (long) m.loaded(), g.factor()));
      }
    }
    notes.add(
        "Scaling: a key group holding more than "
            + s.options.maxRows()
            + " items at the horizon is loaded"
            + " with every item type scaled by the same share (the load table's 'loaded share'); a read whose plan"
            + " evaluates more items than were loaded is predicted at that share, by keyplan's own rounding"
            + " (Capacity.query of the plan's bytes times the share, per query).");
    return new Table(
        "load",
        "Key groups loaded: the busiest and a typical partition key value of every key template"
            + " a pattern uses",
        List.of(
            "key group", "item type", "items at horizon (keyplan)", "items loaded", "loaded share"),
        rows);
  }

  private void mismatch(String what) {
    mismatches++;
    findings.add(what);
  }

  private static double mean(PatternRun run, java.util.function.ToDoubleFunction<Outcome> f) {
    return run.samples.stream().mapToDouble(f).average().orElse(Double.NaN);
  }

  private static double min(PatternRun run, java.util.function.ToDoubleFunction<Outcome> f) {
    return run.samples.stream().mapToDouble(f).min().orElse(Double.NaN);
  }

  private static double max(PatternRun run, java.util.function.ToDoubleFunction<Outcome> f) {
    return run.samples.stream().mapToDouble(f).max().orElse(Double.NaN);
  }

  private static String number(double d) {
    return String.format(Locale.ROOT, "%.3f", d).replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
