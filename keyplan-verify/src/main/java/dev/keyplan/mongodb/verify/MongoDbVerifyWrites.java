package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.design.MongoDbFields;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.verify.Latency;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Runs each write pattern as keyplan plans it, on every collection its plan writes ({@code
 * MongoDbPlan.touches}), each sample on another loaded document, timed together: an insert is an
 * {@code insert} of a new document, or for an embedded entity an {@code update} that {@code
 * $push}es an element onto its parent (with {@code $slice} to the embed's {@code max}, as the
 * application keeps it); an upsert a {@code replaceOne} with {@code upsert}; an update {@code
 * $set}s the attributes it names (a fresh value of the same type; an increment {@code $inc}s by 1),
 * one document or, where keyplan plans {@code updateMany}, all its filter matches; a delete removes
 * the documents its filter names, or {@code $pull}s an embedded element. Writes run last, after the
 * reads and sizes, since they change the documents. A reply's {@code writeErrors} (a validator
 * refusing a document, say) is a mismatch: keyplan's design should take its own writes.
 */
final class MongoDbVerifyWrites {
  private MongoDbVerifyWrites() {}

  static final List<String> COLUMNS =
      List.of("pattern", "operation", "keyplan_routing", "samples", "p50_ms", "p99_ms", "verdict");

  static List<List<Object>> run(
      MongoDbAnalysis a,
      MongoGateway g,
      Database db,
      Map<String, CollectionLoad> loads,
      int samples,
      int[] mismatches,
      List<String> findings,
      List<String> notes) {
    List<List<Object>> rows = new ArrayList<>();
    for (MongoDbPlan plan : a.plans()) {
      if (!(plan.pattern().operation() instanceof Operation.Write w)
          || plan.access() != MongoDbPlan.Access.WRITE) {
        continue;
      }
      if (w.condition().isPresent()) {
        notes.add(
            plan.pattern().id()
                + ": its condition ("
                + w.condition().get()
                + ") is not applied; the write is run as is");
      }
      if (plan.transaction()) {
        notes.add(
            plan.pattern().id()
                + ": keyplan plans a multi-document transaction; verify runs its writes one after"
                + " the other, outside a transaction");
      }
      Latency latency = new Latency();
      String verdict = "ok";
      try {
        for (int i = 0; i < samples; i++) {
          long start = System.nanoTime();
          for (MongoDbPlan.Touch t : plan.touches()) {
            CollectionLoad load = loads.get(t.collection());
            if (!t.write() || load == null) {
              continue;
            }
            Optional<BsonDocument> cmd = command(plan, w, load, i, notes);
            if (cmd.isPresent()) {
              check(g.command(db.name, cmd.get()));
            }
          }
          latency.record(System.nanoTime() - start);
        }
      } catch (RuntimeException e) {
        verdict = "MISMATCH: refused";
        mismatches[0]++;
        findings.add(
            plan.pattern().id() + ": MongoDB refused the write: " + MongoDbVerifier.firstLine(e));
      }
      rows.add(
          List.of(
              plan.pattern().id(),
              plan.operation(),
              MongoDbComparison.routingLabel(plan),
              (double) latency.count(),
              latency.millis(50),
              latency.millis(99),
              verdict));
    }
    return rows;
  }

  /**
   * The write command of sample {@code i} on {@code load}'s collection, or empty (noted once) when
   * verify cannot run it.
   */
  static Optional<BsonDocument> command(
      MongoDbPlan plan, Operation.Write w, CollectionLoad load, int i, List<String> notes) {
    MongoDbCollection c = load.collection;
    Optional<MongoDbFields.View> view = MongoDbFields.of(c, w.entity());
    if (view.isEmpty()) {
      noteOnce(
          notes,
          plan.pattern().id()
              + ": the copies it rewrites in "
              + c.name()
              + " (copy_of) are not run");
      return Optional.empty();
    }
    CollectionLoad.Block base = load.base();
    BsonDocument target = load.documents.get(base.from() + Math.floorMod(i, base.size()));
    Optional<MongoDbEmbed> em = view.get().embed();
    String name = c.name();
    long n = load.documents.size() + 10_000L * (plan.pattern().id().hashCode() & 0xffff) + i;
    switch (w.kind()) {
      case INSERT, UPSERT -> {
        if (em.isPresent()) {
          BsonDocument element = load.factory.element(em.get().field(), n);
          BsonDocument push = new BsonDocument("$each", new BsonArray(List.of(element)));
          em.get().max().ifPresent(max -> push.append("$slice", new BsonInt32(-max)));
          BsonDocument u =
              em.get().many()
                  ? new BsonDocument("$push", new BsonDocument(em.get().field(), push))
                  : new BsonDocument("$set", new BsonDocument(em.get().field(), element));
          return Optional.of(
              update(name, new BsonDocument("_id", target.get("_id")), u, false, false));
        }
        BsonDocument doc = load.factory.make(n, Map.of(), false);
        if (w.kind() == Operation.Kind.INSERT) {
          return Optional.of(
              new BsonDocument("insert", new BsonString(name))
                  .append("documents", new BsonArray(List.of(doc))));
        }
        return Optional.of(update(name, new BsonDocument("_id", doc.get("_id")), doc, false, true));
      }
      case DELETE -> {
        if (em.isPresent()) {
          BsonValue first = target.get(em.get().field());
          BsonValue element =
              first != null && first.isArray() && !first.asArray().isEmpty()
                  ? first.asArray().get(0)
                  : first;
          BsonDocument u =
              em.get().many() && element != null
                  ? new BsonDocument("$pull", new BsonDocument(em.get().field(), element))
                  : new BsonDocument(
                      "$unset", new BsonDocument(em.get().field(), new BsonString("")));
          return Optional.of(
              update(name, new BsonDocument("_id", target.get("_id")), u, false, false));
        }
        BsonDocument q = filter(w, view.get(), target);
        BsonDocument delete =
            new BsonDocument("q", q).append("limit", new BsonInt32(many(plan, name) ? 0 : 1));
        return Optional.of(
            new BsonDocument("delete", new BsonString(name))
                .append("deletes", new BsonArray(List.of(delete))));
      }
      default -> {
        BsonDocument set = new BsonDocument();
        Random r = new Random(n);
        for (String attribute : w.set()) {
          String field = view.get().fields().get(attribute);
          BsonValue rep =
              field == null
                  ? null
                  : Matcher.resolve(target, field).stream()
                      .filter(v -> !v.isArray())
                      .findFirst()
                      .orElse(null);
          if (rep == null) {
            continue;
          }
          // An embedded attribute is set in the parent's first element.
          String path =
              em.isPresent() && em.get().many() ? em.get().field() + ".0." + attribute : field;
          set.append(
              path,
              w.kind() == Operation.Kind.INCREMENT
                  ? new BsonInt32(1)
                  : BsonValues.vary(
                      rep,
                      (em.isPresent() ? em.get().entity() : c.entity()).attribute(attribute),
                      r,
                      n));
        }
        if (set.isEmpty()) {
          noteOnce(
              notes,
              plan.pattern().id()
                  + ": "
                  + c.name()
                  + " holds none of the attributes it sets; not run there");
          return Optional.empty();
        }
        BsonDocument q =
            em.isPresent()
                ? new BsonDocument("_id", target.get("_id"))
                : filter(w, view.get(), target);
        BsonDocument u =
            new BsonDocument(w.kind() == Operation.Kind.INCREMENT ? "$inc" : "$set", set);
        return Optional.of(update(name, q, u, many(plan, name), false));
      }
    }
  }

  /**
   * The write's restrictions on {@code target}'s values: every comparison as an equality on the
   * value it has.
   */
  static BsonDocument filter(Operation.Write w, MongoDbFields.View view, BsonDocument target) {
    BsonDocument q = new BsonDocument();
    for (Operation.Condition x : w.where()) {
      String field = view.fields().get(x.attribute());
      if (field == null) {
        continue;
      }
      Matcher.resolve(target, field).stream()
          .filter(v -> !v.isArray())
          .findFirst()
          .ifPresent(v -> q.append(field, v));
    }
    return q;
  }

  /** True where keyplan plans {@code updateMany} or {@code deleteMany} on the collection. */
  private static boolean many(MongoDbPlan plan, String collection) {
    for (String op : plan.operation().split(" \\+ ")) {
      if (op.endsWith(" " + collection)) {
        return op.startsWith("updateMany") || op.startsWith("deleteMany");
      }
    }
    return false;
  }

  private static BsonDocument update(
      String collection, BsonDocument q, BsonDocument u, boolean multi, boolean upsert) {
    BsonDocument statement = new BsonDocument("q", q).append("u", u);
    if (multi) {
      statement.append("multi", BsonBoolean.TRUE);
    }
    if (upsert) {
      statement.append("upsert", BsonBoolean.TRUE);
    }
    return new BsonDocument("update", new BsonString(collection))
        .append("updates", new BsonArray(List.of(statement)));
  }

  /**
   * Throws the first write error of a write command's reply, which answers ok: 1 even when a
   * document was refused.
   */
  static void check(BsonDocument reply) {
    if (reply.isArray("writeErrors") && !reply.getArray("writeErrors").isEmpty()) {
      BsonDocument e = reply.getArray("writeErrors").get(0).asDocument();
      throw new IllegalStateException(
          "write error "
              + e.getNumber("code", new BsonInt32(0)).intValue()
              + ": "
              + e.getString("errmsg", new BsonString("")).getValue());
    }
  }

  private static void noteOnce(List<String> notes, String note) {
    if (!notes.contains(note)) {
      notes.add(note);
    }
  }
}
