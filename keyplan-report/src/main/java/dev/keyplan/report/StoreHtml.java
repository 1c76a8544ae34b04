package dev.keyplan.report;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.List;
import java.util.Optional;

/**
 * The DynamoDB and MongoDB sections of the HTML report: patterns, and DynamoDB's costs per copy.
 */
final class StoreHtml {
  private StoreHtml() {}

  static void dynamodb(DynamoDbAnalysis a, StringBuilder out) {
    String currency = a.prices().currency();
    out.append("<section class=\"store\" id=\"store-")
        .append(a.store())
        .append("\"><h2>Amazon DynamoDB</h2>\n")
        .append("<h3>Patterns</h3>\n<table class=\"patterns\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(
            Html.header(
                "pattern",
                Html.num("rate"),
                "table / index",
                "access",
                Html.num("items read"),
                Html.num("read units"),
                Html.num("write units"),
                Html.num("per month")));
    for (DynamoDbPlan p : a.plans()) {
      String servedBy =
          p.path().map(k -> k.label()).orElse(p.copies().isEmpty() ? "-" : p.copies().get(0));
      double cost = a.patternCosts().getOrDefault(p.pattern().id(), Double.NaN);
      out.append("<tr data-pattern=\"")
          .append(Html.escape(p.pattern().id()))
          .append("\">")
          .append(Html.cell(p.pattern().id()))
          .append(
              Html.numberCell(p.pattern().ratePerSecond(), Units.rate(p.pattern().ratePerSecond())))
          .append(Html.cell(servedBy))
          .append(Html.cell(p.access().label()))
          .append(
              Html.numberCell(
                  p.itemsTypical(), Html.reads(p.pattern(), p.itemsTypical(), p.itemsBusiest())))
          .append(Html.numberCell(p.readUnits(), Units.count(p.readUnits())))
          .append(Html.numberCell(p.writeUnits(), Units.count(p.writeUnits())))
          .append(Html.numberCell(cost, Double.isNaN(cost) ? "-" : Units.money(cost, currency)))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    HeatBars.section(
        a.store().id(),
        HeatBars.dynamodb(a),
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
    List<DynamoDbAnalysis> at = GrowthCharts.dynamodb(a);
    for (DynamoDbTable t : a.tables()) {
      figure(a.store().id(), t.name(), GrowthCharts.table(t, at), out);
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
        .append(Html.escape(a.prices().region()))
        .append(", prices checked ")
        .append(Html.escape(a.prices().checked()))
        .append(")</td>")
        .append(Html.numberCell(a.monthlyTotal(), Units.money(a.monthlyTotal(), currency)))
        .append("</tr>\n</table>\n</section>\n");
  }

  static void mongodb(MongoDbAnalysis a, StringBuilder out) {
    out.append("<section class=\"store\" id=\"store-")
        .append(a.store())
        .append("\"><h2>MongoDB</h2>\n")
        .append("<h3>Patterns</h3>\n<table class=\"patterns\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(
            Html.header(
                "pattern",
                Html.num("rate"),
                "collection / index",
                "access",
                "routing",
                Html.num("keys examined"),
                Html.num("docs examined")));
    for (MongoDbPlan p : a.plans()) {
      String servedBy = p.collection().orElse("-") + p.index().map(i -> " / " + i).orElse("");
      out.append("<tr data-pattern=\"")
          .append(Html.escape(p.pattern().id()))
          .append("\">")
          .append(Html.cell(p.pattern().id()))
          .append(
              Html.numberCell(p.pattern().ratePerSecond(), Units.rate(p.pattern().ratePerSecond())))
          .append(Html.cell(servedBy))
          .append(Html.cell(p.access().label()))
          .append(
              Html.cell(
                  p.targeting().id() + (p.shards() > 1 ? " (" + p.shards() + " shards)" : "")))
          .append(
              Html.numberCell(
                  p.keysExamined(),
                  Html.reads(p.pattern(), p.keysExamined(), p.keysExaminedBusiest())))
          .append(
              Html.numberCell(
                  p.docsExamined(),
                  Html.reads(p.pattern(), p.docsExamined(), p.docsExaminedBusiest())))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    HeatBars.section(
        a.store().id(),
        HeatBars.mongodb(a),
        "Each collection's busiest shard (an unsharded collection's one"
            + " primary): reads and writes per second against the model's shard budget.",
        out);
    out.append("<h3>Collections at the horizon</h3>\n<table class=\"sizes\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(
            Html.header(
                "collection",
                Html.num("documents"),
                Html.num("typical document"),
                Html.num("largest document"),
                Html.num(
                    "of the " + MongoDbLimits.MAX_DOCUMENT_BYTES / MongoDbLimits.MB + " MiB limit"),
                Html.num("data"),
                Html.num("indexes")));
    for (MongoDbCollection c : a.collections()) {
      out.append("<tr data-table=\"")
          .append(Html.escape(c.name()))
          .append("\">")
          .append(Html.cell(c.name()))
          .append(Html.numberCell(c.documents(), Units.count(c.documents())))
          .append(Html.numberCell(c.typicalBytes(), Units.bytes(c.typicalBytes())))
          .append(Html.numberCell(c.largestBytes(), Units.bytes(c.largestBytes())))
          .append(
              Html.numberCell(
                  (double) c.largestBytes() / MongoDbLimits.MAX_DOCUMENT_BYTES,
                  Units.percent((double) c.largestBytes() / MongoDbLimits.MAX_DOCUMENT_BYTES)))
          .append(Html.numberCell(c.dataBytes(), Units.bytes(c.dataBytes())))
          // Every index is a copy of its keys, written with each document (JSON indexes[].bytes).
          .append(
              Html.numberCell(
                  c.indexBytes(),
                  Units.bytes(c.indexBytes())
                      + " in "
                      + c.indexes().size()
                      + (c.indexes().size() == 1 ? " index" : " indexes")))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    List<MongoDbAnalysis> at = GrowthCharts.mongodb(a);
    for (MongoDbCollection c : a.collections()) {
      figure(a.store().id(), c.name(), GrowthCharts.collection(c, at), out);
    }
    out.append("</section>\n");
  }

  /** One growth chart in a figure, or a note when a size is unknown. */
  private static void figure(String store, String name, Optional<String> svg, StringBuilder out) {
    out.append("<figure class=\"sizing\" data-store=\"")
        .append(store)
        .append("\"><figcaption><b>")
        .append(Html.escape(name))
        .append("</b> from today to the horizon</figcaption>\n")
        .append(
            svg.orElse(
                "<p class=\"note\">Size unknown: a key attribute has no declared spread.</p>\n"))
        .append("</figure>\n");
  }
}
