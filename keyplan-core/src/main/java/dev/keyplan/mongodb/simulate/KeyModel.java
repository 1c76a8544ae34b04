package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.simulate.Keys;
import dev.keyplan.workload.CompositeKey;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The simulated collection's shard key space, the densities of its documents and inserts over it,
 * and the streams of requests its patterns send, all from the model and its MongoDB analysis.
 *
 * @param documents the documents there at the start
 * @param horizonDocuments the most documents the run can see: the analysis' count at the model's
 *     horizon, or the start plus the run's growth if that is more; what a piece's value count is
 *     sized for
 * @param growthPerSecond documents inserted per second: the insert patterns' rates together, or the
 *     entity's {@code growth:} when no pattern inserts
 * @param notes what the key space assumes, said plainly
 */
record KeyModel(
    KeySpace space,
    Density existing,
    Density inserted,
    List<Stream> streams,
    double documents,
    double horizonDocuments,
    double growthPerSecond,
    List<String> notes) {

  KeyModel {
    streams = List.copyOf(streams);
    notes = List.copyOf(notes);
  }

  /** Builds the key model of collection {@code c}, for a run of {@code seconds}. */
  static KeyModel of(MongoDbAnalysis a, MongoDbCollection c, long seconds) {
    List<String> notes = new ArrayList<>();
    MongoDbDesign.ShardKey key = c.shardKey().orElseThrow();
    Entity e = c.entity();
    String first = key.fields().get(0);
    boolean hashed = key.keys().get(0).kind() == MongoDbDesign.IndexKey.Kind.HASHED;
    Set<String> firstAttrs = c.attributesOf(List.of(first));
    String attribute = firstAttrs.iterator().next();
    double horizon = Math.max(c.documents(), e.count() + e.growthPerSecond() * seconds);
    double distinct = c.keyValues(firstAttrs);
    if (Double.isNaN(distinct)) {
      distinct = horizon;
      notes.add(
          "the model declares no spread for "
              + attribute
              + ": each document is assumed to hold its own value");
    }
    boolean timeOrdered = e.attribute(attribute).map(Attribute::timeOrdered).orElse(false);
    boolean monotonic = !hashed && c.growsWithTime(first);
    Keys data =
        named(
            Keys.of(
                attribute, e.spread().get(attribute), distinct, e.growthPerSecond(), timeOrdered),
            e.attribute(attribute));
    Map<String, Keys> perPattern = new LinkedHashMap<>();
    for (var plan : a.plans()) {
      if (plan.touches().stream().noneMatch(t -> t.collection().equals(c.name()))) {
        continue;
      }
      Spread own = plan.pattern().spread().get(attribute);
      if (own != null) {
        perPattern.put(
            plan.pattern().id(),
            named(
                Keys.of(attribute, own, distinct, plan.pattern().ratePerSecond(), timeOrdered),
                e.attribute(attribute)));
      }
    }
    KeySpace space;
    Suffix suffix = Suffix.of(c, key, firstAttrs, horizon);
    if (monotonic) {
      double perValue = suffix.unique() ? 1 : Math.max(1, horizon / suffix.fullDistinct());
      space = KeySpace.monotonic(first, Math.max(1, e.count() / perValue), perValue);
      notes.add(
          first
              + " grows with time: every insert lands on the chunk holding MaxKey; the documents there at"
              + " the start are spread evenly below it");
    } else {
      space =
          layout(
              first,
              new ValueOrder(hashed, numeric(c, attribute)),
              data,
              perPattern.values(),
              suffix,
              horizon,
              notes);
    }
    Density existing = Density.of(space, data);
    Map<String, Density> densities = new LinkedHashMap<>();
    perPattern.forEach((id, k) -> densities.put(id, Density.of(space, k)));
    Workload.Built w = Workload.of(a, c, space, existing, densities, monotonic);
    notes.addAll(w.notes());
    double growth = w.insertRate() > 0 ? w.insertRate() : e.growthPerSecond();
    if (w.insertRate() > 0
        && Math.abs(w.insertRate() - e.growthPerSecond()) > 1e-9 * Math.max(1, w.insertRate())) {
      notes.add(
          "the insert patterns add "
              + dev.keyplan.model.Units.rate(w.insertRate())
              + " documents, not the entity's growth of "
              + dev.keyplan.model.Units.rate(e.growthPerSecond())
              + ": the run grows the data by the patterns");
    }
    return new KeyModel(
        space, existing, w.inserted(), w.streams(), e.count(), horizon, growth, notes);
  }

  /**
   * The shard key's later fields: how many values they give one first-field value, and the busiest
   * value of the whole key, counted as check counts them ({@code CompositeKey}: belongs_to, per:,
   * else independence; docs/model.md, "Keys of several attributes").
   *
   * @param distinct the later fields' values under one first-field value: the key's values over the
   *     first field's ({@code per: {country: 50}} gives 50; independence the later fields' own
   *     count); +∞ when unknown
   * @param fullDistinct the whole key's values
   * @param belongs the later fields belong_to the first (a user has one country): a first value's
   *     later values are its own, as many as its share of the documents gives
   * @param busiestShare the busiest whole-key value's share of the documents, as check counts it;
   *     NaN when unknown
   */
  record Suffix(
      boolean present,
      boolean unique,
      double distinct,
      double fullDistinct,
      boolean belongs,
      double busiestShare) {
    static Suffix of(
        MongoDbCollection c, MongoDbDesign.ShardKey key, Set<String> firstAttrs, double horizon) {
      Set<String> later =
          new LinkedHashSet<>(c.attributesOf(key.fields().subList(1, key.fields().size())));
      later.removeAll(firstAttrs);
      Set<String> all = new LinkedHashSet<>(firstAttrs);
      all.addAll(later);
      double full = c.keyValues(all);
      boolean unique =
          KeyCounts.identifies(c.entity(), all) || Double.isNaN(full) || full >= horizon * 0.999;
      double firstValues = c.keyValues(firstAttrs);
      double own =
          later.isEmpty()
              ? 1
              : !Double.isNaN(full) && !Double.isNaN(firstValues) && firstValues >= 1
                  ? Math.max(1, full / firstValues)
                  : KeyCounts.distinct(c.entity(), later, horizon);
      boolean belongs =
          !later.isEmpty()
              && later.stream()
                  .allMatch(
                      l ->
                          firstAttrs.stream()
                              .anyMatch(f -> CompositeKey.determines(c.entity(), l, f)));
      return new Suffix(
          !later.isEmpty(),
          unique,
          Double.isNaN(own) ? Double.POSITIVE_INFINITY : own,
          Double.isNaN(full) ? horizon : Math.max(1, full),
          belongs,
          later.isEmpty() || unique ? Double.NaN : c.keyBusiestShare(all));
    }

    /**
     * Returns the distinct shard key values under {@code documents} documents of {@code
     * firstValues} first-field values, of {@code horizon} documents in all.
     */
    double values(double documents, double firstValues, double horizon) {
      if (!present) {
        return firstValues;
      }
      if (unique) {
        return Math.max(firstValues, documents);
      }
      if (belongs) {
        // Each later value has one first value: the first values' share of the documents holds
        // that share of the later values (at least one each, at most one per document).
        return Math.min(
            Math.max(firstValues, documents),
            Math.max(firstValues, fullDistinct * documents / Math.max(1, horizon)));
      }
      return Math.min(Math.max(firstValues, documents), firstValues * distinct);
    }
  }

  /** Lays the heavy values of every spread out in key order, with the tail in the gaps. */
  private static KeySpace layout(
      String field,
      ValueOrder order,
      Keys data,
      java.util.Collection<Keys> others,
      Suffix suffix,
      double horizon,
      List<String> notes) {
    Map<String, Double> position = new LinkedHashMap<>();
    List<Keys> all = new ArrayList<>();
    all.add(data);
    all.addAll(others);
    for (Keys k : all) {
      for (int r = 0; r < k.heavyCount(); r++) {
        String name = k.name(r);
        if (!position.containsKey(name)) {
          position.put(
              name, r < k.names().size() ? order.ofSpelled(name) : order.ofUnspelled(name));
        }
      }
    }
    List<String> names = new ArrayList<>(position.keySet());
    names.sort(
        Comparator.comparingDouble((String n) -> position.get(n))
            .thenComparing(ValueOrder::compareSpelling));
    double[] at = names.stream().mapToDouble(position::get).toArray();
    double[] ones = new double[2 * names.size() + 1];
    java.util.Arrays.fill(ones, 1);
    KeySpace geometry = KeySpace.ordered(field, order, names, at, ones);
    Density d = Density.of(geometry, data);
    double[] values = new double[ones.length];
    for (int i = 0; i < values.length; i++) {
      double docs = horizon * d.mass(i);
      double firstValues = KeySpace.isPoint(i) ? 1 : data.tailCount() * geometry.gapWidth(i);
      values[i] = suffix.values(docs, firstValues, horizon);
    }
    double[] head = new double[ones.length];
    int busiest = -1;
    for (int i = 1; i < values.length; i += 2) {
      busiest = busiest < 0 || d.mass(i) > d.mass(busiest) ? i : busiest;
    }
    double b = suffix.busiestShare();
    if (busiest > 0 && b > 0 && values[busiest] >= 2) {
      // The busiest value of the whole key, as check counts it, is the first value of the busiest
      // first-field value: its documents are b of all, b / mass of the point's.
      double share = b / d.mass(busiest);
      if (share >= 1) {
        values[busiest] = 1;
        notes.add(
            "the busiest shard key value holds more documents than the busiest "
                + field
                + " value; the simulator gives it that value's documents");
      } else if (share > 1 / values[busiest]) {
        head[busiest] = share;
        if (suffix.belongs()) {
          notes.add(
              "the busiest shard key value ("
                  + Units.percent(b)
                  + " of the documents) is placed in the busiest "
                  + field
                  + " value, "
                  + names.get(busiest / 2)
                  + ": the model does not say which value it belongs to");
        }
      }
    }
    return KeySpace.ordered(field, order, names, at, values, head);
  }

  /**
   * Gives an enumeration's values to the unnamed heavy values of an even spread ({@code plan:
   * [free, team]}).
   */
  private static Keys named(Keys k, Optional<Attribute> a) {
    List<String> values = a.map(Attribute::values).orElse(List.of());
    if (values.isEmpty() || k.names().size() >= k.heavyCount()) {
      return k;
    }
    double[] heavy = k.heavy();
    for (int r = k.names().size() + 1; r < heavy.length; r++) {
      if (Math.abs(heavy[r] - heavy[k.names().size()]) > 1e-12) {
        return k;
      }
    }
    List<String> names = new ArrayList<>(k.names());
    for (String v : values) {
      if (names.size() < heavy.length && !names.contains(v)) {
        names.add(v);
      }
    }
    return new Keys(k.attribute(), k.distinct(), heavy, names, k.monotonic());
  }

  private static boolean numeric(MongoDbCollection c, String attribute) {
    String type = c.types().getOrDefault(attribute, "string");
    return type.equals("int")
        || type.equals("long")
        || type.equals("double")
        || type.equals("decimal");
  }
}
