package dev.keyplan.cli;

import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.designer.Against;
import dev.keyplan.designer.MonthlyCost;
import dev.keyplan.designer.Proposal;
import dev.keyplan.designer.RelationalBaseline;
import dev.keyplan.designer.Verdict;
import dev.keyplan.model.Model;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code keyplan design --format json}: the proposals, the stores skipped, the relational column
 * and the verdict, in the stable shape docs/design.md ("JSON") documents. Numbers are JSON numbers;
 * a figure that is unknown (a size with a spread undeclared, an offer that cannot be priced) is
 * {@code null}.
 */
final class DesignJson {
  private DesignJson() {}

  /** The rate multipliers every cost is given at: the model's rates, then the verdict's. */
  static final double[] AT = {1, 2, 10};

  /** A figure before and after, as {@code {"before": n, "after": n}}. */
  private static String count(Against.Count c) {
    return "{\"before\": " + c.before() + ", \"after\": " + c.after() + "}";
  }

  /**
   * A key's share of its ceiling, as {@code {"key": …, "share": …}}, or null when none is sized.
   */
  private static String hot(Optional<Against.Hot> h) {
    return h.map(
            x ->
                "{\"key\": "
                    + Json.quote(x.key())
                    + ", \"share\": "
                    + Math.round(x.share() * 1e6) / 1e6
                    + "}")
        .orElse("null");
  }

  static String render(
      Model model,
      List<Proposal> proposals,
      List<String[]> skipped,
      RelationalBaseline relational,
      Verdict verdict,
      List<Against> against,
      List<String> written) {
    StringBuilder j = new StringBuilder("{\n");
    j.append("  \"model\": ").append(Json.quote(model.name())).append(",\n");
    j.append("  \"proposals\": [");
    String sep = "\n";
    for (Proposal p : proposals) {
      j.append(sep);
      proposal(j, p);
      sep = ",\n";
    }
    j.append(proposals.isEmpty() ? "],\n" : "\n  ],\n");
    j.append("  \"skipped\": [");
    sep = "";
    for (String[] s : skipped) {
      j.append(sep)
          .append("{\"store\": ")
          .append(Json.quote(s[0]))
          .append(", \"reason\": ")
          .append(Json.quote(s[1]))
          .append('}');
      sep = ", ";
    }
    j.append("],\n");
    j.append("  \"against_existing\": [");
    sep = "\n";
    for (Against a : against) {
      j.append(sep)
          .append("    {\"store\": ")
          .append(Json.quote(a.store().id()))
          .append(", \"errors\": ")
          .append(count(a.errors()))
          .append(", \"warnings\": ")
          .append(count(a.warnings()))
          .append(", \"one_partition\": ")
          .append(count(a.onePartition()))
          .append(",\n     \"hottest\": [")
          .append(hot(a.hottest().get(0)))
          .append(", ")
          .append(hot(a.hottest().get(1)))
          .append("],\n     \"changes\": [");
      String c = "";
      for (Against.Change x : a.changes()) {
        j.append(c)
            .append("{\"pattern\": ")
            .append(Json.quote(x.pattern()))
            .append(", \"before\": ")
            .append(Json.quote(x.before()))
            .append(", \"after\": ")
            .append(Json.quote(x.after()))
            .append('}');
        c = ", ";
      }
      j.append("]}");
      sep = ",\n";
    }
    j.append(against.isEmpty() ? "],\n" : "\n  ],\n");
    j.append("  \"relational\": {\"rows\": ")
        .append(num(relational.rows()))
        .append(", \"bytes\": ")
        .append(num(relational.bytes()))
        .append(", \"reads_per_second\": ")
        .append(num(relational.readsPerSecond()))
        .append(", \"writes_per_second\": ")
        .append(num(relational.writesPerSecond()))
        .append(", \"misfit\": ")
        .append(relational.misfit(1).map(Json::quote).orElse("null"))
        .append(", \"cost\": ");
    cost(j, relational.cost());
    j.append("},\n");
    j.append("  \"verdict\": ");
    if (verdict == null) {
      j.append("null");
    } else {
      j.append("{\"choice\": ")
          .append(Json.quote(verdict.choice()))
          .append(", \"reasons\": ")
          .append(strings(verdict.reasons()))
          .append(", \"sensitivity\": ")
          .append(strings(verdict.sensitivity()))
          .append('}');
    }
    j.append(",\n  \"written\": ").append(strings(written)).append("\n}\n");
    return j.toString();
  }

  private static void proposal(StringBuilder j, Proposal p) {
    j.append("    {\"store\": ").append(Json.quote(p.store().id())).append(",\n");
    j.append("     \"decisions\": [");
    String sep = "";
    for (Proposal.Decision d : p.decisions()) {
      j.append(sep)
          .append("\n       {\"target\": ")
          .append(Json.quote(d.target()))
          .append(", \"patterns\": ")
          .append(strings(d.patterns()))
          .append(", \"chosen\": ")
          .append(Json.quote(d.chosen()))
          .append(", \"reasons\": ")
          .append(strings(d.reasons()))
          .append('}');
      sep = ",";
    }
    j.append("],\n     \"unsupported\": [");
    sep = "";
    for (Proposal.Unsupported u : p.unsupported()) {
      j.append(sep)
          .append("{\"pattern\": ")
          .append(Json.quote(u.pattern()))
          .append(", \"reason\": ")
          .append(Json.quote(u.reason()))
          .append('}');
      sep = ", ";
    }
    j.append("],\n     \"unmet\": ").append(strings(p.unmet()));
    long errors = p.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
    long warnings = p.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
    j.append(",\n     \"findings\": {\"errors\": ")
        .append(errors)
        .append(", \"warnings\": ")
        .append(warnings)
        .append(", \"info\": ")
        .append(p.findings().size() - errors - warnings)
        .append(", \"list\": [");
    sep = "";
    for (Finding f : p.findings()) {
      j.append(sep)
          .append("{\"severity\": ")
          .append(Json.quote(f.severity().word()))
          .append(", \"rule\": ")
          .append(Json.quote(f.rule()))
          .append(", \"target\": ")
          .append(Json.quote(f.target()))
          .append(", \"message\": ")
          .append(Json.quote(f.message()))
          .append('}');
      sep = ", ";
    }
    j.append("]},\n     \"section\": ").append(Json.quote(p.section())).append(",\n");
    j.append("     \"files\": {");
    sep = "";
    for (Map.Entry<String, String> f : new TreeMap<>(p.files()).entrySet()) {
      j.append(sep).append(Json.quote(f.getKey())).append(": ").append(Json.quote(f.getValue()));
      sep = ", ";
    }
    j.append("},\n     \"requests\": {");
    sep = "";
    for (Map.Entry<String, String> r : p.requests().entrySet()) {
      j.append(sep).append(Json.quote(r.getKey())).append(": ").append(Json.quote(r.getValue()));
      sep = ", ";
    }
    j.append("},\n     \"stored_bytes\": ").append(num(p.storedBytes())).append(",\n");
    j.append("     \"stored_bytes_at_least\": ").append(num(p.storedAtLeastBytes())).append(",\n");
    j.append("     \"costs\": [");
    sep = "";
    for (MonthlyCost c : p.costs()) {
      j.append(sep);
      cost(j, c);
      sep = ", ";
    }
    j.append("]}");
  }

  private static void cost(StringBuilder j, MonthlyCost c) {
    j.append("{\"offer\": ")
        .append(Json.quote(c.offer()))
        .append(", \"basis\": ")
        .append(Json.quote(c.basis()))
        .append(", \"unit\": ")
        .append(Json.quote(c.unit()))
        .append(", \"note\": ")
        .append(Json.quote(c.note()));
    for (double k : AT) {
      String x = "x" + (long) k;
      j.append(", \"units_")
          .append(x)
          .append("\": ")
          .append(c.units(k))
          .append(", \"monthly_usd_")
          .append(x)
          .append("\": ")
          .append(num(c.monthly(k)));
    }
    j.append('}');
  }

  private static String strings(List<String> list) {
    StringBuilder b = new StringBuilder("[");
    String sep = "";
    for (String s : list) {
      b.append(sep).append(Json.quote(s));
      sep = ", ";
    }
    return b.append(']').toString();
  }

  /** A JSON number: whole numbers without a fraction, others to the cent's precision; NaN null. */
  static String num(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return "null";
    }
    if (x == Math.rint(x) && Math.abs(x) < 1e15) {
      return Long.toString((long) x);
    }
    return new java.math.BigDecimal(x)
        .setScale(2, java.math.RoundingMode.HALF_EVEN)
        .stripTrailingZeros()
        .toPlainString();
  }
}
