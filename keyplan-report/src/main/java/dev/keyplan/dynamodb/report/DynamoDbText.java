package dev.keyplan.dynamodb.report;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.facts.PriceTable;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import dev.keyplan.report.Phrases;
import dev.keyplan.report.TextTable;
import java.util.List;

/**
 * The DynamoDB part of the text report: patterns with their operation, key condition and units;
 * items with their sizes; heat of the busiest key per copy; sizes and partitions; monthly cost.
 */
public final class DynamoDbText {
  private DynamoDbText() {}

  public static void render(DynamoDbAnalysis a, StringBuilder out) {
    out.append("Patterns (dynamodb)\n").append(patterns(a).render()).append('\n');
    out.append("How each pattern runs (dynamodb)\n");
    for (DynamoDbPlan p : a.plans()) {
      out.append("  ").append(p.pattern().id()).append(": ").append(p.request()).append('\n');
      for (String n : p.notes()) {
        out.append("    - ").append(n).append('\n');
      }
    }
    out.append('\n');
    out.append("Items (dynamodb, at ")
        .append(Quantities.formatSeconds(a.model().horizonSeconds()))
        .append(")\n")
        .append(items(a).render())
        .append('\n');
    out.append("Heat (dynamodb, busiest partition key value; ceilings ")
        .append(Units.count(DynamoDbLimits.MAX_RCU_PER_PARTITION))
        .append(" RCU/s and ")
        .append(Units.count(DynamoDbLimits.MAX_WCU_PER_PARTITION))
        .append(" WCU/s per partition)\n")
        .append(heat(a).render())
        .append('\n');
    out.append("Sizing (dynamodb, at ")
        .append(Quantities.formatSeconds(a.model().horizonSeconds()))
        .append(")\n")
        .append(sizing(a).render());
    // What a for: window puts in a busiest collection (docs/model.md, "Hot for a window").
    for (DynamoDbSizing s : a.sizing().values()) {
      s.busiestWindows()
          .forEach(w -> out.append("  ").append(s.table()).append(", ").append(w).append('\n'));
    }
    out.append('\n');
    PriceTable pr = a.prices();
    out.append("Cost per month (dynamodb, ")
        .append(pr.region())
        .append(" ")
        .append(pr.tableClass())
        .append(" prices checked ")
        .append(pr.checked())
        .append(
            a.design().averageLoad() < 1
                ? "; throughput at "
                    + Units.percent(a.design().averageLoad())
                    + " of the peak rates"
                : "; throughput at the peak rates all month, an upper bound")
        .append(")\n")
        .append(cost(a).render());
    out.append("  total: ")
        .append(headline(a, " per month"))
        .append(
            " in each copy's billing mode. Prices change: check https://aws.amazon.com/dynamodb/pricing/")
        .append(
            pr.file().startsWith("built-in")
                ? " or give your own with 'prices:'"
                : " (prices from " + pr.file() + ")")
        .append(".\n\n");
  }

  /**
   * The monthly total, and beside it what the peaks need when a copy is provisioned below its need
   * (the analysis' {@code monthlyAtNeed}): "set $522.33 per month; the peaks need $692.01 per month
   * provisioned (ProductSales below its need: ProvisionedBelowNeed)". {@code per} follows each
   * figure.
   */
  public static String headline(DynamoDbAnalysis a, String per) {
    String c = a.prices().currency();
    List<String> below = a.copiesBelowNeed();
    if (below.isEmpty()) {
      return Units.money(a.monthlyTotal(), c) + per;
    }
    return "set "
        + Units.money(a.monthlyTotal(), c)
        + per
        + "; the peaks need "
        + Units.money(a.monthlyAtNeed(), c)
        + per
        + " provisioned ("
        + String.join(", ", below)
        + " below "
        + (below.size() == 1 ? "its" : "their")
        + " need: ProvisionedBelowNeed)";
  }

  static TextTable patterns(DynamoDbAnalysis a) {
    var t =
        new TextTable(
            "pattern",
            "rate",
            "operation",
            "on",
            "items read",
            "units/request",
            "calls",
            "per month");
    for (DynamoDbPlan p : a.plans()) {
      String units =
          p.pattern().isRead()
              ? number(p.readUnits()) + " RCU"
              : number(p.writeUnits())
                  + " WCU"
                  + (p.readUnits() > 0 ? " + " + number(p.readUnits()) + " RCU" : "");
      String on = p.path().map(x -> x.label()).orElse(String.join(", ", p.copies()));
      t.row(
          p.pattern().id(),
          Units.rate(p.pattern().ratePerSecond()),
          p.operation(),
          on.isEmpty() ? "-" : on,
          p.pattern().isRead()
              ? Phrases.pair(p.itemsEvaluated().typical(), p.itemsEvaluated().busiest())
              : "-",
          p.access() == DynamoDbPlan.Access.NOT_SERVED ? "-" : units,
          number(p.calls()),
          Units.money(
              a.patternCosts().getOrDefault(p.pattern().id(), Double.NaN), a.prices().currency()));
    }
    return t;
  }

  static TextTable items(DynamoDbAnalysis a) {
    var t = new TextTable("item type", "table", "entity", "item size", "items", "indexes");
    for (DynamoDbTable table : a.tables()) {
      for (DynamoDbItem it : table.items()) {
        String in =
            String.join(
                ", ",
                table.paths().stream()
                    .filter(p -> p.isIndex() && it.on(p))
                    .map(p -> p.name())
                    .toList());
        t.row(
            it.name(),
            table.name(),
            it.entity().name(),
            Units.count(it.bytes()) + " B",
            Units.count(it.rows()),
            in.isEmpty() ? "-" : in);
      }
    }
    return t;
  }

  static TextTable heat(DynamoDbAnalysis a) {
    var t = new TextTable("copy", "partition key", "reads", "writes", "of ceiling", "patterns");
    for (DynamoDbHeat h : a.heat()) {
      t.row(
          h.copy(),
          h.signature(),
          units(h.readUnits(), "RCU"),
          units(h.writeUnits(), "WCU"),
          h.ceilingShare() < 0.0001 ? "<0.01%" : Units.percent(h.ceilingShare()),
          String.join(", ", h.patterns()));
    }
    return t;
  }

  static TextTable sizing(DynamoDbAnalysis a) {
    var t =
        new TextTable(
            "table",
            "items",
            "storage",
            "largest item",
            "partitions (size, throughput)",
            "busiest collection");
    for (DynamoDbSizing s : a.sizing().values()) {
      t.row(
          s.table(),
          Units.count(s.items()),
          Units.bytes(s.bytes()),
          s.largestItem() + " " + Units.count(s.largestItemBytes()) + " B",
          Units.count(s.partitionsBySize()) + ", " + Units.count(s.partitionsByThroughput()),
          s.collectionSignature() + " " + Units.bytes(s.collectionBytes()));
      s.indexes()
          .forEach(
              (name, v) -> t.row("  " + name, Units.count(v[0]), Units.bytes(v[1]), "", "", ""));
    }
    return t;
  }

  static TextTable cost(DynamoDbAnalysis a) {
    String c = a.prices().currency();
    var t =
        new TextTable(
            "copy",
            "mode",
            "reads",
            "writes",
            "on-demand",
            "provisioned (set)",
            "provisioned (need)",
            "storage",
            "total");
    for (DynamoDbCost k : a.costs()) {
      t.row(
          k.copy(),
          k.onDemand() ? "on-demand" : "provisioned",
          units(k.readUnits(), "RCU"),
          units(k.writeUnits(), "WCU"),
          Units.money(k.onDemandMonthly(), c),
          k.provisioned()
              .map(
                  p ->
                      Units.count(p[0])
                          + "/"
                          + Units.count(p[1])
                          + " "
                          + Units.money(k.provisionedMonthly().get(), c))
              .orElse("-"),
          Units.count(k.neededRead())
              + "/"
              + Units.count(k.neededWrite())
              + " "
              + Units.money(k.neededMonthly(), c),
          Units.bytes(k.storageBytes()) + " " + Units.money(k.storageMonthly(), c),
          Units.money(k.monthly(), c));
    }
    return t;
  }

  private static String units(double v, String unit) {
    return Double.isNaN(v) ? "unknown (no spread)" : number(v) + " " + unit + "/s";
  }

  /** Units with up to two decimals (0.5 RCU), whole numbers with separators. */
  public static String number(double v) {
    if (Double.isNaN(v)) {
      return "?";
    }
    if (v == Math.rint(v)) {
      return Units.count(v);
    }
    if (v < 0.01) {
      return "<0.01";
    }
    return v < 10
        ? String.format(java.util.Locale.ROOT, "%.2f", v).replaceAll("0$", "")
        : Units.count(v);
  }
}
