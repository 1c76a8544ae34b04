package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Spread;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.design.MongoDbFields;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The documents loaded into one collection, in blocks shaped by keyplan's spreads:
 *
 * <ul>
 *   <li>{@code base}: documents of their own, {@code maxRows / 10} of them (at least 10, at most
 *       the collection's predicted documents), for reads that name one document and for scans;
 *   <li>for every set of attributes a read restricts by equality (and the shard key) that does not
 *       name one document: a {@code busiest} block sharing the busiest value, keyplan's busiest
 *       count at the horizon ({@code KeyCounts.busiestPerValue}) scaled down to at most {@code
 *       maxRows}, and a {@code typical} block sharing another value, keyplan's typical count
 *       ({@code typicalPerValue}), also at most {@code maxRows};
 *   <li>{@code largest}: one document with the busiest parent's arrays, when keyplan's largest
 *       document differs from its typical one and fits 16 MiB.
 * </ul>
 */
final class CollectionLoad {
  /** A run of consecutive documents sharing the values of {@code attributes}. */
  record Block(
      String role,
      Set<String> attributes,
      Map<String, BsonValue> values,
      int from,
      int to,
      double predicted) {
    int size() {
      return to - from;
    }

    /** The loaded documents over keyplan's count at the horizon (1 when not scaled). */
    double scale() {
      return Double.isNaN(predicted) || predicted <= 0 ? 1 : Math.min(1, size() / predicted);
    }
  }

  final MongoDbCollection collection;
  final DocumentFactory factory;
  final List<BsonDocument> documents = new ArrayList<>();
  final List<Block> blocks = new ArrayList<>();
  final List<String> notes = new ArrayList<>();

  CollectionLoad(MongoDbAnalysis a, MongoDbCollection c, int maxRows, long seed) {
    this.collection = c;
    this.factory = new DocumentFactory(a, c, seed);
    add("base", Set.of(), Map.of(), base(c, maxRows), c.documents(), false);
    for (Set<String> s : groupings(a, c)) {
      Entity e = c.entity();
      double busiest = KeyCounts.busiestPerValue(e, s, c.documents());
      double typical = KeyCounts.typicalPerValue(e, s, c.documents());
      if (Double.isNaN(busiest) || Double.isNaN(typical)) {
        notes.add(
            c.name()
                + ": the spread of "
                + String.join(", ", s)
                + " is not declared; 10 documents share each of its two"
                + " values loaded");
      }
      add("busiest", s, groupValues(s, true), count(busiest, maxRows), busiest, false);
      add("typical", s, groupValues(s, false), count(typical, maxRows), typical, false);
    }
    if (largest(c)) {
      if (c.largestBytes() <= MongoDbLimits.MAX_DOCUMENT_BYTES) {
        add("largest", Set.of(), Map.of(), 1, 1, true);
      } else {
        notes.add(
            c.name()
                + ": keyplan's largest document ("
                + dev.keyplan.model.Units.bytes(c.largestBytes())
                + ") is over MongoDB's 16 MiB, so it is not loaded");
      }
    }
  }

  /**
   * The documents the constructor loads for {@code c}, counted without making them: what the load
   * budget estimates before an engine is reached ({@link dev.keyplan.verify.LoadBudget}).
   */
  static long documents(MongoDbAnalysis a, MongoDbCollection c, int maxRows) {
    long n = base(c, maxRows);
    for (Set<String> s : groupings(a, c)) {
      Entity e = c.entity();
      n += count(KeyCounts.busiestPerValue(e, s, c.documents()), maxRows);
      n += count(KeyCounts.typicalPerValue(e, s, c.documents()), maxRows);
    }
    return n + (largest(c) && c.largestBytes() <= MongoDbLimits.MAX_DOCUMENT_BYTES ? 1 : 0);
  }

  /**
   * The base block's documents: a tenth of {@code maxRows}, at least 10, at most the collection's.
   */
  private static int base(MongoDbCollection c, int maxRows) {
    return (int) Math.max(1, Math.min(Math.round(c.documents()), Math.max(10, maxRows / 10)));
  }

  /** Whether a largest document differs from the typical one (arrays that grow). */
  private static boolean largest(MongoDbCollection c) {
    return c.embeds().stream().anyMatch(MongoDbEmbed::many) && c.largestBytes() > c.typicalBytes();
  }

  /** Returns the block of {@code role} over exactly {@code attributes}, if one was loaded. */
  Optional<Block> block(String role, Set<String> attributes) {
    return blocks.stream()
        .filter(b -> b.role().equals(role) && b.attributes().equals(attributes))
        .findFirst();
  }

  /** Returns the block called {@code base}. */
  Block base() {
    return blocks.get(0);
  }

  private void add(
      String role,
      Set<String> attributes,
      Map<String, BsonValue> values,
      int n,
      double predicted,
      boolean largest) {
    int from = documents.size();
    for (int i = 0; i < n; i++) {
      documents.add(factory.make(documents.size(), values, largest));
    }
    blocks.add(new Block(role, attributes, values, from, documents.size(), predicted));
  }

  private static int count(double predicted, int maxRows) {
    return Double.isNaN(predicted)
        ? 10
        : (int) Math.max(1, Math.min(maxRows, Math.round(predicted)));
  }

  /**
   * The attribute sets that group documents: each read's equality attributes on this collection (an
   * embedded entity's pointer counted as its parent's key), and the shard key's; only sets of the
   * collection's own attributes that do not name one document.
   */
  static List<Set<String>> groupings(MongoDbAnalysis a, MongoDbCollection c) {
    Set<Set<String>> out = new LinkedHashSet<>();
    for (MongoDbPlan p : a.plans()) {
      if (p.pattern().operation() instanceof Operation.Read r
          && p.collection().equals(Optional.of(c.name()))) {
        out.add(rootEqualities(c, r));
      }
    }
    c.shardKey().ifPresent(k -> out.add(new TreeSet<>(c.attributesOf(k.fields()))));
    List<Set<String>> result = new ArrayList<>();
    for (Set<String> s : out) {
      boolean own = !s.isEmpty() && s.stream().allMatch(x -> c.entity().attribute(x).isPresent());
      if (own && !KeyCounts.identifies(c.entity(), s)) {
        result.add(s);
      }
    }
    return result;
  }

  /**
   * The root attributes {@code r} restricts by equality: its own, or its parent pointer's parent
   * key.
   */
  static Set<String> rootEqualities(MongoDbCollection c, Operation.Read r) {
    Set<String> s = new TreeSet<>();
    Optional<MongoDbFields.View> v = MongoDbFields.of(c, r.entity());
    for (Operation.Condition x : r.where()) {
      if (x.comparison() != Operation.Comparison.EQ && x.comparison() != Operation.Comparison.IN) {
        continue;
      }
      if (v.isPresent() && v.get().embed().isPresent()) {
        int i = v.get().embed().get().by().indexOf(x.attribute());
        if (i >= 0 && i < c.entity().key().size()) {
          s.add(c.entity().key().get(i));
        }
      } else {
        s.add(x.attribute());
      }
    }
    return s;
  }

  /**
   * The values a block's documents share: for an enumeration, its busiest named value (or its
   * first) for the busiest block and another for the typical; else a value drawn for the block.
   */
  private Map<String, BsonValue> groupValues(Set<String> attributes, boolean busiest) {
    Map<String, BsonValue> out = new LinkedHashMap<>();
    Entity e = collection.entity();
    long n = -(blocks.size() + 1) * 7_919L;
    for (String a : attributes) {
      var attribute = e.attribute(a).orElseThrow();
      BsonValue rep = factory.held().get(a);
      if (rep == null) {
        continue;
      }
      if (!attribute.values().isEmpty() && rep.isString()) {
        List<String> values = attribute.values();
        String top =
            Optional.ofNullable(e.spread().get(a))
                .map(Spread::shares)
                .orElse(Map.of())
                .entrySet()
                .stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse(values.get(0));
        String other = values.stream().filter(x -> !x.equals(top)).findFirst().orElse(top);
        out.put(a, new BsonString(busiest ? top : other));
      } else {
        out.put(a, factory.fresh(a, n));
      }
    }
    return out;
  }
}
