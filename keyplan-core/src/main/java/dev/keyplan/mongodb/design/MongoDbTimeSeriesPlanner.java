package dev.keyplan.mongodb.design;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.RangeWidth;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Plans reads and writes of a time-series collection in buckets, the documents the server stores
 * ({@link MongoDbTimeSeries}), after the read planner has chosen the index as for any collection.
 *
 * <p><b>Reads.</b> The server rewrites a query on measurements into one on buckets (mongodb/mongo,
 * src/mongo/db/query/timeseries/bucket_level_comparison_predicate_generator.cpp): an equality on
 * the metaField is an equality on the bucket's {@code meta}; a time range {@code t > T} becomes
 * {@code control.max.t > T} and {@code control.min.t >= T − bucketMaxSpanSeconds} (and the same
 * bound on the bucket {@code _id}, whose first 4 bytes are its start time), since a bucket starts
 * at most one span before any of its measurements. An index on {@code {meta: 1, t: 1}} is the
 * bucket index {@code {meta: 1, control.min.t: 1, control.max.t: 1}} (MongoDB manual, "Time Series
 * Secondary Indexes"). So, for a series of {@code r} measurements a second in buckets of {@code n},
 * a span {@code S} and a window {@code W}:
 *
 * <ul>
 *   <li>keys examined: the buckets that start within {@code W + S} of now, {@code r × (W + S) / n};
 *   <li>buckets examined (fetched): those whose measurements meet the window, {@code r × W / n} and
 *       the bucket straddling the window's start, {@code (n − 1) / n} on average (a bucket of one
 *       measurement straddles nothing);
 *   <li>measurements unpacked: every measurement of every bucket examined, {@code buckets × n}: a
 *       bucket is unpacked whole, so a filter on a measurement field (neither metaField nor
 *       timeField) is applied to each of them;
 *   <li>without a time range, or with an index that does not bound the time, every bucket of the
 *       metaField value; a collection scan reads every bucket, or, with a time range, the buckets
 *       the clustered {@code _id} bound leaves, {@code r × (W + S) / n} for all series together.
 * </ul>
 *
 * <p>A limit on a read in time order reads a window of {@code limit / r} seconds. The figures are
 * capped by the buckets there are.
 *
 * <p><b>Writes</b> (MongoDB manual, "Time Series Collection Limitations",
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/): an update may match
 * and modify the metaField only, as an {@code updateMany} without {@code upsert}; a delete may
 * match any field since 7.0 (the metaField only, as a {@code deleteMany}, from 5.1 to 6.3); no
 * write runs inside a transaction. {@link #refusal} says what the server would refuse.
 */
public final class MongoDbTimeSeriesPlanner {
  private MongoDbTimeSeriesPlanner() {}

  /** Returns {@code plan} in buckets when it runs on a time-series collection; else as it is. */
  static MongoDbPlan adjust(MongoDbPlan plan, List<MongoDbCollection> collections) {
    Optional<MongoDbCollection> c =
        plan.collection()
            .flatMap(n -> collections.stream().filter(x -> x.name().equals(n)).findFirst())
            .filter(x -> x.timeSeries().isPresent());
    if (c.isEmpty()) {
      return plan;
    }
    AccessPattern p = plan.pattern();
    if (p.operation() instanceof Operation.Read r) {
      return plan.access().served()
              && p.with().isEmpty()
              && r.entity().equals(c.get().entity().name())
          ? read(plan, c.get(), r)
          : plan;
    }
    return write(plan, c.get(), (Operation.Write) p.operation());
  }

  private static MongoDbPlan read(MongoDbPlan plan, MongoDbCollection c, Operation.Read r) {
    MongoDbTimeSeries ts = c.timeSeries().orElseThrow();
    MongoDbDesign.TimeSeries o = ts.options();
    Entity e = c.entity();
    AccessPattern p = plan.pattern();
    Set<String> eqMeta = new LinkedHashSet<>();
    boolean timeRange = false;
    List<String> others = new ArrayList<>();
    for (Operation.Condition x : r.where()) {
      if (o.metaAttributes().contains(x.attribute())
          && (x.comparison() == Operation.Comparison.EQ
              || x.comparison() == Operation.Comparison.IN)) {
        eqMeta.add(x.attribute());
      } else if (x.attribute().equals(o.timeField())) {
        timeRange = true;
      } else if (!o.metaAttributes().contains(x.attribute())) {
        others.add(x.attribute());
      }
    }
    Optional<MongoDbIndex> ix =
        plan.index().flatMap(n -> c.indexes().stream().filter(i -> i.name().equals(n)).findFirst());
    // The metaField values the index narrows to, then whether its next key bounds the time.
    Set<String> bound = new LinkedHashSet<>();
    int next = 0;
    for (IndexKey k : ix.map(MongoDbIndex::keys).orElse(List.of())) {
      List<String> of = o.isMeta(k.field()) ? o.attributesOf(k.field()) : List.of();
      if (of.isEmpty() || !eqMeta.containsAll(of)) {
        break;
      }
      bound.addAll(of);
      next++;
    }
    int after = next;
    boolean byTime =
        ix.map(i -> i.keys().size() > after && i.keys().get(after).field().equals(o.timeField()))
            .orElse(false);
    boolean sortedByTime =
        r.orderBy().isEmpty()
            || (r.orderBy().size() == 1 && r.orderBy().get(0).attribute().equals(o.timeField()));
    double values = Math.max(1, ts.metaValues());
    double growth = e.growthPerSecond();
    // The series the index scan walks: one value of `bound` (every series without one).
    double groupValues = bound.isEmpty() ? 1 : distinct(e, bound, ts.measurements());
    double series = Math.max(1, values / groupValues);
    boolean one = series <= 1;
    double[] rate = {
      growth / groupValues,
      bound.isEmpty() ? growth : growth * share(e, bound, ts.measurements(), 1 / groupValues)
    };
    double[] fill = {ts.fillTypical(), one ? ts.fillBusiest() : ts.fillTypical()};
    double[] groupBuckets = {
      ts.buckets() / groupValues, ts.measurements() * rate[1] / growth / fill[1]
    };
    if (growth == 0) {
      groupBuckets[1] = groupBuckets[0];
    }
    // The measurements the read matches a second: its own equalities on the metaField.
    double matchedRate =
        eqMeta.isEmpty() ? growth : growth / distinct(e, eqMeta, ts.measurements());
    double lifetime = growth > 0 ? ts.measurements() / growth : 0;
    double window = lifetime;
    Optional<RangeWidth> width = p.range(o.timeField());
    if (timeRange && width.isPresent()) {
      window =
          width.get().seconds().isPresent()
              ? width.get().seconds().getAsLong()
              : width.get().share().orElse(1) * lifetime;
    }
    boolean limited = r.limit().isPresent() && sortedByTime && others.isEmpty();
    if (limited && matchedRate > 0) {
      window = Math.min(window, r.limit().getAsInt() / matchedRate);
    }
    boolean collscan = ix.isEmpty();
    boolean timeBounded = (byTime || collscan) && (timeRange || limited);
    List<String> notes = new ArrayList<>(plan.notes());
    double[] keys = new double[2];
    double[] docs = new double[2];
    for (int i = 0; i < 2; i++) {
      double cap = collscan ? ts.buckets() : groupBuckets[i];
      double n = fill[i];
      if (timeBounded && growth > 0) {
        double scanned = rate[i] * (window + ts.span()) / n;
        double met = rate[i] * window / n + series * (n - 1) / n;
        keys[i] = collscan ? 0 : bounded(scanned, cap);
        docs[i] = bounded(collscan ? scanned : Math.min(met, scanned), cap);
      } else {
        keys[i] = collscan ? 0 : bounded(cap, cap);
        docs[i] = bounded(cap, cap);
      }
    }
    double returned =
        Math.min(
            r.limit().isPresent() ? r.limit().getAsInt() : Double.MAX_VALUE, matchedRate * window);
    double unpacked = docs[0] * fill[0];
    notes.add(
        "time-series: "
            + c.name()
            + " stores buckets of up to "
            + Units.count(ts.capacity())
            + " measurements per "
            + o.metaField().orElse("collection")
            + " value and "
            + Units.duration(ts.span())
            + " span; "
            + (timeBounded
                ? "the time range is a bound on the buckets' start, "
                    + Units.duration(window)
                    + " + one span back: "
                    + Units.count(keys[0])
                    + " buckets scanned, "
                : "no bound on time: every bucket of the "
                    + (collscan ? "collection" : "series")
                    + " is read, ")
            + Units.count(docs[0])
            + " examined, each unpacked whole: "
            + Units.count(unpacked)
            + " measurements for "
            + Units.count(returned)
            + " returned");
    if (!others.isEmpty()) {
      notes.add(
          "a filter on "
              + String.join(", ", others)
              + " (a measurement field, neither the metaField nor the timeField) is applied after"
              + " unpacking: every bucket examined is unpacked"
              + (collscan && !timeBounded ? ", here every bucket of the collection" : ""));
    }
    if (!eqMeta.isEmpty() && bound.isEmpty()) {
      notes.add(
          "no index leads with the metaField"
              + o.metaField().map(m -> " (" + m + ")").orElse("")
              + ": an index on {"
              + String.join(
                  ", ", eqMeta.stream().map(a -> IndexKey.shellName(o.fieldOf(a)) + ": 1").toList())
              + ", "
              + o.timeField()
              + ": 1} reads one series' buckets");
    }
    boolean bounded = byTime && !bound.isEmpty() && sortedByTime && !r.orderBy().isEmpty();
    if (bounded) {
      notes.add(
          "the sort on "
              + o.timeField()
              + " follows the index's bucket order: a bounded sort within one bucket span, not a"
              + " blocking sort of the result");
    }
    return plan.withFigures(
        p,
        new Estimate(keys[0], keys[1]),
        new Estimate(docs[0], docs[1]),
        returned,
        bounded ? false : plan.blockingSort(),
        bounded ? 0 : plan.sortBytes(),
        false,
        notes);
  }

  private static double bounded(double x, double cap) {
    return Math.max(Math.min(x, cap), cap > 0 ? Math.min(1, cap) : 0);
  }

  private static double distinct(Entity e, Set<String> attributes, double rows) {
    double d = KeyCounts.distinct(e, attributes, rows);
    return Double.isNaN(d) ? 1 : Math.max(1, d);
  }

  private static double share(Entity e, Set<String> attributes, double rows, double otherwise) {
    double s = KeyCounts.busiestRowShare(e, attributes, rows);
    return Double.isNaN(s) ? otherwise : Math.max(s, otherwise);
  }

  private static MongoDbPlan write(MongoDbPlan plan, MongoDbCollection c, Operation.Write w) {
    if (!w.entity().equals(c.entity().name())) {
      return plan;
    }
    MongoDbTimeSeries ts = c.timeSeries().orElseThrow();
    List<String> notes = new ArrayList<>(plan.notes());
    refusal(c, plan.pattern(), plan.operation()).ifPresent(x -> notes.add("refused: " + x));
    if (w.kind() == Operation.Kind.INSERT) {
      double rate = plan.pattern().ratePerSecond();
      notes.add(
          "time-series: each measurement joins the open bucket of its "
              + ts.options().metaField().orElse("collection")
              + (ts.options().metaField().isPresent() ? " value" : "")
              + "; a bucket closes at "
              + ts.limit()
              + " or its "
              + Units.duration(ts.span())
              + " span, so a new bucket document every "
              + Units.count(ts.fillTypical())
              + " inserts ("
              + Units.rate(rate / ts.fillTypical())
              + " bucket inserts, the rest updates of the open bucket)");
    } else if (w.kind() == Operation.Kind.DELETE
        && w.where().stream()
            .anyMatch(x -> !ts.options().metaAttributes().contains(x.attribute()))) {
      notes.add(
          "MongoDB 5.1 to 6.3 refuse this delete: it matches on more than the metaField, which"
              + " 7.0 allows");
    }
    return plan.withNotes(plan.pattern(), notes);
  }

  /**
   * Returns why the server refuses write {@code p} on time-series collection {@code c} (MongoDB
   * 8.0), or empty: an update or increment that matches or modifies more than the metaField, or
   * names one document ({@code updateOne}), an upsert, and any write in a transaction ({@code
   * batch: logged}).
   */
  public static Optional<String> refusal(MongoDbCollection c, AccessPattern p, String operation) {
    if (c.timeSeries().isEmpty() || !(p.operation() instanceof Operation.Write w)) {
      return Optional.empty();
    }
    MongoDbDesign.TimeSeries o = c.timeSeries().get().options();
    List<String> why = new ArrayList<>();
    if (w.kind() == Operation.Kind.UPSERT) {
      why.add("an upsert (update commands on a time-series collection may not set upsert: true)");
    }
    if (w.kind() == Operation.Kind.UPDATE || w.kind() == Operation.Kind.INCREMENT) {
      List<String> matched =
          w.where().stream()
              .map(Operation.Condition::attribute)
              .filter(a -> !o.metaAttributes().contains(a))
              .distinct()
              .toList();
      List<String> set = w.set().stream().filter(a -> !o.metaAttributes().contains(a)).toList();
      if (!matched.isEmpty()) {
        why.add("the update matches on " + String.join(", ", matched) + ", not the metaField");
      }
      if (!set.isEmpty()) {
        why.add(
            "it modifies " + String.join(", ", set) + "; an update may modify the metaField only");
      }
      if (matched.isEmpty() && operation.contains("updateOne")) {
        why.add("it is an updateOne; an update must be an updateMany (multi: true)");
      }
    }
    if (p.batch() == AccessPattern.Batch.LOGGED) {
      why.add("it runs in a transaction, and time-series collections take no writes in one");
    }
    return why.isEmpty()
        ? Optional.empty()
        : Optional.of(
            p.operation().entity()
                + " is in time-series collection "
                + c.name()
                + ": "
                + String.join("; ", why)
                + " (MongoDB manual, \"Time Series Collection Limitations\")");
  }
}
