package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.design.MongoDbFields;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.verify.Latency;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * Runs one read pattern's query on the loaded documents, as keyplan plans it: its conditions over
 * the fields keyplan planned on ({@link MongoDbFields}), an equality on a value of the block the
 * role names (the busiest or a typical shard key or equality value), an {@code in} with that value
 * and others no document holds, a range from the least value of its type (keyplan counts a range as
 * matching everything its equalities select, so the query does too), the sort and limit, and the
 * case-insensitive collation for {@code ignore_case} attributes. Timed over the samples, then
 * explained once.
 */
final class MongoDbVerifyReads {
  private MongoDbVerifyReads() {}

  /** One query to run, and how many loaded documents it can match. */
  record Probe(MongoDbPlan plan, String role, ReadQuery query, long matching, boolean hasIn) {}

  /** What the server did. */
  record Measured(Explained explained, Latency latency, long returned) {}

  /**
   * Returns the query of {@code plan} for {@code role}, or empty (with a note) when the documents
   * lack a field it needs.
   */
  static Optional<Probe> probe(
      MongoDbPlan plan, String role, CollectionLoad load, List<String> notes) {
    Operation.Read r = (Operation.Read) plan.pattern().operation();
    Optional<MongoDbFields.View> v = MongoDbFields.of(load.collection, r.entity());
    if (v.isEmpty()) {
      return Optional.empty();
    }
    if (plan.operation().contains(" + ")) {
      // A read with related entities in other collections (with:) sums several finds; one
      // explained query cannot be compared with it.
      notes.add(
          plan.pattern().id()
              + ": keyplan verify does not run a read of several finds (with:) yet");
      return Optional.empty();
    }
    Set<String> s = CollectionLoad.rootEqualities(load.collection, r);
    CollectionLoad.Block b = s.isEmpty() ? load.base() : load.block(role, s).orElse(load.base());
    int at =
        b == load.base() ? (role.equals("busiest") ? b.from() : b.from() + b.size() / 2) : b.from();
    BsonDocument sample = load.documents.get(at);
    BsonDocument filter = new BsonDocument();
    boolean in = false;
    for (Operation.Condition x : r.where()) {
      String field = v.get().fields().get(x.attribute());
      Optional<BsonValue> value =
          field == null
              ? Optional.empty()
              : Matcher.resolve(sample, field).stream().filter(y -> !y.isArray()).findFirst();
      if (value.isEmpty()) {
        notes.add(
            plan.pattern().id()
                + ": the loaded documents hold no "
                + x.attribute()
                + ", so the query leaves it out");
        continue;
      }
      switch (x.comparison()) {
        case IN -> {
          BsonArray values = new BsonArray();
          values.add(value.get());
          for (int k = 1; k < x.values(); k++) {
            values.add(load.factory.fresh(x.attribute(), k));
          }
          filter.append(field, new BsonDocument("$in", values));
          in = true;
        }
        case RANGE ->
            filter.append(field, new BsonDocument("$gte", BsonValues.lowest(value.get())));
        default -> filter.append(field, value.get());
      }
    }
    BsonDocument sort = new BsonDocument();
    for (Operation.Order o : r.orderBy()) {
      sort.append(
          v.get().fields().getOrDefault(o.attribute(), o.attribute()),
          new BsonInt32(o.descending() ? -1 : 1));
    }
    OptionalInt limit = r.count() ? OptionalInt.empty() : r.limit();
    Optional<BsonDocument> collation =
        plan.pattern().ignoreCase().isEmpty()
            ? Optional.empty()
            : Optional.of(ReadQuery.CASE_INSENSITIVE);
    ReadQuery q = new ReadQuery(filter, sort, limit, collation, r.count());
    return Optional.of(new Probe(plan, role, q, Matcher.count(load.documents, filter), in));
  }

  /** Runs {@code probe}'s query {@code samples} times, timed, then explains it. */
  static Measured run(
      MongoGateway g, String database, String collection, ReadQuery q, int samples) {
    Latency latency = new Latency();
    long returned = 0;
    for (int i = 0; i < samples; i++) {
      long start = System.nanoTime();
      returned = g.read(database, collection, q);
      latency.record(System.nanoTime() - start);
    }
    Explained e = ExplainParser.parse(g.command(database, q.explain(collection)));
    return new Measured(e, latency, returned);
  }
}
