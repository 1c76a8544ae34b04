package dev.keyplan.cli;

import dev.keyplan.analysis.Grade;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.designer.Against;
import dev.keyplan.designer.MonthlyCost;
import dev.keyplan.designer.Proposal;
import dev.keyplan.designer.RelationalBaseline;
import dev.keyplan.designer.Verdict;
import dev.keyplan.model.Model;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renders {@code keyplan design} for people: each proposal's decisions, requests, what it does not
 * support and its findings; what a new query costs; a proposal against the design the model already
 * has; and the stores side by side with their costs and the verdict. The command computes, this
 * class writes; {@link DesignJson} and {@link DesignMarkdown} are the other two formats.
 */
final class DesignText {
  private DesignText() {}

  /** What serving the new pattern costs on one store: the proposal with it against without. */
  static void newQuery(StringBuilder out, String id, Proposal before, Proposal after) {
    double b = cheapestMonthly(before);
    double a = cheapestMonthly(after);
    out.append("  What ")
        .append(id)
        .append(" costs on ")
        .append(after.store().displayName())
        .append(" (the proposal with it against the proposal without it)\n")
        .append("    per month, cheapest offer: ")
        .append(money(b))
        .append(" → ")
        .append(money(a))
        .append(
            Double.isNaN(a - b) ? "" : " (" + (a >= b ? "+" : "−") + money(Math.abs(a - b)) + ")")
        .append("\n    stored at the horizon: ")
        .append(stored(before))
        .append(" → ")
        .append(stored(after))
        .append('\n');
    Map<String, String> was = new LinkedHashMap<>();
    before.decisions().forEach(d -> was.put(d.target(), d.chosen()));
    for (Proposal.Decision d : after.decisions()) {
      String old = was.get(d.target());
      if (old == null) {
        out.append("    + ").append(d.target()).append("  ").append(d.chosen()).append('\n');
      } else if (!old.equals(d.chosen())) {
        out.append("    ~ ")
            .append(d.target())
            .append("  ")
            .append(old)
            .append(" → ")
            .append(d.chosen())
            .append('\n');
      }
    }
    Set<String> now = new HashSet<>();
    after.decisions().forEach(d -> now.add(d.target()));
    was.keySet().stream()
        .filter(t -> !now.contains(t))
        .forEach(t -> out.append("    - ").append(t).append('\n'));
    out.append('\n');
  }

  private static double cheapestMonthly(Proposal p) {
    return p.costs().stream()
        .mapToDouble(c -> c.monthly(1))
        .filter(x -> !Double.isNaN(x))
        .min()
        .orElse(Double.NaN);
  }

  private static String money(double usd) {
    return Double.isNaN(usd) ? "not priced" : Units.money(usd, "USD");
  }

  /** The proposal against the design the model already has, figure by figure. */
  static void against(StringBuilder out, Against a) {
    out.append("  Against the model's own ")
        .append(a.store().displayName())
        .append(" design (kept as it is; the proposal goes beside it)\n");
    line(out, "errors", a.errors());
    line(out, "warnings", a.warnings());
    line(out, "patterns in one partition", a.onePartition());
    out.append("    busiest key of its ceiling: ")
        .append(hot(a.hottest().get(0)))
        .append(" → ")
        .append(hot(a.hottest().get(1)))
        .append('\n');
    for (Against.Change c : a.changes()) {
      out.append("    ")
          .append(c.pattern())
          .append(": ")
          .append(c.before())
          .append(" → ")
          .append(c.after())
          .append('\n');
    }
    out.append('\n');
  }

  private static void line(StringBuilder out, String what, Against.Count c) {
    out.append("    ")
        .append(what)
        .append(": ")
        .append(c.before())
        .append(" → ")
        .append(c.after())
        .append(c.before() == c.after() ? " (same)" : "")
        .append('\n');
  }

  /** A key's share of its ceiling with the key's name, or "-" when none is sized. */
  /**
   * The bytes a proposal keeps at the horizon: the figure, or "at least" its lower bound when a
   * part is unsized (a Cassandra table whose key has no spread), or "?" when nothing is known.
   */
  static String stored(Proposal p) {
    if (!Double.isNaN(p.storedBytes())) {
      return Units.bytes(p.storedBytes());
    }
    return Double.isNaN(p.storedAtLeastBytes())
        ? "?"
        : "at least " + Units.bytes(p.storedAtLeastBytes());
  }

  static String hot(Optional<Against.Hot> h) {
    return h.map(
            x ->
                (x.share() < 0.0001 ? "under 0.01%" : Units.percent(x.share()))
                    + " ("
                    + x.key()
                    + ")")
        .orElse("-");
  }

  /**
   * The stores side by side with the relational baseline, and the verdict (docs/design.md, "Side by
   * side and the verdict"): every figure is the proposals' own or the baseline's.
   */
  static void comparison(
      StringBuilder out,
      Model model,
      List<Proposal> proposals,
      RelationalBaseline relational,
      Verdict v) {
    List<String> heads = new ArrayList<>(List.of(""));
    proposals.forEach(p -> heads.add(p.store().displayName()));
    heads.add("relational");
    List<List<String>> rows = new ArrayList<>();
    rows.add(heads);
    List<String> one = new ArrayList<>(List.of("patterns in one partition"));
    List<String> unsupported = new ArrayList<>(List.of("not supported"));
    List<String> findings = new ArrayList<>(List.of("errors, warnings"));
    List<String> hottest = new ArrayList<>(List.of("busiest key of its ceiling"));
    List<String> stored = new ArrayList<>(List.of("stored at the horizon"));
    List<String> monthly = new ArrayList<>(List.of("per month, cheapest offer"));
    for (Proposal p : proposals) {
      long good =
          model.patterns().stream()
              .filter(x -> p.analysis().summary(x).grade() == Grade.GOOD)
              .count();
      one.add(good + " of " + model.patterns().size());
      unsupported.add(String.valueOf(p.unsupported().size()));
      findings.add(
          p.findings().stream().filter(f -> f.severity() == Severity.ERROR).count()
              + ", "
              + p.findings().stream().filter(f -> f.severity() == Severity.WARNING).count());
      hottest.add(
          Against.hottest(p.analysis())
              .map(h -> h.share() < 0.0001 ? "under 0.01%" : Units.percent(h.share()))
              .orElse("-"));
      stored.add(stored(p));
      monthly.add(money(cheapestMonthly(p)));
    }
    one.add("-");
    unsupported.add("0");
    findings.add("-");
    hottest.add("-");
    stored.add(Units.bytes(relational.bytes() * relational.cost().units(1)));
    monthly.add(Units.money(relational.cost().monthly(1), "USD"));
    rows.addAll(List.of(one, unsupported, findings, hottest, stored, monthly));
    out.append("Side by side (docs/design.md, \"Side by side and the verdict\")\n");
    int[] width = new int[heads.size()];
    for (List<String> r : rows) {
      for (int i = 0; i < r.size(); i++) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    for (List<String> r : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int i = 0; i < r.size(); i++) {
        line.append(String.format("%-" + width[i] + "s", r.get(i)))
            .append(i + 1 < r.size() ? "  " : "");
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    out.append("\n  Costs a month\n");
    for (Proposal p : proposals) {
      for (MonthlyCost c : p.costs()) {
        costLine(out, p.store().displayName(), c);
      }
    }
    costLine(out, "relational", relational.cost());
    out.append("\n  Verdict: ")
        .append(v.choice().equals("relational") ? "stay relational" : v.choice())
        .append('\n');
    v.reasons().forEach(r -> out.append("    - ").append(r).append('\n'));
    out.append("  Sensitivity\n");
    v.sensitivity().forEach(r -> out.append("    - ").append(r).append('\n'));
    out.append('\n');
  }

  private static void costLine(StringBuilder out, String store, MonthlyCost c) {
    if (Double.isNaN(c.monthly(1))) {
      out.append("    ")
          .append(store)
          .append(", ")
          .append(c.offer())
          .append(": ")
          .append(c.note())
          .append("\n      ")
          .append(c.basis())
          .append('\n');
      return;
    }
    long units = c.units(1);
    out.append("    ")
        .append(store)
        .append(", ")
        .append(c.offer())
        .append(": ")
        .append(Units.money(c.monthly(1), "USD"))
        .append(
            units > 0
                ? " (" + Units.count(units) + " " + c.unit() + (units == 1 ? "" : "s") + ")"
                : "")
        .append("; ×2 ")
        .append(Units.money(c.monthly(2), "USD"))
        .append(", ×10 ")
        .append(Units.money(c.monthly(10), "USD"))
        .append("\n      ")
        .append(c.basis())
        .append(c.note().isEmpty() ? "" : "; " + c.note())
        .append('\n');
  }

  static void render(StringBuilder out, Model model, Proposal p) {
    out.append(p.store().displayName()).append(" design for ").append(model.name()).append('\n');
    for (Proposal.Decision d : p.decisions()) {
      out.append("\n  ").append(d.target()).append("  ").append(d.chosen()).append('\n');
      out.append("    serves ")
          .append(d.patterns().isEmpty() ? "no pattern" : String.join(", ", d.patterns()))
          .append('\n');
      for (String r : d.reasons()) {
        out.append("    - ").append(r).append('\n');
      }
    }
    out.append("\n  Requests, as the store runs them\n");
    p.requests()
        .forEach((id, r) -> out.append("    ").append(id).append(": ").append(r).append('\n'));
    if (!p.unsupported().isEmpty()) {
      out.append("\n  Not supported\n");
      for (Proposal.Unsupported u : p.unsupported()) {
        out.append("    ").append(u.pattern()).append(": ").append(u.reason()).append('\n');
      }
    }
    if (!p.unmet().isEmpty()) {
      out.append("\n  Constraints not met\n");
      p.unmet().forEach(u -> out.append("    ").append(u).append('\n'));
    }
    long errors = p.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
    long warnings = p.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
    long infos = p.findings().size() - errors - warnings;
    out.append("\n  Checked as keyplan check checks it: ")
        .append(errors)
        .append(errors == 1 ? " error, " : " errors, ")
        .append(warnings)
        .append(warnings == 1 ? " warning, " : " warnings, ")
        .append(infos)
        .append(" info\n");
    for (Finding f : p.findings()) {
      if (f.severity() != Severity.INFO) {
        out.append("    ")
            .append(f.severity().word())
            .append(" [")
            .append(f.rule())
            .append("] ")
            .append(f.target())
            .append(": ")
            .append(f.message())
            .append('\n');
      }
    }
    for (var f : p.files().entrySet()) {
      out.append("\n  ").append(f.getKey()).append('\n');
      f.getValue().lines().forEach(l -> out.append("    ").append(l).append('\n'));
    }
    out.append("\n  Model section\n");
    p.section().lines().forEach(l -> out.append("    ").append(l).append('\n'));
    out.append('\n');
  }
}
