package dev.keyplan.mongodb.design;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The index entries the write patterns change per second, per index: what each index costs the
 * writes that keep it in step. MongoDB updates every index of a collection in the same write as the
 * document (MongoDB manual, "Indexes": "indexes … can negatively affect write performance";
 * "Multikey Indexes": one key per array element), so:
 *
 * <ul>
 *   <li>an insert or delete of a document writes, in each index, its entries per document: 1, or
 *       for a multikey index the array's typical elements ({@code entries / documents});
 *   <li>a {@code $push} or {@code $pull} of an embedded element writes 1 entry in each index with a
 *       key inside that embed, and none in the others;
 *   <li>an update writes 2 × the entries per document (the old key removed, the new inserted) in
 *       each index holding a field it sets, copies ({@code copy_of}) included, and none in the
 *       others.
 * </ul>
 *
 * <p>Per pattern: {@code rate × documents written per request × entries per document}. Worked
 * number: 100 inserts/s into a collection with an index on {@code lines.sku} whose documents hold 3
 * lines write 300 entries/s in it, and 100/s in {@code _id_}. TTL deletions are not counted: the
 * model gives no rate for them beyond the inserts they mirror.
 */
public final class MongoDbIndexWrites {
  private MongoDbIndexWrites() {}

  /** Returns the entries written per second in index {@code ix} of collection {@code c}. */
  public static double perSecond(MongoDbAnalysis a, MongoDbCollection c, MongoDbIndex ix) {
    double total = 0;
    for (MongoDbPlan plan : a.plans()) {
      if (!(plan.pattern().operation() instanceof Operation.Write w)) {
        continue;
      }
      for (MongoDbPlan.Touch t : plan.touches()) {
        if (t.write() && t.collection().equals(c.name())) {
          total += plan.pattern().ratePerSecond() * t.operations() * perDocument(w, c, ix);
        }
      }
    }
    return total;
  }

  /** Returns the entries written per second in all of {@code c}'s indexes. */
  public static double perSecond(MongoDbAnalysis a, MongoDbCollection c) {
    return c.indexes().stream().mapToDouble(ix -> perSecond(a, c, ix)).sum();
  }

  private static double perDocument(Operation.Write w, MongoDbCollection c, MongoDbIndex ix) {
    double entries = c.documents() > 0 ? Math.max(1, ix.entries() / c.documents()) : 1;
    Optional<MongoDbReadPlanner.View> v = MongoDbReadPlanner.view(c, w.entity());
    boolean whole = w.kind() == Kind.INSERT || w.kind() == Kind.UPSERT || w.kind() == Kind.DELETE;
    if (v.isPresent() && v.get().embed().isPresent()) {
      String prefix = v.get().embed().get().field() + ".";
      boolean inEmbed = ix.fields().stream().anyMatch(f -> f.startsWith(prefix));
      if (!inEmbed) {
        return 0;
      }
      return whole ? 1 : sets(ix, setFields(w, v.get(), c)) ? 2 : 0;
    }
    if (v.isPresent() && whole) {
      return entries;
    }
    List<String> set = v.isPresent() ? setFields(w, v.get(), c) : copyFields(w, c);
    return sets(ix, set) ? 2 * entries : 0;
  }

  private static boolean sets(MongoDbIndex ix, List<String> fields) {
    return ix.fields().stream()
        .anyMatch(x -> fields.stream().anyMatch(f -> x.equals(f) || x.startsWith(f + ".")));
  }

  private static List<String> setFields(
      Operation.Write w, MongoDbReadPlanner.View v, MongoDbCollection c) {
    List<String> out = new ArrayList<>();
    w.set().forEach(s -> out.add(v.fields().getOrDefault(s, s)));
    out.addAll(copyFields(w, c));
    return out;
  }

  /** The fields of {@code c}'s documents that copy an attribute {@code w} sets. */
  private static List<String> copyFields(Operation.Write w, MongoDbCollection c) {
    List<String> out = new ArrayList<>();
    for (String s : w.set()) {
      String source = w.entity() + "." + s;
      for (Attribute x : c.entity().attributes().values()) {
        if (x.copyOf().filter(source::equals).isPresent() && c.holds(x.name())) {
          out.add(c.fieldOf(x.name()));
        }
      }
      for (MongoDbEmbed em : c.embeds()) {
        for (Attribute x : em.entity().attributes().values()) {
          if (x.copyOf().filter(source::equals).isPresent() && em.types().containsKey(x.name())) {
            out.add(em.pathOf(x.name()));
          }
        }
      }
    }
    return out;
  }
}
