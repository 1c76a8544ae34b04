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
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbDesign.Collection;
import dev.keyplan.mongodb.model.MongoDbDesign.Embed;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
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
    if (design.shardingFile().isPresent()) {
      ImportedSharding s =
          ShardingFile.read(design.shardingFile().get(), design.shardingFileLocation());
      s.collections().forEach(c -> shardKey(c, keys));
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
              c.zones(),
              c.validation(),
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
