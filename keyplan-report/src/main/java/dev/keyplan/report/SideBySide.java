package dev.keyplan.report;

import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The stores of a model side by side, shown when the model names more than one: how each serves
 * every pattern, then per store its findings, its hottest key against the ceiling and its largest
 * unit of data against the limit. Every figure is one the store's own section shows.
 *
 * <p>A cell's grade is the access kind's, not a judgement of the whole design: {@code good} for a
 * one-partition (one-item, one-shard) read or a write, {@code fair} for a read that fans out over
 * known keys or shards, {@code poor} for a scan, an index on every node or a pattern the design
 * does not serve. The findings say why and what to do.
 */
final class SideBySide {
  private SideBySide() {}

  /** One store's column: its heading and how it serves a pattern. */
  private record Column(String store, String title, Function<AccessPattern, Cell> cell) {}

  /** How a store serves one pattern. */
  record Cell(String grade, String access, String detail) {}

  /** Returns whether the model names more than one store, so the page compares them. */
  static boolean applies(CheckResult r) {
    return r.analysis(CassandraAnalysis.class).stream().count()
            + r.analysis(DynamoDbAnalysis.class).stream().count()
            + r.analysis(MongoDbAnalysis.class).stream().count()
        > 1;
  }

  static void render(CheckResult r, StringBuilder out) {
    List<Column> columns = new ArrayList<>();
    r.analysis(CassandraAnalysis.class)
        .ifPresent(
            a ->
                columns.add(
                    new Column(
                        a.store().id(),
                        a.design().isScylla() ? "ScyllaDB" : "Apache Cassandra",
                        p -> cassandra(a, p))));
    r.analysis(DynamoDbAnalysis.class)
        .ifPresent(
            a -> columns.add(new Column(a.store().id(), "Amazon DynamoDB", p -> dynamodb(a, p))));
    r.analysis(MongoDbAnalysis.class)
        .ifPresent(a -> columns.add(new Column(a.store().id(), "MongoDB", p -> mongodb(a, p))));
    if (!applies(r)) {
      return;
    }
    out.append(
        "<section id=\"side-by-side\"><h2>Stores side by side</h2>\n<table class=\"side-by-side\"><tr><th>pattern</th>");
    columns.forEach(c -> out.append("<th>").append(Html.escape(c.title())).append("</th>"));
    out.append("</tr>\n");
    for (AccessPattern p : r.model().patterns()) {
      out.append("<tr data-pattern=\"")
          .append(Html.escape(p.id()))
          .append("\"><td><b>")
          .append(Html.escape(p.id()))
          .append("</b><br><span class=\"rate\">")
          .append(Html.escape((p.isRead() ? "read " : "write ") + Units.rate(p.ratePerSecond())))
          .append("</span></td>");
      for (Column c : columns) {
        Cell cell = c.cell().apply(p);
        out.append("<td class=\"grade ")
            .append(cell.grade())
            .append("\" data-store=\"")
            .append(c.store())
            .append("\" data-grade=\"")
            .append(cell.grade())
            .append("\">")
            .append(Html.escape(cell.access()))
            .append("<br><span class=\"detail\">")
            .append(Html.escape(cell.detail()))
            .append("</span></td>");
      }
      out.append("</tr>\n");
    }
    summary(r, columns, out);
    out.append("</table>\n</section>\n");
  }

  private static void summary(CheckResult r, List<Column> columns, StringBuilder out) {
    out.append("<tr class=\"summary\"><td>findings</td>");
    for (Column c : columns) {
      long errors =
          r.findings().stream()
              .filter(f -> f.store().equals(c.store()) && f.severity() == Severity.ERROR)
              .count();
      long warnings =
          r.findings().stream()
              .filter(f -> f.store().equals(c.store()) && f.severity() == Severity.WARNING)
              .count();
      out.append("<td class=\"grade ")
          .append(errors > 0 ? "poor" : warnings > 0 ? "fair" : "good")
          .append("\">")
          .append(errors)
          .append(errors == 1 ? " error, " : " errors, ")
          .append(warnings)
          .append(warnings == 1 ? " warning" : " warnings")
          .append("</td>");
    }
    out.append("</tr>\n<tr class=\"summary\"><td>hottest key</td>");
    for (Column c : columns) {
      List<HeatBars.Bar> bars =
          r.analysis(CassandraAnalysis.class)
              .filter(a -> a.store().id().equals(c.store()))
              .map(HeatBars::cassandra)
              .or(
                  () ->
                      r.analysis(DynamoDbAnalysis.class)
                          .filter(a -> a.store().id().equals(c.store()))
                          .map(HeatBars::dynamodb))
              .or(
                  () ->
                      r.analysis(MongoDbAnalysis.class)
                          .filter(a -> a.store().id().equals(c.store()))
                          .map(HeatBars::mongodb))
              .orElse(List.of());
      Optional<HeatBars.Bar> hottest =
          bars.stream()
              .filter(b -> !Double.isNaN(b.load()))
              .max(Comparator.comparingDouble(HeatBars.Bar::share));
      out.append(
          hottest
              .map(
                  b ->
                      "<td class=\"grade "
                          + grade(b.level())
                          + "\">"
                          + Html.escape(b.key() + ": " + HeatBars.label(b))
                          + "</td>")
              .orElse("<td>-</td>"));
    }
    out.append("</tr>\n<tr class=\"summary\"><td>largest unit of data</td>");
    for (Column c : columns) {
      Optional<Largest> largest =
          r.analysis(CassandraAnalysis.class)
              .filter(a -> a.store().id().equals(c.store()))
              .flatMap(SideBySide::largestPartition)
              .or(
                  () ->
                      r.analysis(DynamoDbAnalysis.class)
                          .filter(a -> a.store().id().equals(c.store()))
                          .flatMap(SideBySide::largestItem))
              .or(
                  () ->
                      r.analysis(MongoDbAnalysis.class)
                          .filter(a -> a.store().id().equals(c.store()))
                          .flatMap(SideBySide::largestDocument));
      out.append(
          largest
              .map(l -> "<td class=\"grade " + l.grade() + "\">" + Html.escape(l.text()) + "</td>")
              .orElse("<td>-</td>"));
    }
    out.append("</tr>\n");
  }

  private static String grade(String level) {
    return switch (level) {
      case "error" -> "poor";
      case "warning" -> "fair";
      default -> "good";
    };
  }

  static Cell cassandra(CassandraAnalysis a, AccessPattern p) {
    Optional<CassandraPlan> plan = a.plan(p.id());
    if (plan.isEmpty()) {
      return new Cell("poor", CassandraAccess.NOT_SERVED.label(), "");
    }
    CassandraPlan x = plan.get();
    String grade =
        switch (x.access()) {
          case SINGLE_PARTITION, BUCKET_WALK, WRITE -> "good";
          case MULTI_PARTITION, APPLICATION_JOIN -> "fair";
          default -> "poor";
        };
    String where = x.tables().isEmpty() ? "" : String.join(" + ", x.tables());
    String partitions =
        p.isRead()
            ? " · "
                + Units.count(x.partitionsTypical())
                + (x.partitionsTypical() == 1 ? " partition" : " partitions")
            : "";
    return new Cell(grade, x.access().label(), where + partitions);
  }

  static Cell dynamodb(DynamoDbAnalysis a, AccessPattern p) {
    Optional<DynamoDbPlan> plan = a.plan(p.id());
    if (plan.isEmpty()) {
      return new Cell("poor", DynamoDbPlan.Access.NOT_SERVED.label(), "");
    }
    DynamoDbPlan x = plan.get();
    String grade =
        switch (x.access()) {
          case GET_ITEM, BATCH_GET, QUERY, WRITE -> "good";
          case QUERY_FAN_OUT -> "fair";
          default -> "poor";
        };
    String where =
        x.path().map(k -> k.label()).orElse(x.copies().isEmpty() ? "" : x.copies().get(0));
    double cost = a.patternCosts().getOrDefault(p.id(), Double.NaN);
    String units =
        p.isRead() ? Units.count(x.readUnits()) + " RCU" : Units.count(x.writeUnits()) + " WCU";
    return new Cell(
        grade,
        x.access().label(),
        where
            + " · "
            + units
            + (Double.isNaN(cost)
                ? ""
                : " · " + Units.money(cost, a.prices().currency()) + "/month"));
  }

  static Cell mongodb(MongoDbAnalysis a, AccessPattern p) {
    Optional<MongoDbPlan> plan = a.plan(p.id());
    if (plan.isEmpty()) {
      return new Cell("poor", MongoDbPlan.Access.NOT_SERVED.label(), "");
    }
    MongoDbPlan x = plan.get();
    boolean oneShard =
        x.targeting() == MongoDbPlan.Targeting.SINGLE_SHARD
            || x.targeting() == MongoDbPlan.Targeting.UNSHARDED;
    String grade =
        switch (x.access()) {
          case IXSCAN, WRITE -> oneShard ? "good" : "fair";
          default -> "poor";
        };
    String where = x.collection().orElse("") + x.index().map(i -> " / " + i).orElse("");
    String routing = x.targeting().label() + (x.shards() > 1 ? " (" + x.shards() + " shards)" : "");
    return new Cell(grade, x.access().label(), where + " · " + routing);
  }

  /** The largest unit of data and its share of the reference size, graded as a heat bar is. */
  private record Largest(String what, double bytes, double reference, String referenceName) {
    String grade() {
      double share = bytes / reference;
      return share >= 1 ? "poor" : share >= 0.5 ? "fair" : "good";
    }

    String text() {
      return what
          + " "
          + Units.bytes(bytes)
          + ", "
          + HeatBars.share(bytes / reference)
          + referenceName;
    }
  }

  private static Optional<Largest> largestPartition(CassandraAnalysis a) {
    return a.sizing().values().stream()
        .filter(s -> s.busiest().known())
        .max(Comparator.comparingDouble(s -> s.busiest().bytes()))
        .map(
            s ->
                new Largest(
                    s.table() + " busiest partition",
                    s.busiest().bytes(),
                    CassandraLimits.GUIDELINE_BYTES_PER_PARTITION,
                    "the "
                        + Units.bytes(CassandraLimits.GUIDELINE_BYTES_PER_PARTITION)
                        + " guideline"));
  }

  private static Optional<Largest> largestItem(DynamoDbAnalysis a) {
    return a.sizing().values().stream()
        .max(Comparator.comparingLong(DynamoDbSizing::largestItemBytes))
        .map(
            z ->
                new Largest(
                    z.table() + " " + z.largestItem() + " item",
                    z.largestItemBytes(),
                    DynamoDbLimits.MAX_ITEM_BYTES,
                    "the " + DynamoDbLimits.MAX_ITEM_BYTES / 1024 + " KB item limit"));
  }

  private static Optional<Largest> largestDocument(MongoDbAnalysis a) {
    return a.collections().stream()
        .max(Comparator.comparingLong(MongoDbCollection::largestBytes))
        .map(
            c ->
                new Largest(
                    c.name() + " document",
                    c.largestBytes(),
                    MongoDbLimits.MAX_DOCUMENT_BYTES,
                    "the "
                        + MongoDbLimits.MAX_DOCUMENT_BYTES / MongoDbLimits.MB
                        + " MiB document limit"));
  }
}
