package dev.keyplan.mongodb.design;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbDesign.Collection;
import dev.keyplan.mongodb.model.MongoDbDesign.Embed;
import dev.keyplan.mongodb.model.MongoDbDesign.Field;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * Resolves a {@code mongodb:} section into {@link MongoDbCollection}s: each collection's held
 * fields and their BSON types, its embedded entities with element counts, its documents built and
 * measured by the BSON library ({@link DocumentShape}), and its indexes with their entries.
 *
 * <p>The {@code _id} is the entity's key when it is one attribute, else an ObjectId. A TTL index
 * bounds the documents alive to one TTL's worth ({@code Entity.rowsAfter}). Problems (a type an
 * attribute cannot take without a size, a TTL index on a field that is not a date) are thrown
 * together as one {@link InputException}.
 */
final class MongoDbBinder {
  private final Model model;
  private final MongoDbDesign design;
  private final List<Diagnostic> problems = new ArrayList<>();

  MongoDbBinder(Model model, MongoDbDesign design) {
    this.model = model;
    this.design = design;
  }

  List<MongoDbCollection> bind() {
    List<MongoDbCollection> out = new ArrayList<>();
    for (Collection c : design.collections()) {
      collection(c).ifPresent(out::add);
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return out;
  }

  private Optional<MongoDbCollection> collection(Collection c) {
    Entity e = model.entities().get(c.entity());
    if (e == null) {
      return Optional.empty();
    }
    Optional<String> idField = e.key().size() == 1 ? Optional.of(e.key().get(0)) : Optional.empty();
    BsonDocument held = DocumentShape.fields(e, c.fields(), c.allFields(), List.of());
    checkTypes(e, c.fields(), held);
    Map<String, String> types = new LinkedHashMap<>();
    for (String f : held.keySet()) {
      types.put(f, typeOf(e, c.fields(), f));
    }
    if (idField.isPresent() && !held.containsKey(idField.get())) {
      problems.add(
          new Diagnostic(
              c.location(),
              "collection '"
                  + c.name()
                  + "' leaves out "
                  + idField.get()
                  + ", the key of "
                  + e.name()
                  + ", which keyplan stores as _id"));
    }
    BsonDocument root = new BsonDocument("_id", DocumentShape.id(e, idField, held));
    held.forEach(
        (k, v) -> {
          if (!idField.map(k::equals).orElse(false)) {
            root.append(k, v);
          }
        });
    long ttl = c.indexes().stream().mapToLong(Index::ttlSeconds).filter(x -> x > 0).min().orElse(0);
    // A time-series collection stores buckets of measurements: they are its documents.
    Optional<MongoDbTimeSeries> series =
        c.timeSeries()
            .map(
                t ->
                    MongoDbTimeSeries.of(
                        e, t, MongoDbTimeSeries.measurement(root, t), model.horizonSeconds()));
    double documents =
        series.map(MongoDbTimeSeries::buckets).orElse(e.rowsAfter(model.horizonSeconds(), ttl));
    List<MongoDbEmbed> embeds = new ArrayList<>();
    List<String> arrays = new ArrayList<>();
    List<BsonDocument> elements = new ArrayList<>();
    List<Double> typical = new ArrayList<>();
    List<Double> largest = new ArrayList<>();
    for (Embed em : c.embeds()) {
      Entity child = model.entities().get(em.entity());
      if (child == null) {
        continue;
      }
      BsonDocument element = DocumentShape.fields(child, em.fields(), em.allFields(), em.by());
      checkTypes(child, em.fields(), element);
      Map<String, String> childTypes = new LinkedHashMap<>();
      element.keySet().forEach(f -> childTypes.put(f, typeOf(child, em.fields(), f)));
      MongoDbEmbed bound = embed(em, e, child, childTypes, documents);
      embeds.add(bound);
      if (em.many()) {
        arrays.add(em.field());
        elements.add(element);
        typical.add(bound.typical());
        largest.add(bound.busiest());
      } else {
        root.append(em.field(), element);
      }
    }
    long typicalBytes =
        series
            .map(MongoDbTimeSeries::bucketBytes)
            .orElse(DocumentShape.size(root, arrays, elements, typical));
    long largestBytes =
        series
            .map(MongoDbTimeSeries::busiestBucketBytes)
            .orElse(DocumentShape.size(root, arrays, elements, largest));
    if (series.isPresent()) {
      return Optional.of(
          new MongoDbCollection(
              c.name(),
              e,
              idField,
              types,
              embeds,
              MongoDbTimeSeries.indexes(
                  c,
                  c.timeSeries().get(),
                  MongoDbTimeSeries.measurement(root, c.timeSeries().get()),
                  documents),
              c.shardKey(),
              c.zones(),
              c.validation(),
              documents,
              typicalBytes,
              largestBytes,
              documents * typicalBytes,
              series,
              c.computed(),
              c.location()));
    }
    List<MongoDbIndex> indexes = new ArrayList<>();
    indexes.add(
        new MongoDbIndex(
            "_id_",
            List.of(new IndexKey("_id", IndexKey.Kind.ASCENDING)),
            true,
            false,
            Optional.empty(),
            0,
            false,
            true,
            false,
            documents,
            documents * (DocumentShape.fieldBytes("", root.get("_id")) + 8),
            c.location()));
    for (Index ix : c.indexes()) {
      indexes.add(index(c, ix, root, embeds, elements, documents));
    }
    // sh.shardCollection creates the index a shard key needs when none starts with it (MongoDB
    // manual, "Shard Keys": "Shard Key Indexes"); it is written like any other.
    c.shardKey()
        .filter(k -> indexes.stream().noneMatch(ix -> supports(ix, k, idField)))
        .ifPresent(
            k ->
                indexes.add(
                    index(
                        c,
                        new Index(
                            Optional.empty(),
                            k.keys(),
                            false,
                            false,
                            Optional.empty(),
                            0,
                            false,
                            k.location()),
                        root,
                        embeds,
                        elements,
                        documents)));
    return Optional.of(
        new MongoDbCollection(
            c.name(),
            e,
            idField,
            types,
            embeds,
            indexes,
            c.shardKey(),
            c.zones(),
            c.validation(),
            documents,
            typicalBytes,
            largestBytes,
            documents * typicalBytes,
            Optional.empty(),
            c.computed(),
            c.location()));
  }

  /**
   * Element counts per document: a typical parent's {@code rows / distinct(by)}, the busiest's
   * {@code rows × share(by)}, both capped by {@code max}; its growth is the child's growth times
   * that share. The array is bounded when it is one sub-document, has a {@code max}, or its child
   * does not grow or grows only with new parents ({@link KeyCounts#arriveWithNewParents}).
   */
  private MongoDbEmbed embed(
      Embed em, Entity parent, Entity child, Map<String, String> types, double parents) {
    Set<String> by = new LinkedHashSet<>(em.by());
    double rows = child.rowsAfter(model.horizonSeconds(), 0);
    double typical = em.many() ? KeyCounts.typicalPerValue(child, by, rows) : 1;
    if (em.many() && Double.isNaN(typical) && parents > 0) {
      typical = rows / parents;
    }
    double busiest = em.many() ? KeyCounts.busiestPerValue(child, by, rows) : 1;
    if (Double.isNaN(busiest)) {
      busiest = typical;
    }
    double share = KeyCounts.busiestRowShare(child, by, rows);
    double growth =
        em.many() && child.growthPerSecond() > 0
            ? child.growthPerSecond() * (Double.isNaN(share) ? 1 / Math.max(1, parents) : share)
            : 0;
    double children = busiest;
    if (em.max().isPresent()) {
      typical = Math.min(typical, em.max().getAsInt());
      busiest = Math.min(busiest, em.max().getAsInt());
    }
    // A capped array keeps what its $push's $sort and $slice keep; unsaid, the newest by the
    // child's clock, as the Subset pattern keeps "the 10 most recent reviews" (MongoDB manual,
    // https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/subset-pattern/).
    Optional<MongoDbDesign.Kept> keeps =
        em.max().isEmpty()
            ? Optional.empty()
            : em.keeps()
                .or(
                    () ->
                        child.attributes().values().stream()
                            .filter(a -> a.timeOrdered())
                            .findFirst()
                            .map(a -> new MongoDbDesign.Kept(a.name(), true, false)));
    boolean bounded =
        !em.many()
            || em.max().isPresent()
            || child.growthPerSecond() == 0
            || KeyCounts.arriveWithNewParents(child, parent, em.by());
    return new MongoDbEmbed(
        em.field(),
        child,
        em.many(),
        em.by(),
        types,
        typical,
        busiest,
        bounded ? 0 : growth,
        em.max(),
        bounded,
        children,
        keeps,
        em.overflow(),
        em.location());
  }

  private MongoDbIndex index(
      Collection c,
      Index ix,
      BsonDocument root,
      List<MongoDbEmbed> embeds,
      List<BsonDocument> elements,
      double documents) {
    // The id attribute is stored as _id: an index written on its name indexes _id.
    Optional<String> id =
        model.entities().get(c.entity()).key().size() == 1
            ? Optional.of(model.entities().get(c.entity()).key().get(0))
            : Optional.empty();
    List<IndexKey> keys =
        ix.keys().stream()
            .map(k -> id.filter(k.field()::equals).isPresent() ? new IndexKey("_id", k.kind()) : k)
            .toList();
    boolean multikey = false;
    double perDocument = 1;
    double keyBytes = 0;
    for (IndexKey k : keys) {
      String f = k.field();
      int dot = f.indexOf('.');
      if (dot > 0) {
        String head = f.substring(0, dot);
        Optional<MongoDbEmbed> em = embeds.stream().filter(x -> x.field().equals(head)).findFirst();
        if (em.isPresent() && em.get().many()) {
          multikey = true;
          perDocument = Math.max(perDocument, em.get().typical());
        }
        BsonValue v =
            em.flatMap(x -> embeddedValue(x, f.substring(dot + 1))).orElse(new BsonInt64(0));
        keyBytes += DocumentShape.fieldBytes("", v);
      } else if (root.containsKey(f)) {
        keyBytes += DocumentShape.fieldBytes("", root.get(f));
      }
    }
    if (ix.ttlSeconds() > 0) {
      String f = ix.keys().get(0).field();
      Entity e = model.entities().get(c.entity());
      String type = e.attribute(f).map(a -> typeOf(e, c.fields(), f)).orElse("?");
      if (!type.equals("date")) {
        problems.add(
            new Diagnostic(
                ix.location(),
                "a TTL index needs a date field; '"
                    + f
                    + "' is stored as "
                    + type
                    + " (MongoDB manual, \"TTL Indexes\": documents without a date in the field never expire)"));
      }
    }
    // A partial index holds the documents its filter matches, a sparse one those holding one of
    // its fields (IndexFilter); every other index one entry per document (or array element).
    Entity entity = model.entities().get(c.entity());
    double held = 1;
    if (ix.partial().isPresent()) {
      held =
          IndexFilter.share(
              ix.partial().get(),
              entity,
              f -> f.equals("_id") ? id : f.contains(".") ? Optional.empty() : Optional.of(f));
    } else if (ix.sparse()) {
      held =
          IndexFilter.sparseShare(
              ix.keys().stream()
                  .map(k -> entity.attribute(k.field()))
                  .flatMap(Optional::stream)
                  .toList());
    }
    double entries = documents * perDocument * held;
    // Named after the keys as stored: an unnamed index on the id attribute is MongoDB's a__id_1.
    return new MongoDbIndex(
        ix.name().orElseGet(() -> Index.defaultName(keys)),
        keys,
        ix.unique(),
        ix.sparse(),
        ix.partial(),
        ix.ttlSeconds(),
        ix.caseInsensitive(),
        false,
        multikey,
        entries,
        entries * (keyBytes + 8),
        ix.location());
  }

  /**
   * Returns true if {@code ix} starts with shard key {@code key}, field by field, hashed where the
   * key is.
   */
  private static boolean supports(MongoDbIndex ix, ShardKey key, Optional<String> idField) {
    if (ix.keys().size() < key.keys().size()) {
      return false;
    }
    for (int i = 0; i < key.keys().size(); i++) {
      IndexKey k = key.keys().get(i);
      String field = idField.filter(k.field()::equals).map(x -> "_id").orElse(k.field());
      IndexKey x = ix.keys().get(i);
      boolean hashed = k.kind() == IndexKey.Kind.HASHED;
      if (!x.field().equals(field)
          || hashed != (x.kind() == IndexKey.Kind.HASHED)
          || x.kind() == IndexKey.Kind.TEXT
          || x.kind() == IndexKey.Kind.GEO_2DSPHERE) {
        return false;
      }
    }
    return true;
  }

  private Optional<BsonValue> embeddedValue(MongoDbEmbed em, String attribute) {
    return em.entity()
        .attribute(attribute)
        .flatMap(a -> BsonTypes.value(a, Optional.empty(), OptionalLong.empty()));
  }

  private static String typeOf(Entity e, List<Field> fields, String attribute) {
    return fields.stream()
        .filter(f -> f.name().equals(attribute))
        .findFirst()
        .flatMap(Field::type)
        .orElseGet(() -> BsonTypes.natural(e.attribute(attribute).orElseThrow()));
  }

  /**
   * Reports an override the attribute cannot take without a size, which left it out of the
   * document.
   */
  private void checkTypes(Entity e, List<Field> fields, BsonDocument held) {
    for (Field f : fields) {
      if (f.type().isPresent()
          && !held.containsKey(f.name())
          && e.attribute(f.name()).isPresent()) {
        problems.add(
            new Diagnostic(
                f.location(),
                "attribute '"
                    + f.name()
                    + "' of type "
                    + e.attribute(f.name()).get().type()
                    + " cannot be stored as "
                    + f.type().get()
                    + " without a size: write {type: "
                    + f.type().get()
                    + ", size: 16B}"));
      }
    }
  }
}
