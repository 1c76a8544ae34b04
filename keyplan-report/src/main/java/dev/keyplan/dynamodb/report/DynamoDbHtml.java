package dev.keyplan.dynamodb.report;

import dev.keyplan.analysis.Growth;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.emit.CreateTableJson;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Units;
import dev.keyplan.report.HeatBars;
import dev.keyplan.report.Html;
import dev.keyplan.report.SizingChart;

/** A DynamoDB analysis on the HTML page of {@code keyplan report} (docs/report.md). */
public final class DynamoDbHtml {
  private DynamoDbHtml() {}

  /** Appends the store's section of the page. */
  public static void render(DynamoDbAnalysis a, StringBuilder out) {
    String currency = a.prices().currency();
    Html.openStoreSection(
        a,
        out,
        "pattern",
        Html.num("rate"),
        "table / index",
        "access",
        Html.num("items read"),
        Html.num("read units"),
        Html.num("write units"),
        Html.num("per month"));
    for (DynamoDbPlan p : a.plans()) {
      String servedBy =
          p.path().map(k -> k.label()).orElse(p.copies().isEmpty() ? "-" : p.copies().get(0));
      double cost = a.patternCosts().getOrDefault(p.pattern().id(), Double.NaN);
      Html.openPatternRow(p, servedBy, out);
      out.append(
              Html.numberCell(
                  p.itemsEvaluated().typical(),
                  Html.reads(
                      p.pattern(), p.itemsEvaluated().typical(), p.itemsEvaluated().busiest())))
          .append(Html.numberCell(p.readUnits(), Units.count(p.readUnits())))
          .append(Html.numberCell(p.writeUnits(), Units.count(p.writeUnits())))
          .append(Html.numberCell(cost, Double.isNaN(cost) ? "-" : Units.money(cost, currency)))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    HeatBars.section(
        a.store().id(),
        a.hotspots(),
        "Each copy's busiest partition key value: read and write units per"
            + " second, summed over every pattern that reaches it, against the per-partition ceilings.",
        out);
    out.append("<h3>Tables at the horizon</h3>\n<table class=\"sizes\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(
            Html.header(
                "table",
                Html.num("items"),
                Html.num("storage"),
                Html.num("largest item"),
                // The limits in the units AWS and MongoDB state them (KiB and MiB), not Units'
                // powers of 1000.
                Html.num("of the " + DynamoDbLimits.MAX_ITEM_BYTES / 1024 + " KB item limit"),
                Html.num("busiest item collection")));
    for (DynamoDbTable t : a.tables()) {
      DynamoDbSizing z = a.sizing().get(t.name());
      out.append("<tr data-table=\"")
          .append(Html.escape(t.name()))
          .append("\">")
          .append(Html.cell(t.name()))
          .append(Html.numberCell(z.items(), Units.count(z.items())))
          .append(Html.numberCell(z.bytes(), Units.bytes(z.bytes())))
          .append(
              Html.numberCell(
                  z.largestItemBytes(),
                  Units.bytes(z.largestItemBytes()) + " (" + z.largestItem() + ")"))
          .append(
              Html.numberCell(
                  (double) z.largestItemBytes() / DynamoDbLimits.MAX_ITEM_BYTES,
                  Units.percent((double) z.largestItemBytes() / DynamoDbLimits.MAX_ITEM_BYTES)))
          .append(Html.numberCell(z.collectionBytes(), Units.bytes(z.collectionBytes())))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    for (Growth g : a.growth(SizingChart.SAMPLES)) {
      Html.figure(a.store().id(), g.subject(), SizingChart.svg(g), out);
    }
    out.append("<h3>Copies of the data and what they cost</h3>\n<table class=\"costs\">")
        .append(
            Html.header(
                "copy",
                "billing",
                Html.num("read units/s"),
                Html.num("write units/s"),
                Html.num("storage"),
                Html.num("per month")));
    for (DynamoDbCost c : a.costs()) {
      out.append("<tr>")
          .append(Html.cell(c.copy()))
          .append(Html.cell(c.onDemand() ? "on-demand" : "provisioned"))
          .append(Html.numberCell(c.readUnits(), Units.count(c.readUnits())))
          .append(Html.numberCell(c.writeUnits(), Units.count(c.writeUnits())))
          .append(Html.numberCell(c.storageBytes(), Units.bytes(c.storageBytes())))
          .append(Html.numberCell(c.monthly(), Units.money(c.monthly(), currency)))
          .append("</tr>\n");
    }
    out.append("<tr class=\"total\"><td colspan=\"5\">total (")
        .append(Html.text(a.prices().region()))
        .append(", prices checked ")
        .append(Html.text(a.prices().checked()))
        .append(")</td>")
        .append(Html.numberCell(a.monthlyTotal(), Units.money(a.monthlyTotal(), currency)))
        .append("</tr>\n");
    if (!a.copiesBelowNeed().isEmpty()) {
      // The total above is what the capacity set costs; beside it, what the peaks need.
      out.append("<tr class=\"total\"><td colspan=\"5\">the peaks need, provisioned (")
          .append(Html.text(String.join(", ", a.copiesBelowNeed())))
          .append(" below the need: ProvisionedBelowNeed)</td>")
          .append(Html.numberCell(a.monthlyAtNeed(), Units.money(a.monthlyAtNeed(), currency)))
          .append("</tr>\n");
    }
    out.append("</table>\n</section>\n");
  }

  /** Appends the tables' CreateTable input to the schema section, when the design has a table. */
  public static void schema(DynamoDbAnalysis a, StringBuilder out) {
    if (!a.tables().isEmpty()) {
      Html.pre(out, "DynamoDB CreateTable input", CreateTableJson.createTable(a));
    }
  }
}
