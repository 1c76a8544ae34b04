package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbPlan.Targeting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The streams of requests the model's patterns send to the simulated collection, routed as the
 * analysis planned them ({@link MongoDbPlan#targeting()}):
 *
 * <ul>
 *   <li>single shard: {@link Stream.Route#KEYED} by the pattern's spread over the first shard key
 *       field (its own {@code spread:}, else the entity's: reads follow the data), or {@link
 *       Stream.Route#NEWEST} for an insert on a key that grows with time;
 *   <li>multi-shard: an {@code in} over the whole key is {@code k} keyed requests; an equality on
 *       the first field alone is {@link Stream.Route#PREFIX}; a range is {@link Stream.Route#DATA},
 *       or {@link Stream.Route#NEWEST} on a key that grows with time (the latest values);
 *   <li>scatter-gather: {@link Stream.Route#BROADCAST} to every shard, and a write also {@link
 *       Stream.Route#DATA} where its document is;
 *   <li>a pattern that reaches the collection only through a {@code $lookup} or a copy it rewrites:
 *       broadcast, as its filter is not on this collection's shard key.
 * </ul>
 *
 * A write counts requests, not the documents an {@code updateMany} rewrites.
 */
final class Workload {
  private Workload() {}

  /**
   * The streams, the inserts' density over the key space, and what was approximated.
   *
   * @param insertRate the insert patterns' requests per second together (0 when none inserts)
   */
  record Built(List<Stream> streams, Density inserted, double insertRate, List<String> notes) {}

  static Built of(
      MongoDbAnalysis a,
      MongoDbCollection c,
      KeySpace space,
      Density existing,
      Map<String, Density> own,
      boolean monotonic) {
    List<Stream> streams = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<Density> inserts = new ArrayList<>();
    List<Double> insertRates = new ArrayList<>();
    String first =
        c.attributesOf(List.of(c.shardKey().orElseThrow().fields().get(0))).iterator().next();
    for (MongoDbPlan plan : a.plans()) {
      if (plan.touches().stream().noneMatch(t -> t.collection().equals(c.name()))) {
        continue;
      }
      AccessPattern p = plan.pattern();
      if (plan.access() == MongoDbPlan.Access.NOT_SERVED) {
        notes.add(p.id() + " is not served by any collection and is left out");
        continue;
      }
      Density d = own.getOrDefault(p.id(), existing);
      boolean insert =
          p.operation() instanceof Operation.Write w
              && (w.kind() == Operation.Kind.INSERT || w.kind() == Operation.Kind.UPSERT)
              && w.entity().equals(c.entity().name());
      Stream.Kind kind =
          insert ? Stream.Kind.INSERT : p.isRead() ? Stream.Kind.READ : Stream.Kind.WRITE;
      // A fan-out writes N of the collection's documents a request: N operations routed on their
      // own, as the analysis counts them (MongoDbPlan.Touch).
      boolean fannedOut =
          p.operation() instanceof Operation.Write w && w.entity().equals(c.entity().name());
      double rate = p.ratePerSecond() * (fannedOut ? p.rowsPerRequest() : 1);
      Targeting t = plan.targeting();
      if (!plan.collection().map(c.name()::equals).orElse(false)) {
        notes.add(
            p.id()
                + " reaches "
                + c.name()
                + " through a $lookup or a copy it rewrites: counted on every shard");
        t = Targeting.SCATTER_GATHER;
      }
      switch (t) {
        case SINGLE_SHARD -> {
          Stream.Route route =
              monotonic ? (insert ? Stream.Route.NEWEST : Stream.Route.DATA) : Stream.Route.KEYED;
          streams.add(new Stream(p.id(), kind, route, rate, d, t));
          if (insert && route == Stream.Route.KEYED) {
            inserts.add(d);
            insertRates.add(rate);
          }
        }
        case MULTI_SHARD -> streams.add(multi(p, c, first, kind, rate, d, monotonic, t));
        case SCATTER_GATHER -> {
          streams.add(new Stream(p.id(), kind, Stream.Route.BROADCAST, rate, d, t));
          if (kind != Stream.Kind.READ) {
            streams.add(new Stream(p.id(), kind, Stream.Route.DATA, rate, d, t));
          }
        }
        default -> notes.add(p.id() + " is routed " + t.label() + " and is left out");
      }
    }
    Density inserted = existing;
    if (!inserts.isEmpty()) {
      inserted =
          Density.mix(inserts, insertRates.stream().mapToDouble(Double::doubleValue).toArray());
    }
    double insertRate =
        streams.stream()
            .filter(x -> x.kind() == Stream.Kind.INSERT)
            .mapToDouble(Stream::rate)
            .sum();
    return new Built(streams, inserted, insertRate, notes);
  }

  private static Stream multi(
      AccessPattern p,
      MongoDbCollection c,
      String first,
      Stream.Kind kind,
      double rate,
      Density d,
      boolean monotonic,
      Targeting t) {
    Map<String, Operation.Condition> by = new LinkedHashMap<>();
    p.operation().where().forEach(x -> by.putIfAbsent(x.attribute(), x));
    List<String> fields = c.shardKey().orElseThrow().fields();
    boolean all = true;
    int keys = 1;
    for (String f : fields) {
      Operation.Condition x = null;
      for (String attr : c.attributesOf(List.of(f))) {
        x = x == null ? by.get(attr) : x;
      }
      if (x == null
          || (x.comparison() != Operation.Comparison.EQ
              && x.comparison() != Operation.Comparison.IN)) {
        all = false;
        break;
      }
      keys *= x.comparison() == Operation.Comparison.IN ? x.values() : 1;
    }
    Operation.Condition lead = by.get(first);
    boolean prefix =
        lead != null
            && (lead.comparison() == Operation.Comparison.EQ
                || lead.comparison() == Operation.Comparison.IN);
    if (all && !monotonic) {
      return new Stream(p.id(), kind, Stream.Route.KEYED, rate * keys, d, t);
    }
    if (prefix && !monotonic) {
      int values = lead.comparison() == Operation.Comparison.IN ? lead.values() : 1;
      return new Stream(p.id(), kind, Stream.Route.PREFIX, rate * values, d, t);
    }
    return new Stream(
        p.id(), kind, monotonic ? Stream.Route.NEWEST : Stream.Route.DATA, rate, d, t);
  }
}
