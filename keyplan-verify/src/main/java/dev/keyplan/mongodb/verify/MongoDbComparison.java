package dev.keyplan.mongodb.verify;

import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import dev.keyplan.mongodb.design.MongoDbPlan.Targeting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * keyplan's plan of a read beside the server's explain, and what counts as a mismatch (each one a
 * finding):
 *
 * <ul>
 *   <li><b>index</b>: the winning plan's index (or COLLSCAN) is not the one keyplan plans ({@code
 *       MongoDbPlan.index}, {@code MongoDbPlan.access});
 *   <li><b>sort</b>: a blocking SORT stage where keyplan expects the index to give the order, or
 *       none where it predicts an in-memory sort ({@code MongoDbPlan.blockingSort});
 *   <li><b>routing</b>, on a mongos: a single-shard (or unsharded) read that reaches more than one
 *       shard; a multi-shard read that reaches more than keyplan's {@code MongoDbPlan.shards}; a
 *       scatter-gather that reaches fewer shards than hold the collection's chunks (mongos targeted
 *       it after all);
 *   <li><b>keys</b> and <b>docs</b> examined: more than 10% (and more than 1) away from keyplan's
 *       figure ({@code keysExamined}, {@code docsExamined}, or their busiest forms) taken on the
 *       data loaded: at most the documents the filter matches there, since the load is scaled down.
 *       A collection scan's documents are an upper bound (a limit stops a scan early), and a
 *       multikey index's keys or an {@code in} with values no document holds are shown, not
 *       compared: keyplan counts each element or value as holding a typical key's documents.
 * </ul>
 */
final class MongoDbComparison {
  /** Keys or documents examined within this share of keyplan's figure (or within 1) match. */
  static final double EXAMINED_TOLERANCE = 0.10;

  private MongoDbComparison() {}

  /**
   * The cluster around a read.
   *
   * @param mongos connected to a mongos, so routing is compared
   * @param holdingShards shards holding the collection's chunks (1 when unsharded)
   * @param loaded documents loaded into the collection
   * @param indexes the collection's indexes as keyplan resolved them, to know a multikey one
   */
  record Context(boolean mongos, int holdingShards, long loaded, List<MongoDbIndex> indexes) {}

  static List<Object> readRow(
      MongoDbVerifyReads.Probe p,
      MongoDbVerifyReads.Measured m,
      Context ctx,
      int[] mismatches,
      List<String> findings) {
    MongoDbPlan plan = p.plan();
    Explained e = m.explained();
    boolean busiest = p.role().equals("busiest");
    String id = plan.pattern().id() + " (" + p.role() + ")";
    List<String> wrong = new ArrayList<>();
    String predictedIndex = predictedAccess(plan);
    if (!predictedIndex.equals(e.accessLabel())) {
      wrong.add("index");
      findings.add(id + ": keyplan plans " + predictedIndex + "; MongoDB chose " + e.accessLabel());
    }
    if (plan.blockingSort() != e.blockingSort()) {
      wrong.add("sort");
      findings.add(
          id
              + ": keyplan predicts "
              + (plan.blockingSort() ? "a blocking in-memory sort" : "the order from the index")
              + "; the explain has "
              + (e.blockingSort() ? "a SORT stage" : "no SORT stage"));
    }
    String routing = "-";
    if (ctx.mongos()) {
      int reached = e.shards().size();
      routing = Integer.toString(reached);
      String why = routingMismatch(plan, reached, ctx.holdingShards());
      if (why != null) {
        wrong.add("routing");
        findings.add(id + ": " + why);
      }
    }
    boolean multikey =
        plan.index()
            .flatMap(n -> ctx.indexes().stream().filter(ix -> ix.name().equals(n)).findFirst())
            .map(MongoDbIndex::multikey)
            .orElse(false);
    boolean scan = plan.access() == Access.COLLSCAN;
    double keys = busiest ? plan.keysExamined().busiest() : plan.keysExamined().typical();
    double docs = busiest ? plan.docsExamined().busiest() : plan.docsExamined().typical();
    double keysHere = scan ? 0 : onLoad(keys, p.matching());
    double docsHere = scan ? onLoad(docs, ctx.loaded()) : onLoad(docs, p.matching());
    if (!multikey && !p.hasIn() && !within(e.keysExamined(), keysHere, false)) {
      wrong.add("keys");
      findings.add(
          id
              + ": keyplan's "
              + format(keys)
              + " keys examined come to "
              + format(keysHere)
              + " on the data loaded; MongoDB examined "
              + e.keysExamined());
    }
    if (!p.hasIn() && !within(e.docsExamined(), docsHere, scan)) {
      wrong.add("docs");
      findings.add(
          id
              + ": keyplan's "
              + format(docs)
              + " documents examined come to "
              + format(docsHere)
              + " on the data loaded; MongoDB examined "
              + e.docsExamined());
    }
    mismatches[0] += wrong.size();
    String verdict =
        wrong.isEmpty()
            ? (multikey || p.hasIn() ? "ok (keys not compared)" : "ok")
            : "MISMATCH: " + String.join(", ", wrong);
    return List.of(
        plan.pattern().id(),
        p.role(),
        predictedIndex,
        e.accessLabel(),
        yesNo(plan.blockingSort()),
        yesNo(e.blockingSort()),
        routingLabel(plan),
        routing,
        keys,
        keysHere,
        (double) e.keysExamined(),
        ratio(e.keysExamined(), keysHere),
        docs,
        docsHere,
        (double) e.docsExamined(),
        ratio(e.docsExamined(), docsHere),
        (double) m.returned(),
        m.latency().millis(50),
        m.latency().millis(99),
        verdict);
  }

  /** The columns of {@link #readRow}, in order. */
  static final List<String> READ_COLUMNS =
      List.of(
          "pattern",
          "key",
          "keyplan_index",
          "chosen_index",
          "keyplan_sort",
          "explain_sort",
          "keyplan_routing",
          "shards_reached",
          "keyplan_keys",
          "keyplan_keys_loaded",
          "keys_examined",
          "keys_ratio",
          "keyplan_docs",
          "keyplan_docs_loaded",
          "docs_examined",
          "docs_ratio",
          "returned",
          "p50_ms",
          "p99_ms",
          "verdict");

  static String predictedAccess(MongoDbPlan plan) {
    return plan.access() == Access.COLLSCAN ? Explained.COLLSCAN : plan.index().orElse("?");
  }

  /** Why the shards reached contradict keyplan's routing, or null when they do not. */
  static String routingMismatch(MongoDbPlan plan, int reached, int holding) {
    Targeting t = plan.targeting();
    if ((t == Targeting.SINGLE_SHARD || t == Targeting.UNSHARDED) && reached > 1) {
      return "keyplan routes it to one shard; mongos sent it to " + reached;
    }
    if (t == Targeting.MULTI_SHARD && reached > Math.min(plan.shards(), holding)) {
      return "keyplan routes it to at most "
          + plan.shards()
          + " shards; mongos sent it to "
          + reached;
    }
    if (t == Targeting.SCATTER_GATHER && reached < holding) {
      return "keyplan predicts a scatter-gather over the "
          + holding
          + " shards holding data; mongos targeted "
          + reached;
    }
    return null;
  }

  /** keyplan's figure on the data loaded: at most what the load holds; NaN stays NaN. */
  static double onLoad(double predicted, long available) {
    return Double.isNaN(predicted) ? Double.NaN : Math.min(predicted, available);
  }

  /**
   * Whether {@code measured} is within tolerance of {@code expected} (at most it, for an upper
   * bound); unknown passes.
   */
  static boolean within(long measured, double expected, boolean upperBound) {
    if (Double.isNaN(expected) || measured < 0) {
      return true;
    }
    double slack = Math.max(1, EXAMINED_TOLERANCE * expected);
    return upperBound ? measured <= expected + slack : Math.abs(measured - expected) <= slack;
  }

  static String routingLabel(MongoDbPlan plan) {
    return plan.targeting().label()
        + (plan.targeting() == Targeting.MULTI_SHARD ? " (" + plan.shards() + ")" : "");
  }

  private static double ratio(long measured, double expected) {
    return expected > 0 ? measured / expected : measured == 0 && expected == 0 ? 1 : Double.NaN;
  }

  private static String yesNo(boolean b) {
    return b ? "yes" : "no";
  }

  static String format(double v) {
    if (Double.isNaN(v)) {
      return "unknown";
    }
    return v == Math.rint(v)
        ? String.format(Locale.ROOT, "%,d", (long) v)
        : String.format(Locale.ROOT, "%,.1f", v);
  }
}
