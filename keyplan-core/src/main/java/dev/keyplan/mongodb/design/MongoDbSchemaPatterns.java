package dev.keyplan.mongodb.design;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbSchemaPattern.Kind;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recognises MongoDB's schema patterns in a bound design (docs/model.md, "Schema patterns"), and
 * answers what the read planner needs of them: whether a capped array can answer a read (Subset),
 * and which time attribute groups a Bucket.
 *
 * <p>From structure, with no declaration: <b>Subset</b>, an array with {@code max: N} whose entity
 * is also a collection of its own; <b>Attribute</b>, an array with a multikey index over two or
 * more of its paths (name and value); <b>Bucket</b>, an array whose parent is keyed by a time
 * attribute the elements point at ({@code by: [device_id, hour]}); <b>Extended Reference</b>, an
 * embedded entity holding {@code copy_of} copies of an entity another collection stores. Declared:
 * <b>Computed</b> ({@code computed:} on a collection) and <b>Outlier</b> ({@code overflow: true} on
 * a capped array).
 */
final class MongoDbSchemaPatterns {
  private MongoDbSchemaPatterns() {}

  /** The time attribute that groups a Bucket: the parent's, the elements' pointer and their own. */
  record BucketTime(String parentAttribute, String byAttribute, String elementAttribute) {}

  /** Every pattern the collections use, in collection and field order. */
  static List<MongoDbSchemaPattern> recognise(List<MongoDbCollection> collections) {
    List<MongoDbSchemaPattern> out = new ArrayList<>();
    for (MongoDbCollection c : collections) {
      for (MongoDbEmbed em : c.embeds()) {
        of(collections, c, em).forEach(out::add);
      }
      for (MongoDbDesign.Computed x : c.computed()) {
        out.add(
            new MongoDbSchemaPattern(
                Kind.COMPUTED,
                c.name(),
                x.attribute(),
                "Computed: "
                    + c.name()
                    + "."
                    + x.attribute()
                    + " is kept from "
                    + x.from()
                    + "'s writes: each also updates its "
                    + c.entity().name()
                    + " document, and a count of "
                    + x.from()
                    + " by "
                    + String.join(", ", c.entity().key())
                    + " reads it instead"));
      }
    }
    return out;
  }

  /** The patterns one embed takes part in. */
  static List<MongoDbSchemaPattern> of(
      List<MongoDbCollection> collections, MongoDbCollection c, MongoDbEmbed em) {
    List<MongoDbSchemaPattern> out = new ArrayList<>();
    String where = c.name() + "." + em.field();
    String child = em.entity().name();
    Optional<MongoDbCollection> full = fullCollection(collections, em);
    if (em.max().isPresent() && full.isPresent()) {
      out.add(
          new MongoDbSchemaPattern(
              Kind.SUBSET,
              c.name(),
              em.field(),
              "Subset: "
                  + where
                  + " keeps "
                  + kept(em)
                  + "; every "
                  + child
                  + " is in "
                  + full.get().name()));
    }
    if (em.overflow()) {
      double rest = Math.max(0, em.children() - em.max().getAsInt());
      out.add(
          new MongoDbSchemaPattern(
              Kind.OUTLIER,
              c.name(),
              em.field(),
              "Outlier: "
                  + where
                  + " keeps "
                  + Units.count(em.max().getAsInt())
                  + " "
                  + child
                  + " in the document; the busiest "
                  + c.entity().name()
                  + "'s other "
                  + Units.count(Math.ceil(rest))
                  + " are in "
                  + Units.count(overflowDocuments(em))
                  + " overflow documents of "
                  + Units.count(em.max().getAsInt())));
    }
    bucketTime(c, em)
        .ifPresent(
            t ->
                out.add(
                    new MongoDbSchemaPattern(
                        Kind.BUCKET,
                        c.name(),
                        em.field(),
                        "Bucket: "
                            + where
                            + " groups "
                            + child
                            + " by "
                            + String.join(" and ", em.by())
                            + ", "
                            + Units.count(em.typical())
                            + " a bucket; a range or order on "
                            + t.elementAttribute()
                            + " reads the buckets of its "
                            + t.parentAttribute())));
    attributeIndex(c, em)
        .ifPresent(
            ix ->
                out.add(
                    new MongoDbSchemaPattern(
                        Kind.ATTRIBUTE,
                        c.name(),
                        em.field(),
                        "Attribute: "
                            + where
                            + " holds name/value pairs, indexed by "
                            + ix.name()
                            + " (one multikey index for every name; query a pair with $elemMatch)")));
    List<String> copies = new ArrayList<>();
    Set<String> sources = new LinkedHashSet<>();
    for (String a : em.types().keySet()) {
      Optional<String> copy = em.entity().attribute(a).flatMap(Attribute::copyOf);
      if (copy.isPresent()) {
        String source = copy.get().split("\\.", 2)[0];
        collections.stream()
            .filter(x -> x != c && x.entity().name().equals(source))
            .findFirst()
            .ifPresent(
                x -> {
                  copies.add(a);
                  sources.add(source + " (" + x.name() + ")");
                });
      }
    }
    if (!copies.isEmpty()) {
      out.add(
          new MongoDbSchemaPattern(
              Kind.EXTENDED_REFERENCE,
              c.name(),
              em.field(),
              "Extended Reference: "
                  + where
                  + " copies "
                  + String.join(", ", copies)
                  + " of "
                  + String.join(", ", sources)
                  + ": read with its "
                  + c.entity().name()
                  + ", no $lookup; an update of those attributes also writes "
                  + c.name()));
    }
    return out;
  }

  /** The collection whose documents are every element of {@code em}, if one is. */
  static Optional<MongoDbCollection> fullCollection(
      List<MongoDbCollection> collections, MongoDbEmbed em) {
    return collections.stream()
        .filter(x -> x.entity().name().equals(em.entity().name()))
        .findFirst();
  }

  /** "the 10 newest by date", "the 10 first by rank asc", or "10 in an unsaid order". */
  static String kept(MongoDbEmbed em) {
    int n = em.max().getAsInt();
    if (em.keeps().isEmpty()) {
      return Units.count(n) + " " + em.entity().name() + " in an order the model does not say";
    }
    MongoDbDesign.Kept k = em.keeps().get();
    return "the "
        + Units.count(n)
        + " "
        + (k.descending() ? "newest" : "oldest")
        + " "
        + em.entity().name()
        + " by "
        + k.attribute()
        + (k.declared() ? "" : " (assumed: say keeps: if the $push sorts otherwise)");
  }

  /**
   * Overflow documents of the busiest parent of an Outlier: the children past {@code max} in
   * documents of {@code max} each, {@code ⌈(children − max) / max⌉} (the manual's extra_sales
   * documents).
   */
  static double overflowDocuments(MongoDbEmbed em) {
    int max = em.max().getAsInt();
    return Math.ceil(Math.max(0, em.children() - max) / max);
  }

  /**
   * Returns why a capped array cannot answer {@code r}, or empty if it can: the array holds only
   * the {@code max} elements it keeps, so it answers a read that needs at most that many, in the
   * order it keeps them, restricted by nothing but the parent's key. Anything else would return
   * wrong results (issue 17: "a page of 20 reviews is served from the 10-element array"). An array
   * that holds every child (its busiest parent below {@code max}) or keeps the rest in overflow
   * documents (Outlier) answers every read.
   */
  static Optional<String> refusal(Operation.Read r, MongoDbCollection c, MongoDbEmbed em) {
    return em.overflow() ? Optional.empty() : beyondCap(r, c, em);
  }

  /**
   * Returns why {@code r} needs more of a capped array than the {@code max} it keeps in the
   * document, or empty if the kept ones answer it; overflow documents left aside.
   */
  static Optional<String> beyondCap(Operation.Read r, MongoDbCollection c, MongoDbEmbed em) {
    if (!partial(c, em)) {
      return Optional.empty();
    }
    int n = em.max().getAsInt();
    String prefix = c.name() + "." + em.field() + " keeps " + kept(em) + " (max: " + n + "): ";
    if (r.count()) {
      return Optional.of(prefix + "a count needs every " + em.entity().name());
    }
    List<String> others =
        r.where().stream()
            .map(Operation.Condition::attribute)
            .filter(a -> !em.by().contains(a))
            .distinct()
            .toList();
    if (!others.isEmpty()) {
      return Optional.of(
          prefix
              + "the ones matching "
              + String.join(", ", others)
              + " may be among those it dropped");
    }
    if (r.limit().isEmpty() || r.limit().getAsInt() > n) {
      return Optional.of(
          prefix
              + (r.limit().isEmpty()
                  ? "the read needs every " + em.entity().name() + " of its " + c.entity().name()
                  : "the read needs " + Units.count(r.limit().getAsInt())));
    }
    List<Operation.Order> order =
        r.orderBy().stream().filter(o -> !em.by().contains(o.attribute())).toList();
    if (order.isEmpty()) {
      return Optional.empty();
    }
    Optional<MongoDbDesign.Kept> k = em.keeps();
    if (k.isEmpty()) {
      return Optional.of(prefix + "the order it keeps is not said (keeps: attribute desc)");
    }
    Operation.Order o = order.get(0);
    if (order.size() > 1
        || !o.attribute().equals(k.get().attribute())
        || o.descending() != k.get().descending()) {
      return Optional.of(
          prefix
              + "the read orders by "
              + String.join(
                  ", ",
                  order.stream().map(x -> x.attribute() + (x.descending() ? " desc" : "")).toList())
              + ", the array keeps by "
              + k.get().text());
    }
    return Optional.empty();
  }

  /**
   * Returns true if {@code em} holds only some of its parent's children: capped ({@link
   * MongoDbEmbed#capped}) and not a Bucket, whose {@code max} bounds a bucket that the next bucket
   * continues, not the children kept.
   */
  static boolean partial(MongoDbCollection c, MongoDbEmbed em) {
    return em.capped() && bucketTime(c, em).isEmpty();
  }

  /**
   * Returns the time attribute that groups {@code em} as a Bucket: a key attribute of the parent of
   * a time type that the elements point at through {@code by}, and a time attribute of the elements
   * themselves (the reading's {@code ts} in the hour's {@code hour} bucket).
   */
  static Optional<BucketTime> bucketTime(MongoDbCollection c, MongoDbEmbed em) {
    if (!em.many()) {
      return Optional.empty();
    }
    List<String> parentKey = c.entity().key();
    for (int i = 0; i < em.by().size() && i < parentKey.size(); i++) {
      Optional<Attribute> pa = c.entity().attribute(parentKey.get(i));
      if (pa.isEmpty() || !isTime(pa.get())) {
        continue;
      }
      String by = em.by().get(i);
      Optional<Attribute> own =
          em.entity().attributes().values().stream()
              .filter(a -> !em.by().contains(a.name()) && isTime(a))
              .findFirst();
      if (own.isPresent()) {
        return Optional.of(new BucketTime(pa.get().name(), by, own.get().name()));
      }
    }
    return Optional.empty();
  }

  private static boolean isTime(Attribute a) {
    return a.timeOrdered()
        || a.type().equals("timestamp")
        || a.type().equals("date")
        || a.type().equals("timeuuid");
  }

  /** A multikey index over two or more paths of array {@code em}: name and value. */
  private static Optional<MongoDbIndex> attributeIndex(MongoDbCollection c, MongoDbEmbed em) {
    if (!em.many()) {
      return Optional.empty();
    }
    String prefix = em.field() + ".";
    return c.indexes().stream()
        .filter(
            ix ->
                ix.multikey()
                    && ix.fields().stream().filter(f -> f.startsWith(prefix)).count() >= 2)
        .findFirst();
  }
}
