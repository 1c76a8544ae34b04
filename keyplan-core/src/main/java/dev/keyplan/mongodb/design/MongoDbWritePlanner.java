package dev.keyplan.mongodb.design;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import dev.keyplan.mongodb.design.MongoDbPlan.Targeting;
import dev.keyplan.mongodb.design.MongoDbPlan.Touch;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbVersion;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Plans each write on MongoDB: the documents it writes in every collection that holds the written
 * entity, as documents of their own or embedded in a parent, and the copies ({@code copy_of}) other
 * documents hold.
 *
 * <ul>
 *   <li>an insert of a collection's entity is an {@code insertOne}; of an embedded entity, an
 *       {@code updateOne} that pushes onto the parent's array (the parent document grows);
 *   <li>an update or delete that names one document by its key is an {@code updateOne} or {@code
 *       deleteOne}; one that matches several ({@code where user_id = ?} on sessions) writes each:
 *       {@code updateMany} / {@code deleteMany};
 *   <li>a fan-out ({@code fan_out:}) inserts N documents a request, one {@code insertMany} (MongoDB
 *       manual, db.collection.insertMany), N from the entity's spread;
 *   <li>a write of several documents in a {@code batch: logged} runs as a multi-document
 *       transaction (60 s lifetime, 5 ms lock wait: MongoDB manual, "Production Considerations"); a
 *       single document's write is atomic on its own, embedded arrays included;
 *   <li>on a sharded collection an insert goes to the shard owning its shard key value; every
 *       insert of a ranged key whose first field grows with time goes to the chunk holding {@code
 *       MaxKey}, one shard; a {@code $push} of an embedded entity filters on its parent's key (the
 *       embed's {@code by:}) and an update or delete on its {@code where}: equality on every shard
 *       key field targets one shard, anything less is sent to several or every shard (MongoDB
 *       manual, "Shard Keys", https://www.mongodb.com/docs/manual/core/sharding-shard-key/); a
 *       single-document write without the full shard key is a write without shard key on 8.0, which
 *       6.0 and 7.0 reject, and the plan says so (docs/model.md, "How writes are planned").
 * </ul>
 */
final class MongoDbWritePlanner {
  private final Model model;
  private final List<MongoDbCollection> collections;
  private final MongoDbReadPlanner reads;

  /** The server planned for: 6.0 and 7.0 refuse writes 7.1 runs without the shard key. */
  private final MongoDbVersion version;

  MongoDbWritePlanner(Model model, List<MongoDbCollection> collections, MongoDbReadPlanner reads) {
    this.model = model;
    this.collections = collections;
    this.reads = reads;
    this.version =
        model
            .design(MongoDbDesign.class)
            .map(MongoDbDesign::version)
            .orElse(MongoDbVersion.DEFAULT);
  }

  MongoDbPlan plan(AccessPattern p, Operation.Write w) {
    List<String> notes = new ArrayList<>();
    List<Touch> touches = new ArrayList<>();
    List<String> operations = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    double documents = 0;
    Targeting worst = Targeting.UNSHARDED;
    int shards = 1;
    Optional<String> first = Optional.empty();
    boolean insert = w.kind() == Operation.Kind.INSERT || w.kind() == Operation.Kind.UPSERT;
    for (MongoDbCollection c : collections) {
      Optional<MongoDbReadPlanner.View> v = MongoDbReadPlanner.view(c, w.entity());
      List<String> copies = copies(c, w);
      if (v.isEmpty() && copies.isEmpty()) {
        continue;
      }
      if (v.isPresent()
          && !insert
          && w.kind() != Operation.Kind.DELETE
          && !w.set().isEmpty()
          && w.set().stream().noneMatch(v.get().fields()::containsKey)
          && copies.isEmpty()) {
        continue;
      }
      first = first.or(() -> Optional.of(c.name()));
      // A fan-out writes N of the entity's documents a request (N inserts, or N parents' arrays).
      double n = v.isPresent() ? count(w, c, v.get()) * p.rowsPerRequest() : copyCount(c, w);
      String op = operation(w, v, n, c);
      operations.add(op + " " + c.name());
      documents += n;
      Map<String, String> fields = v.map(MongoDbReadPlanner.View::fields).orElse(Map.of());
      MongoDbReadPlanner.Routing route = route(p, w, c, fields, insert, v, notes, refused);
      if (route.targeting().ordinal() > worst.ordinal()) {
        worst = route.targeting();
      }
      shards = Math.max(shards, route.shards());
      touches.add(new Touch(c.name(), true, route.share(), n));
      if (p.fanOut().isPresent() && v.isPresent()) {
        notes.add(c.name() + ": " + fanOutHeat(c, p.fanOut().get()));
      }
      v.flatMap(MongoDbReadPlanner.View::embed)
          .ifPresent(
              em ->
                  notes.add(
                      w.entity()
                          + " lives in "
                          + c.name()
                          + "."
                          + em.field()
                          + ": each write rewrites part of the parent document"
                          + (insert && em.many() ? ", which grows by one element" : "")));
      if (!copies.isEmpty()) {
        notes.add(
            c.name()
                + " holds "
                + String.join(", ", copies)
                + " as copies: about "
                + dev.keyplan.model.Units.count(n)
                + " documents rewritten per change");
      }
      long indexes = c.indexes().stream().filter(ix -> touchesIndex(ix, w, fields, insert)).count();
      if (indexes > 0) {
        notes.add(
            c.name()
                + ": "
                + indexes
                + " index"
                + (indexes == 1 ? "" : "es")
                + " updated per document written");
      }
    }
    p.fanOut().ifPresent(f -> notes.add(0, f.describe()));
    if (operations.isEmpty()) {
      return MongoDbReadPlanner.notServed(
          p, "no MongoDB collection holds " + w.entity() + ": nothing to write");
    }
    if (!refused.isEmpty()) {
      // The server named by version: refuses the write: the application would get an error, not a
      // slow write, so the pattern is not served (a finding), with the reason. The plan keeps the
      // refused operation and its collection (a pattern with no collection has none, "-"), so the
      // finding's fix is about the filter, not about storage; it writes nothing, so no heat.
      return new MongoDbPlan(
          p,
          Access.NOT_SERVED,
          String.join(" + ", operations),
          first,
          Optional.empty(),
          Estimate.UNKNOWN,
          Estimate.UNKNOWN,
          Double.NaN,
          false,
          0,
          false,
          worst,
          shards,
          List.of(),
          false,
          List.of(),
          List.of(String.join("; ", refused)));
    }
    boolean transaction = p.batch() == AccessPattern.Batch.LOGGED && documents >= 2;
    if (transaction) {
      notes.add(
          "a multi-document transaction of about "
              + dev.keyplan.model.Units.count(documents)
              + " documents: it must"
              + " finish within transactionLifetimeLimitSeconds ("
              + MongoDbLimits.TRANSACTION_LIFETIME_SECONDS
              + " s) and"
              + " aborts after "
              + MongoDbLimits.TRANSACTION_LOCK_WAIT_MILLIS
              + " ms waiting for a lock"
              + " (maxTransactionLockRequestTimeoutMillis); retry on TransientTransactionError");
    } else if (p.batch() == AccessPattern.Batch.LOGGED) {
      notes.add(
          "batch: logged writes one document here: a single-document write is atomic on its own, embedded"
              + " documents and arrays included (MongoDB manual, \"Atomicity and Transactions\")");
    }
    w.condition()
        .ifPresent(
            c ->
                notes.add(
                    "conditional write (" + c + "): a filter on the update, atomic per document"));
    return new MongoDbPlan(
        p,
        Access.WRITE,
        String.join(" + ", operations),
        first,
        Optional.empty(),
        Estimate.UNKNOWN,
        Estimate.UNKNOWN,
        Double.NaN,
        false,
        0,
        false,
        worst,
        shards,
        List.of(),
        transaction,
        touches,
        notes);
  }

  /**
   * Says where a fan-out's N documents go on {@code c}: unsharded, to its one replica set; sharded
   * on a key holding {@code each} (follower_id), mongos splits the insertMany by shard and they
   * spread as that attribute's spread says; on any other key they share the request's value
   * (author_id), so one shard takes all N of a request.
   */
  private static String fanOutHeat(MongoDbCollection c, dev.keyplan.model.WriteFanOut f) {
    String n = dev.keyplan.model.Units.count(f.rows());
    if (!c.sharded()) {
      return "unsharded: the " + n + " documents of a request go to one replica set";
    }
    var key = c.shardKey().get();
    if (c.attributesOf(key.fields()).contains(f.each())) {
      return "sharded on "
          + String.join(", ", key.fields())
          + ": mongos splits the "
          + n
          + " documents of a request by shard, spread as "
          + f.each()
          + "'s spread says";
    }
    return "sharded on "
        + String.join(", ", key.fields())
        + ", not "
        + f.each()
        + ": all "
        + n
        + " documents of a request go to one shard";
  }

  private static String operation(
      Operation.Write w, Optional<MongoDbReadPlanner.View> v, double n, MongoDbCollection c) {
    boolean embedded = v.flatMap(MongoDbReadPlanner.View::embed).isPresent();
    if (v.isEmpty()) {
      return "updateMany";
    }
    switch (w.kind()) {
      case INSERT:
        if (n > 1) {
          return embedded ? "bulkWrite(updateOne($push))" : "insertMany";
        }
        return embedded ? "updateOne($push)" : "insertOne";
      case UPSERT:
        if (n > 1) {
          return embedded ? "bulkWrite(updateOne($push))" : "bulkWrite(replaceOne(upsert))";
        }
        return embedded ? "updateOne($push)" : "replaceOne(upsert)";
      case DELETE:
        return embedded ? "updateOne($pull)" : n > 1 ? "deleteMany" : "deleteOne";
      default:
        return n > 1
            ? "updateMany"
            : w.kind() == Operation.Kind.INCREMENT ? "updateOne($inc)" : "updateOne";
    }
  }

  /**
   * Documents one write touches: one, or the documents its restrictions match when they name no
   * single one.
   */
  private double count(Operation.Write w, MongoDbCollection c, MongoDbReadPlanner.View v) {
    if (w.kind() == Operation.Kind.INSERT
        || w.kind() == Operation.Kind.UPSERT
        || v.embed().isPresent()) {
      return 1;
    }
    Entity e = c.entity();
    Set<String> given = new LinkedHashSet<>();
    w.where().stream()
        .filter(
            x ->
                x.comparison() == Operation.Comparison.EQ && e.attribute(x.attribute()).isPresent())
        .forEach(x -> given.add(x.attribute()));
    if (given.isEmpty() || KeyCounts.identifies(e, given)) {
      return given.isEmpty() && !w.where().isEmpty() ? c.documents() : 1;
    }
    double n = KeyCounts.typicalPerValue(e, given, c.documents());
    return Double.isNaN(n) ? 1 : n;
  }

  /** The attributes of {@code c}'s documents that copy an attribute {@code w} changes. */
  private List<String> copies(MongoDbCollection c, Operation.Write w) {
    List<String> out = new ArrayList<>();
    if (w.kind() != Operation.Kind.UPDATE) {
      return out;
    }
    for (String a : w.set()) {
      String source = w.entity() + "." + a;
      for (Attribute x : c.entity().attributes().values()) {
        if (x.copyOf().filter(source::equals).isPresent() && c.holds(x.name())) {
          out.add(x.name());
        }
      }
      for (MongoDbEmbed em : c.embeds()) {
        for (Attribute x : em.entity().attributes().values()) {
          if (x.copyOf().filter(source::equals).isPresent() && em.types().containsKey(x.name())) {
            out.add(em.field() + "." + x.name());
          }
        }
      }
    }
    return out;
  }

  /** Documents holding a copy: the collection's documents per written source row. */
  private double copyCount(MongoDbCollection c, Operation.Write w) {
    Entity source = model.entities().get(w.entity());
    double rows = source == null ? 1 : source.rowsAfter(model.horizonSeconds(), 0);
    return Math.max(1, c.documents() / Math.max(1, rows));
  }

  private MongoDbReadPlanner.Routing route(
      AccessPattern p,
      Operation.Write w,
      MongoDbCollection c,
      Map<String, String> fields,
      boolean insert,
      Optional<MongoDbReadPlanner.View> v,
      List<String> notes,
      List<String> refused) {
    if (!c.sharded()) {
      return new MongoDbReadPlanner.Routing(Targeting.UNSHARDED, 1, 1);
    }
    var key = c.shardKey().get();
    if (insert && v.isPresent() && v.get().embed().isEmpty()) {
      String lead = key.fields().get(0);
      if (!key.hashed() && c.growsWithTime(lead)) {
        notes.add(
            "every insert goes to the chunk holding MaxKey: the shard key leads with "
                + lead
                + ", which grows with time, so one shard takes all "
                + c.name()
                + " inserts");
        return new MongoDbReadPlanner.Routing(Targeting.SINGLE_SHARD, 1, 1);
      }
      Set<String> attributes = c.attributesOf(key.fields());
      double b = c.keyRequestShare(p, attributes);
      int used = reads.usedShards(c);
      return new MongoDbReadPlanner.Routing(
          Targeting.SINGLE_SHARD,
          1,
          Double.isNaN(b)
              ? Double.NaN
              : b
                  + (1 - b)
                      * MongoDbZones.busiestShardShare(
                          c, c.sharded() ? reads.shardCount() : 1, used));
    }
    List<Operation.Condition> filter = w.where();
    Optional<MongoDbEmbed> em = v.flatMap(MongoDbReadPlanner.View::embed);
    if (insert && em.isPresent()) {
      // The $push finds its parent by the parent's key, whose values the child carries (by:):
      // equality on each of those fields, nothing else (the child knows no other parent field).
      filter =
          em.get().by().stream()
              .map(a -> new Operation.Condition(a, Operation.Comparison.EQ, 1, w.location()))
              .toList();
    }
    MongoDbReadPlanner.Routing r =
        reads.route(p, c, filter, fields.isEmpty() ? Map.of() : fields, c.typicalBytes());
    notes.add(c.name() + ": " + routing(r, key, c, filter, fields));
    if (r.targeting() != Targeting.SINGLE_SHARD && v.isPresent()) {
      boolean byId =
          filter.stream()
              .anyMatch(
                  x ->
                      x.comparison() == Operation.Comparison.EQ
                          && fields.getOrDefault(x.attribute(), x.attribute()).equals("_id"));
      singleDocumentRule(w, em.isPresent(), insert, byId, c, version, notes)
          .ifPresent(refused::add);
    }
    return r;
  }

  /**
   * Says how mongos routes the write, in the words plans print: "targeted (shard key device_id
   * given)", "sent to 2 shards (…)", "broadcast to 3 shards (filter lacks the shard key field
   * hour)" (MongoDB manual, "Shard Keys",
   * https://www.mongodb.com/docs/manual/core/sharding-shard-key/).
   */
  private static String routing(
      MongoDbReadPlanner.Routing r,
      dev.keyplan.mongodb.model.MongoDbDesign.ShardKey key,
      MongoDbCollection c,
      List<Operation.Condition> filter,
      Map<String, String> fields) {
    String keyFields = String.join(", ", key.fields());
    switch (r.targeting()) {
      case SINGLE_SHARD:
        return "targeted (shard key " + keyFields + " given)";
      case MULTI_SHARD:
        return "sent to up to "
            + r.shards()
            + " shards (the filter gives an $in or a prefix of the shard key "
            + keyFields
            + ")";
      default:
        Set<String> equal = new LinkedHashSet<>();
        for (Operation.Condition x : filter) {
          if (x.comparison() == Operation.Comparison.EQ
              || x.comparison() == Operation.Comparison.IN) {
            equal.add(fields.getOrDefault(x.attribute(), x.attribute()));
          }
        }
        List<String> missing =
            key.fields().stream().filter(f -> !equal.contains(c.fieldOf(f))).toList();
        String lacks =
            missing.isEmpty()
                ? "a hashed shard key routes equalities only"
                : "filter lacks the shard key field"
                    + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing);
        return "broadcast to " + r.shards() + " shards (" + lacks + ")";
    }
  }

  /**
   * States the manual's rule for a write of one document whose filter lacks the full shard key
   * (MongoDB 8.0; https://www.mongodb.com/docs/manual/reference/method/db.collection.updateOne/,
   * https://www.mongodb.com/docs/manual/reference/method/db.collection.deleteOne/, release notes
   * 7.1, https://www.mongodb.com/docs/manual/release-notes/7.1/): since 7.1 mongos runs it as a
   * write without shard key, a broadcast query for one matching document and then a write to its
   * shard; an upsert ({@code updateOne} with {@code upsert: true}) no longer needs the full shard
   * key either. 6.0 and 7.0 reject both unless the filter has the full shard key (or {@code _id},
   * for a write that is not an upsert). An {@code updateMany} or {@code deleteMany} is broadcast in
   * every version; keyplan plans no {@code updateMany} upsert, which would need the full shard key.
   *
   * <p>Planned for 8.0 ({@code version:}, the default) the write is a note; planned for 6.0 or 7.0
   * a write those refuse is returned as the reason the pattern is not served, and one sent by its
   * {@code _id} is a note saying it reaches every shard.
   */
  private static Optional<String> singleDocumentRule(
      Operation.Write w,
      boolean embedded,
      boolean insert,
      boolean byId,
      MongoDbCollection c,
      MongoDbVersion version,
      List<String> notes) {
    boolean upsert = w.kind() == Operation.Kind.UPSERT;
    if (!embedded && !insert && !w.where().isEmpty() && !oneDocument(w, c)) {
      return Optional.empty();
    }
    String op =
        upsert
            ? "an updateOne upsert"
            : w.kind() == Operation.Kind.DELETE && !embedded ? "a deleteOne" : "an updateOne";
    if (!version.writesWithoutShardKey()) {
      String key = String.join(", ", c.shardKey().get().fields());
      String server = "MongoDB " + version.label() + " (version:)";
      if (byId && !upsert) {
        notes.add(
            c.name()
                + ": "
                + op
                + " without the full shard key ("
                + key
                + "): "
                + server
                + " sends it to every shard by its _id (a write without shard key, targeted by"
                + " the owning shard, came in 7.1)");
        return Optional.empty();
      }
      return Optional.of(
          c.name()
              + ": "
              + server
              + " refuses "
              + op
              + " whose filter lacks the full shard key ("
              + key
              + ")"
              + (upsert ? "" : " and _id")
              + "; 7.1 and later run it as a write without shard key (release notes 7.1): give the"
              + " full shard key in the filter, or plan for version: 8.0");
    }
    notes.add(
        c.name()
            + ": "
            + op
            + " without the full shard key is a write without shard key on MongoDB 8.0 (7.1+): a"
            + " query broadcast to every shard, then the write on the shard that owns the"
            + " document; MongoDB 6.0 and 7.0 "
            + (upsert
                ? "reject it (an upsert must give the full shard key)"
                : byId
                    ? "send it to every shard by its _id"
                    : "reject it (it gives neither the full shard key nor _id)")
            + ": give the shard key in the filter");
    return Optional.empty();
  }

  /** True if the write names one document by its key (an updateOne, not an updateMany). */
  private static boolean oneDocument(Operation.Write w, MongoDbCollection c) {
    Set<String> given = new LinkedHashSet<>();
    w.where().stream()
        .filter(x -> x.comparison() == Operation.Comparison.EQ)
        .forEach(x -> given.add(x.attribute()));
    return !given.isEmpty() && KeyCounts.identifies(c.entity(), given);
  }

  private static boolean touchesIndex(
      MongoDbIndex ix, Operation.Write w, Map<String, String> fields, boolean insert) {
    if (insert || w.kind() == Operation.Kind.DELETE) {
      return true;
    }
    for (String a : w.set()) {
      String f = fields.getOrDefault(a, a);
      if (ix.fields().stream().anyMatch(x -> x.equals(f) || x.startsWith(f + "."))) {
        return true;
      }
    }
    return false;
  }
}
