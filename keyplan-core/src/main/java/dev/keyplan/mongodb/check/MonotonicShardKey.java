package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Flags a ranged shard key whose first field grows with time (an ObjectId {@code _id}, a {@code
 * time_ordered} timestamp or id): every new document sorts after all others, into the chunk holding
 * MaxKey, so one shard takes every insert (MongoDB manual, "Choose a Shard Key", "Monotonically
 * Changing Shard Keys"; limits page, "Monotonically Increasing Shard Keys Can Limit Insert
 * Throughput"; notes §3; seed 004). analyzeShardKey calls such a key monotonic from a correlation
 * of 0.7 between key and insertion order (notes §1.3); keyplan knows it from the model.
 *
 * <p>Figures: the inserts per second on that shard, {@code Σ rate × documents} of the collection's
 * insert patterns, against the per-shard budget ({@code shard_budget}); the shards idle for
 * inserts, {@code (shards − 1) / shards}. <b>Error</b> when the inserts exceed the budget (more
 * shards cannot help: they all go to one), else <b>warning</b> (the balancer keeps moving what the
 * hot shard splits off, and the data stays unbalanced meanwhile).
 *
 * <p>Worked number: examples/events-mongodb.yaml, {@code {created_at: 1}} on 4 shards at 12,000
 * inserts/s: 12,000/s on one shard, 120% of 10,000/s ⇒ error; 3 of 4 shards (75%) take none. The
 * hashed fix puts 12,000 / 4 = 3,000/s on each.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "Ranged shard key that grows with time: every insert goes to one shard",
    severity = Severity.ERROR)
public final class MonotonicShardKey implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbShard s : a.shards()) {
      if (!s.sharded() || s.monotonic().isEmpty()) {
        continue;
      }
      MongoDbCollection c = a.collection(s.collection()).orElseThrow();
      double inserts = s.inserts();
      if (inserts == 0) {
        continue;
      }
      MongoDbDesign.ShardKey key = c.shardKey().orElseThrow();
      String lead = s.monotonic().get();
      double budget = a.design().shardBudget();
      out.report(
          inserts > budget ? Severity.ERROR : Severity.WARNING,
          c.name(),
          key.location(),
          "shard key "
              + key.pattern()
              + " of "
              + c.name()
              + " is ranged and leads with "
              + lead
              + ", which grows with time: every insert lands in the chunk holding MaxKey, so one shard takes all "
              + Units.rate(inserts)
              + " inserts, "
              + Units.percent(inserts / budget)
              + " of the "
              + Units.rate(budget)
              + " budget per shard, while "
              + (s.shards() - 1)
              + " of "
              + s.shards()
              + " shards ("
              + Units.percent((s.shards() - 1) / (double) s.shards())
              + ") take none",
          fix(a, c, s, lead, inserts));
    }
  }

  private static String fix(
      MongoDbAnalysis a, MongoDbCollection c, MongoDbShard s, String lead, double inserts) {
    Optional<String> meta = c.timeSeries().flatMap(t -> t.options().metaField());
    if (meta.isPresent()) {
      return timeSeriesFix(c, s, meta.get(), lead, inserts);
    }
    List<String> ranged = new ArrayList<>();
    for (AccessPattern p : a.model().patterns()) {
      if (p.operation() instanceof Operation.Read r
          && r.entity().equals(c.entity().name())
          && r.where().stream()
              .anyMatch(
                  x ->
                      c.fieldOf(x.attribute()).equals(lead)
                          && x.comparison() == Operation.Comparison.RANGE)) {
        ranged.add(p.id());
      }
    }
    StringBuilder fix =
        new StringBuilder(
            "shard on {"
                + MongoDbDesign.IndexKey.shellName(lead)
                + ": \"hashed\"}: the hashes of new values spread evenly, "
                + Units.rate(inserts / s.shards())
                + " inserts on each of "
                + s.shards()
                + " shards");
    fix.append(
        ranged.isEmpty()
            ? " (no pattern reads a range of " + lead + ", which a hashed key cannot route)"
            : "; a hashed key routes equalities only, so "
                + String.join(", ", ranged)
                + " (a range on "
                + lead
                + ") would ask all "
                + s.shards()
                + " shards");
    spreadPrefix(c, lead)
        .ifPresent(
            p ->
                fix.append("; or lead with a well-spread field: {")
                    .append(MongoDbDesign.IndexKey.shellName(c.fieldOf(p)))
                    .append(": 1, ")
                    .append(MongoDbDesign.IndexKey.shellName(lead))
                    .append(": 1} (")
                    .append(Units.count(c.keyValues(java.util.Set.of(p))))
                    .append(" values of ")
                    .append(p)
                    .append(") keeps ranges of ")
                    .append(lead)
                    .append(" per ")
                    .append(p)
                    .append(" on one shard"));
    fix.append(". Either is a new key: reshardCollection, ").append(s.reshardCost());
    return fix.toString();
  }

  /**
   * The fix on a time-series collection, whose shard key holds only the metaField, its subfields
   * and the timeField, last and ranged (MongoDB manual, "Time Series Collection Limitations", Shard
   * Key Fields): no hashed timeField, the metaField instead, which resharding reaches from 8.0.10
   * ("Shard a Time Series Collection").
   */
  private static String timeSeriesFix(
      MongoDbCollection c, MongoDbShard s, String meta, String lead, double inserts) {
    String field = MongoDbDesign.IndexKey.shellName(meta);
    return "shard on the metaField, {"
        + field
        + ": 1} ("
        + Units.count(c.keyValues(c.attributesOf(List.of(meta))))
        + " values), or {"
        + field
        + ": 1, "
        + MongoDbDesign.IndexKey.shellName(lead)
        + ": 1}: a time-series shard key holds only the metaField, its subfields and the timeField"
        + " (last, ranged, never hashed); "
        + Units.rate(inserts / s.shards())
        + " inserts on each of "
        + s.shards()
        + " shards. A new key: reshardCollection of a time-series collection needs MongoDB 8.0.10"
        + " or later, "
        + s.reshardCost();
  }

  /**
   * The attribute with the most declared values that does not grow with time, if it has at least
   * 100 (seed 004).
   */
  private static Optional<String> spreadPrefix(MongoDbCollection c, String lead) {
    String best = null;
    double most = LowCardinalityShardKey.MIN_VALUES - 1;
    for (Attribute x : c.entity().attributes().values()) {
      if (x.timeOrdered() || c.fieldOf(x.name()).equals(lead) || !c.holds(x.name())) {
        continue;
      }
      double d = c.keyValues(java.util.Set.of(x.name()));
      if (!Double.isNaN(d) && d > most) {
        most = d;
        best = x.name();
      }
    }
    return Optional.ofNullable(best);
  }
}
