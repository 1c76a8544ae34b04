package dev.keyplan.mongodb.design;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.mongodb.catalog.ImportedIndexes;
import dev.keyplan.mongodb.catalog.ImportedSharding;
import dev.keyplan.mongodb.catalog.IndexesFile;
import dev.keyplan.mongodb.catalog.ShardingFile;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.facts.ExtendedJson;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbDesign.Collection;
import dev.keyplan.mongodb.model.MongoDbDesign.Embed;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Completes a {@code mongodb:} section with its {@code indexes_file} and {@code sharding_file}, as
 * a DynamoDB section is completed by its schema file (docs/mongodb-import.md, "Merge rules"):
 *
 * <ul>
 *   <li>an index of the file is added to its collection's, after the model's; one the model also
 *       declares (same name) must have the same keys and options, and is kept once; one with
 *       another name but the keys and collation of a model index is an error, since MongoDB keeps
 *       one index per key pattern and collation ("db.collection.createIndex()");
 *   <li>a collection's shard key comes from the file when the model gives none; when both do, they
 *       must be equal;
 *   <li>the file's {@code config.shards} count replaces the model's default of 1 shard; another
 *       count written in the model is an error.
 * </ul>
 *
 * <p>Every collection and field the files name must be in the model, so that a misspelling is
 * reported rather than an index silently lost. Problems are thrown together, in file order.
 */
final class MongoDbImport {
  private final Model model;
  private final MongoDbDesign design;
  private final List<Diagnostic> problems = new ArrayList<>();

  private MongoDbImport(Model model, MongoDbDesign design) {
    this.model = model;
    this.design = design;
  }

  /** Returns the design with the files' indexes, shard keys and shard count merged in. */
  static MongoDbDesign merge(Model model, MongoDbDesign design) {
    if (design.indexesFile().isEmpty() && design.shardingFile().isEmpty()) {
      return design;
    }
    return new MongoDbImport(model, design).merge();
  }

  private MongoDbDesign merge() {
    Map<String, List<Index>> indexes = new LinkedHashMap<>();
    Map<String, ShardKey> keys = new LinkedHashMap<>();
    design.collections().forEach(c -> indexes.put(c.name(), new ArrayList<>(c.indexes())));
    design
        .indexesFile()
        .ifPresent(
            p ->
                IndexesFile.read(p, design.indexesFileLocation())
                    .forEach(imported -> indexes(imported, indexes)));
    int shards = design.shards();
    Map<String, List<Zone>> zones = new LinkedHashMap<>();
    if (design.shardingFile().isPresent()) {
      ImportedSharding s =
          ShardingFile.read(design.shardingFile().get(), design.shardingFileLocation());
      if (oneDatabase(s)) {
        s.collections().forEach(c -> shardKey(c, keys));
        s.zones().forEach(z -> zoneRange(s, z, keys, zones));
      }
      if (s.shards().isPresent()
          && design.shards() != 1
          && design.shards() != s.shards().getAsInt()) {
        problems.add(
            new Diagnostic(
                design.shardingFileLocation(),
                "the mongodb design has shards: "
                    + design.shards()
                    + " but the sharding file lists "
                    + s.shards().getAsInt()
                    + " shards ("
                    + s.shardsLocation()
                    + ")"));
      }
      shards = s.shards().orElse(shards);
    }
    List<Collection> out = new ArrayList<>();
    for (Collection c : design.collections()) {
      Optional<ShardKey> key = c.shardKey().or(() -> Optional.ofNullable(keys.get(c.name())));
      List<Zone> zoned = zones(c, key, zones.getOrDefault(c.name(), List.of()), shards);
      if (c.shardKey().isEmpty() && key.isPresent() && shards < 2) {
        problems.add(
            new Diagnostic(
                key.get().location(),
                "collection '"
                    + c.name()
                    + "' is sharded in the sharding"
                    + " file but the mongodb design has "
                    + shards
                    + " shard; give it 'shards: N', or add the config.shards"
                    + " documents to the file"));
      }
      out.add(
          new Collection(
              c.name(),
              c.entity(),
              c.fields(),
              c.allFields(),
              c.embeds(),
              indexes.get(c.name()),
              key,
              zoned,
              c.validation(),
              c.timeSeries(),
              c.computed(),
              c.location()));
    }
    if (!problems.isEmpty()) {
      problems.sort(
          Comparator.comparing((Diagnostic d) -> d.location().file())
              .thenComparingInt(d -> d.location().line())
              .thenComparingInt(d -> d.location().column()));
      throw new InputException(problems);
    }
    return new MongoDbDesign(
        shards,
        design.shardBudget(),
        design.rangeSizeBytes(),
        out,
        design.indexesFile(),
        design.indexesFileLocation(),
        design.shardingFile(),
        design.shardingFileLocation(),
        design.version(),
        design.location());
  }

  private void indexes(ImportedIndexes imported, Map<String, List<Index>> indexes) {
    Optional<Collection> c =
        imported.collection().isPresent()
            ? collection(imported.collection().get(), imported.location(), "indexes file")
            : soleCollection(imported.location());
    if (c.isEmpty()) {
      return;
    }
    Set<String> fields = fieldNames(c.get());
    for (Index ix : imported.indexes()) {
      List<IndexKey> fileKeys = ix.keys();
      Optional<String> unknown =
          fileKeys.stream()
              .map(IndexKey::field)
              .filter(f -> !f.equals("_id") && !f.contains("$**") && !fields.contains(f))
              .findFirst();
      if (unknown.isPresent()) {
        problems.add(
            new Diagnostic(
                ix.location(),
                "index '"
                    + ix.effectiveName()
                    + "' of collection '"
                    + c.get().name()
                    + "' is on '"
                    + unknown.get()
                    + "', no field of the documents of "
                    + c.get().entity()
                    + Suggest.closest(unknown.get(), fields)
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse("")));
        continue;
      }
      Optional<Index> named =
          c.get().indexes().stream()
              .filter(w -> w.effectiveName().equals(ix.effectiveName()))
              .findFirst();
      Optional<Index> sameKeys =
          c.get().indexes().stream()
              .filter(
                  w ->
                      idKeys(c.get(), w.keys()).equals(fileKeys)
                          && w.caseInsensitive() == ix.caseInsensitive())
              .findFirst();
      if (named.isPresent()) {
        same(c.get(), named.get(), ix);
      } else if (sameKeys.isPresent()) {
        problems.add(
            new Diagnostic(
                ix.location(),
                "index '"
                    + ix.effectiveName()
                    + "' of collection '"
                    + c.get().name()
                    + "' has the keys "
                    + text(fileKeys)
                    + " of the model's index '"
                    + sameKeys.get().effectiveName()
                    + "' ("
                    + sameKeys.get().location()
                    + "); MongoDB keeps one index per key"
                    + " pattern and collation: give them one name, or remove one"));
      } else {
        indexes.get(c.get().name()).add(ix);
      }
    }
  }

  /** Reports how an index the model and the file both name differs; the model's is kept. */
  private void same(Collection c, Index written, Index file) {
    List<String> differences = new ArrayList<>();
    if (!idKeys(c, written.keys()).equals(file.keys())) {
      differences.add(
          "keys "
              + text(file.keys())
              + " in the file but "
              + text(written.keys())
              + " in the model");
    }
    if (written.unique() != file.unique()) {
      differences.add(file.unique() ? "unique in the file only" : "unique in the model only");
    }
    if (written.sparse() != file.sparse()) {
      differences.add(file.sparse() ? "sparse in the file only" : "sparse in the model only");
    }
    if (written.ttlSeconds() != file.ttlSeconds()) {
      differences.add(
          "expireAfterSeconds "
              + file.ttlSeconds()
              + " in the file but "
              + written.ttlSeconds()
              + " in the model");
    }
    if (written.caseInsensitive() != file.caseInsensitive()) {
      differences.add(
          file.caseInsensitive()
              ? "case-insensitive in the file only"
              : "case-insensitive in the model only");
    }
    if (!differences.isEmpty()) {
      problems.add(
          new Diagnostic(
              file.location(),
              "index '"
                  + file.effectiveName()
                  + "' of collection '"
                  + c.name()
                  + "' differs from the model's ("
                  + written.location()
                  + "): "
                  + String.join("; ", differences)));
    }
  }

  /**
   * Reports a sharding file whose config.collections and config.tags documents name collections of
   * more than one database, at the first document of the second database. The model names no
   * database, so a collection of the file is matched to the model's by its name alone: with two
   * databases, {@code shop.orders}' shard key would silently be taken for an {@code orders} the
   * model may mean in {@code archive}, or the reverse. (The config and admin databases are left out
   * before this, as every cluster has them.) Returns false when it reported, since every shard key
   * read after would be matched to the wrong collection or repeat the problem.
   */
  private boolean oneDatabase(ImportedSharding s) {
    Map<String, Location> first = new LinkedHashMap<>();
    List<Map.Entry<String, Location>> named = new ArrayList<>();
    s.collections().forEach(c -> named.add(Map.entry(c.namespace(), c.location())));
    s.zones().forEach(z -> named.add(Map.entry(z.namespace(), z.location())));
    named.sort(
        Comparator.comparingInt((Map.Entry<String, Location> e) -> e.getValue().line())
            .thenComparingInt(e -> e.getValue().column()));
    for (Map.Entry<String, Location> e : named) {
      int dot = e.getKey().indexOf('.');
      String database = dot > 0 ? e.getKey().substring(0, dot) : "";
      first.putIfAbsent(database, e.getValue());
      if (first.size() > 1) {
        Map.Entry<String, Location> one = first.entrySet().iterator().next();
        problems.add(
            new Diagnostic(
                e.getValue(),
                "'"
                    + e.getKey()
                    + "' is in database '"
                    + database
                    + "', but the sharding file's first collection is in '"
                    + one.getKey()
                    + "' (line "
                    + one.getValue().line()
                    + ", column "
                    + one.getValue().column()
                    + "); the model names no database and matches collections by name, so"
                    + " keep one database's documents: config.collections.find({_id: /^"
                    + one.getKey()
                    + "\\./})"));
        return false;
      }
    }
    return true;
  }

  private void shardKey(ImportedSharding.Collection imported, Map<String, ShardKey> keys) {
    Optional<Collection> c =
        collection(imported.collection(), imported.location(), "sharding file");
    if (c.isEmpty()) {
      return;
    }
    Set<String> attributes = new LinkedHashSet<>(entity(c.get()).attributes().keySet());
    for (IndexKey k : imported.key().keys()) {
      if (!k.field().equals("_id") && !attributes.contains(k.field())) {
        problems.add(
            new Diagnostic(
                imported.key().location(),
                "the shard key of '"
                    + imported.namespace()
                    + "' is on '"
                    + k.field()
                    + "', no field of the documents of "
                    + c.get().entity()
                    + Suggest.closest(k.field(), attributes)
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse("")));
        return;
      }
    }
    if (keys.containsKey(c.get().name())) {
      problems.add(
          new Diagnostic(
              imported.location(),
              "the sharding file gives collection '"
                  + c.get().name()
                  + "' a second shard key ("
                  + imported.namespace()
                  + "; the first at "
                  + keys.get(c.get().name()).location()
                  + "); keep the documents of one database"));
      return;
    }
    Optional<ShardKey> written = c.get().shardKey();
    if (written.isPresent()
        && !idKeys(c.get(), written.get().keys()).equals(imported.key().keys())) {
      problems.add(
          new Diagnostic(
              written.get().location(),
              "collection '"
                  + c.get().name()
                  + "': shard_key "
                  + text(written.get().keys())
                  + " differs from the sharding file's "
                  + text(imported.key().keys())
                  + " ("
                  + imported.key().location()
                  + ")"));
    }
    keys.put(c.get().name(), imported.key());
  }

  /**
   * Turns one config.tags document into a zone of the model: its bounds over the first shard key
   * field (ImportedSharding.Bound#text) and its shards, the positions of the config.shards
   * documents whose {@code tags} name the zone (ImportedSharding#position).
   */
  private void zoneRange(
      ImportedSharding s,
      ImportedSharding.ZoneRange r,
      Map<String, ShardKey> keys,
      Map<String, List<Zone>> zones) {
    Optional<Collection> c = collection(r.collection(), r.location(), "sharding file");
    if (c.isEmpty()) {
      return;
    }
    Optional<ShardKey> key =
        c.get().shardKey().or(() -> Optional.ofNullable(keys.get(c.get().name())));
    String what = "zone range '" + r.zone() + "' of '" + r.namespace() + "'";
    if (key.isEmpty()) {
      problems.add(
          new Diagnostic(
              r.location(),
              what
                  + ": collection '"
                  + c.get().name()
                  + "' has no shard key, in the model or the sharding file; zones pin shard key"
                  + " ranges to shards"));
      return;
    }
    if (key.get().hashed()) {
      problems.add(
          new Diagnostic(
              r.location(),
              what
                  + ": zones on a hashed shard key are ranges of hashed values; keyplan reads"
                  + " zones on ranged keys only"));
      return;
    }
    List<String> fields = idKeys(c.get(), key.get().keys()).stream().map(IndexKey::field).toList();
    for (ImportedSharding.Bound b : List.of(r.min(), r.max())) {
      if (b.fields().size() > fields.size()
          || !fields.subList(0, b.fields().size()).equals(b.fields())) {
        problems.add(
            new Diagnostic(
                b.location(),
                what
                    + " is bounded on {"
                    + String.join(", ", b.fields())
                    + "} but the shard key is "
                    + text(key.get().keys())));
        return;
      }
    }
    Optional<String> min = r.min().text();
    Optional<String> max = r.max().text();
    for (var b : List.of(Map.entry(r.min(), min), Map.entry(r.max(), max))) {
      if (b.getValue().isEmpty()) {
        problems.add(
            new Diagnostic(
                b.getKey().location(),
                what
                    + ": a bound whose later fields are MaxKey comes after every document of its"
                    + " first value, and keyplan's zones, which bound the first field only, can"
                    + " say that of a string or a whole number but not of "
                    + ExtendedJson.describe(b.getKey().first().getBsonType())
                    + "; not supported"));
        return;
      }
    }
    if (s.shardList().isEmpty()) {
      problems.add(
          new Diagnostic(
              r.location(),
              what
                  + ": the sharding file has no config.shards documents, whose 'tags' say which"
                  + " shards are in the zone; add them to the file"));
      return;
    }
    List<String> on = new ArrayList<>();
    for (ImportedSharding.Shard shard : s.shardList()) {
      if (shard.zones().contains(r.zone()) && !shard.draining()) {
        on.add(Integer.toString(s.position(shard.name()).orElseThrow()));
      }
    }
    if (on.isEmpty()) {
      problems.add(
          new Diagnostic(
              r.location(),
              what
                  + " is on no shard: no config.shards document that is not draining has it in"
                  + " its tags"));
      return;
    }
    zones
        .computeIfAbsent(c.get().name(), k -> new ArrayList<>())
        .add(new Zone(r.zone(), min.get(), max.get(), on, r.location()));
  }

  /**
   * Returns a collection's zones: the model's or the file's, which must be the same when both give
   * some (the model's are kept, with their places); checks what the model reader could not before
   * the file gave the shard key and the shard count.
   */
  private List<Zone> zones(Collection c, Optional<ShardKey> key, List<Zone> imported, int shards) {
    List<Zone> written = c.zones();
    if (!written.isEmpty() && !imported.isEmpty()) {
      List<String> model = written.stream().map(MongoDbImport::zoneText).sorted().toList();
      List<String> file = imported.stream().map(MongoDbImport::zoneText).sorted().toList();
      if (!model.equals(file)) {
        List<String> differences = new ArrayList<>();
        file.stream()
            .filter(z -> !model.contains(z))
            .forEach(z -> differences.add(z + " in the file only"));
        model.stream()
            .filter(z -> !file.contains(z))
            .forEach(z -> differences.add(z + " in the model only"));
        problems.add(
            new Diagnostic(
                written.get(0).location(),
                "collection '"
                    + c.name()
                    + "' has zones in the model and in the sharding file ("
                    + imported.get(0).location()
                    + ") that differ: "
                    + String.join("; ", differences)
                    + "; keep one: remove zones: from the model to take the file's, or leave"
                    + " the config.tags documents out of the file"));
      }
      return written;
    }
    if (!imported.isEmpty()) {
      return imported;
    }
    if (written.isEmpty()) {
      return written;
    }
    // The model reader leaves these to the import when there is a sharding file: the zones may rest
    // on its shard key and shard count.
    Location at = written.get(0).location();
    if (key.isEmpty()) {
      problems.add(
          new Diagnostic(
              at,
              "zones pin shard key ranges to shards; collection '"
                  + c.name()
                  + "' has no shard_key, in the model or the sharding file"));
      return written;
    }
    if (key.get().hashed()) {
      problems.add(
          new Diagnostic(
              at,
              "zones on a hashed shard key are ranges of hashed values; keyplan reads zones on"
                  + " ranged keys only"));
      return written;
    }
    for (Zone z : written) {
      for (String shard : z.shards()) {
        if (Integer.parseInt(shard.replace(",", "").replace("_", "").trim()) >= shards) {
          problems.add(
              new Diagnostic(
                  z.location(),
                  "zone '"
                      + z.name()
                      + "' names shard "
                      + shard
                      + " but the mongodb design has "
                      + shards
                      + " shards (0 to "
                      + (shards - 1)
                      + ")"));
        }
      }
      if (numeric(c, key.get().fields().get(0))) {
        for (String bound : List.of(z.min(), z.max())) {
          if (!bound.equals("MinKey") && !bound.equals("MaxKey") && !isNumber(bound)) {
            problems.add(
                new Diagnostic(
                    z.location(),
                    "zone '"
                        + z.name()
                        + "': the shard key's first field is a number; expected a number,"
                        + " MinKey or MaxKey but found '"
                        + bound
                        + "'"));
          }
        }
      }
    }
    return written;
  }

  /** A zone as messages compare and print it: {@code NA [US, UT) on shards [0, 1]}. */
  private static String zoneText(Zone z) {
    return z.name()
        + " ["
        + z.min().replace("\u0000", "\\u0000")
        + ", "
        + z.max().replace("\u0000", "\\u0000")
        + ") on shards "
        + z.shards().stream()
            .map(s -> Integer.parseInt(s.replace(",", "").replace("_", "").trim()))
            .sorted()
            .toList();
  }

  /**
   * Returns true if {@code field} is stored as a number: by its {@code fields:} type, else its own.
   */
  private boolean numeric(Collection c, String field) {
    return c.fields().stream()
        .filter(f -> f.name().equals(field))
        .findFirst()
        .flatMap(MongoDbDesign.Field::type)
        .or(() -> entity(c).attribute(field).map(a -> a.type()))
        .map(BsonTypes::isNumber)
        .orElse(false);
  }

  private static boolean isNumber(String v) {
    try {
      Double.parseDouble(v.trim());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Returns the model collection a file names: by name, else by the name without its database. */
  private Optional<Collection> collection(String name, Location at, String file) {
    Optional<Collection> c =
        design.collections().stream().filter(x -> x.name().equals(name)).findFirst();
    String bare = name.contains(".") ? name.substring(name.indexOf('.') + 1) : name;
    c = c.or(() -> design.collections().stream().filter(x -> x.name().equals(bare)).findFirst());
    if (c.isEmpty()) {
      List<String> known = design.collections().stream().map(Collection::name).toList();
      problems.add(
          new Diagnostic(
              at,
              "collection '"
                  + name
                  + "' of the "
                  + file
                  + " is not in the mongodb design"
                  + Suggest.closest(bare, known).map(s -> " (did you mean '" + s + "'?)").orElse("")
                  + "; add it under collections:, or leave it out of the file"));
    }
    return c.filter(x -> entity(x) != null);
  }

  private Optional<Collection> soleCollection(Location at) {
    if (design.collections().size() == 1) {
      return Optional.of(design.collections().get(0)).filter(x -> entity(x) != null);
    }
    problems.add(
        new Diagnostic(
            at,
            "an array of getIndexes() output names no collection, and the mongodb design has "
                + design.collections().size()
                + "; map each collection to its indexes: {orders: [ … ], reviews: [ … ]}"));
    return Optional.empty();
  }

  private Entity entity(Collection c) {
    return model.entities().get(c.entity());
  }

  /** Returns the fields the documents can be indexed on: attributes, and embedded ones dotted. */
  private Set<String> fieldNames(Collection c) {
    Set<String> out = new LinkedHashSet<>(entity(c).attributes().keySet());
    for (Embed em : c.embeds()) {
      Entity child = model.entities().get(em.entity());
      if (child != null) {
        child.attributes().keySet().forEach(a -> out.add(em.field() + "." + a));
      }
    }
    return out;
  }

  /**
   * Returns keys written in the model as the server names them: the sole key attribute is {@code
   * _id}.
   */
  private List<IndexKey> idKeys(Collection c, List<IndexKey> keys) {
    List<String> key = entity(c).key();
    return keys.stream()
        .map(
            k ->
                key.size() == 1 && key.get(0).equals(k.field()) ? new IndexKey("_id", k.kind()) : k)
        .toList();
  }

  private static String text(List<IndexKey> keys) {
    return "{"
        + String.join(", ", keys.stream().map(k -> k.field() + ": " + k.kind().text()).toList())
        + "}";
  }
}
