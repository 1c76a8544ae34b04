package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.catalog.LocatedBson.Member;
import dev.keyplan.mongodb.catalog.LocatedBson.Node;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads a {@code sharding_file}: documents of the config database's {@code collections} collection
 * (MongoDB manual, "config.collections": {@code _id} is the namespace {@code "db.coll"}, {@code
 * key} the shard key pattern), and optionally of {@code config.shards} (a document with {@code
 * host} and no {@code key}, "config.shards"), which give the shard count.
 *
 * <p>Shapes: an array of such documents (what {@code find().toArray()} prints), one document, or
 * one document per line (what {@code mongoexport} writes). Left out: collections of the {@code
 * config} and {@code admin} databases and {@code system.*} ones (every cluster shards {@code
 * config.system.sessions}), documents marked {@code dropped: true} (servers before 5.0 kept those),
 * and ones marked {@code unsplittable: true} (8.0 tracks unsharded collections there too, with key
 * {@code {_id: 1}}). A draining shard is leaving the cluster and is not counted.
 */
public final class ShardingFile {
  private ShardingFile() {}

  /** Returns what the file says; a missing file is an error at {@code namedAt}. */
  public static ImportedSharding read(Path path, Location namedAt) {
    return read(path.toString(), CatalogFile.text(path, namedAt, "sharding file"));
  }

  static ImportedSharding read(String file, String text) {
    LocatedBson.Values values = LocatedBson.read(file, text);
    Node top = values.values().get(0);
    List<Node> docs = !values.perLine() && top.value().isArray() ? top.elements() : values.values();
    List<Diagnostic> problems = new ArrayList<>();
    List<ImportedSharding.Collection> out = new ArrayList<>();
    int shards = 0;
    Location shardsAt = Location.NONE;
    for (Node d : docs) {
      if (!d.value().isDocument()) {
        problems.add(
            new Diagnostic(
                d.location(),
                "expected a config.collections document such as {_id:"
                    + " \"shop.orders\", key: {customer_id: \"hashed\"}}, found "
                    + CatalogFile.describe(d.value())));
        continue;
      }
      if (d.member("host").isPresent() && d.member("key").isEmpty()) {
        if (!IndexDocument.flag(d, "draining", problems)) {
          shardsAt = shards == 0 ? d.location() : shardsAt;
          shards++;
        }
        continue;
      }
      collection(d, problems).ifPresent(out::add);
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return new ImportedSharding(
        out, shards == 0 ? OptionalInt.empty() : OptionalInt.of(shards), shardsAt);
  }

  private static Optional<ImportedSharding.Collection> collection(
      Node d, List<Diagnostic> problems) {
    Optional<Member> id = d.member("_id");
    if (id.isEmpty()
        || !id.get().value().value().isString()
        || !id.get().value().value().asString().getValue().contains(".")) {
      problems.add(
          new Diagnostic(
              id.map(Member::location).orElse(d.location()),
              "a config.collections document"
                  + " needs '_id', the namespace such as \"shop.orders\"; found "
                  + id.map(m -> CatalogFile.describe(m.value().value()))
                      .orElse(
                          "the members "
                              + String.join(
                                  ", ", d.members().stream().map(Member::name).toList()))));
      return Optional.empty();
    }
    String namespace = id.get().value().value().asString().getValue();
    String database = namespace.substring(0, namespace.indexOf('.'));
    String collection = CatalogFile.collectionOf(namespace);
    if (database.equals("config")
        || database.equals("admin")
        || collection.startsWith("system.")
        || IndexDocument.flag(d, "dropped", problems)
        || IndexDocument.flag(d, "unsplittable", problems)) {
      return Optional.empty();
    }
    Optional<Member> key = d.member("key");
    if (key.isEmpty()) {
      problems.add(
          new Diagnostic(
              d.location(),
              "the config.collections document of '"
                  + namespace
                  + "' needs"
                  + " 'key', its shard key such as key: {customer_id: \"hashed\"}"));
      return Optional.empty();
    }
    int before = problems.size();
    List<IndexKey> keys = IndexDocument.keys(key.get(), "shard key", problems);
    for (IndexKey k : keys) {
      if (k.kind() != IndexKey.Kind.ASCENDING && k.kind() != IndexKey.Kind.HASHED) {
        Location at =
            key.get().value().member(k.field()).map(Member::location).orElse(key.get().location());
        problems.add(
            new Diagnostic(
                at, "a shard key field is 1 (ranged) or \"hashed\", not " + k.kind().text()));
      }
    }
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new ImportedSharding.Collection(
            namespace, collection, new ShardKey(keys, key.get().location()), d.location()));
  }
}
