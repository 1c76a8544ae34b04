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
import org.bson.BsonValue;

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
 *
 * <p>Zones: a {@code config.shards} document's {@code tags} are the zones the shard is in, and each
 * {@code config.tags} document ({@code ns}, {@code min}, {@code max}, {@code tag}) one range of
 * shard key values in a zone (MongoDB manual, "Config Database",
 * https://www.mongodb.com/docs/manual/reference/config-database/; "Manage Shard Zones",
 * https://www.mongodb.com/docs/manual/tutorial/manage-shard-zone/, whose "View Existing Zones"
 * queries these two collections). A bound over several shard key fields is read when its later
 * fields are all MinKey or all MaxKey (as in the manual's "Segmenting Data by Location": {@code
 * {country: "US", userid: MinKey}} to {@code {country: "US", userid: MaxKey}}), or when it names a
 * prefix of the key; other bounds are an error that says so, since keyplan's zones bound the first
 * field only.
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
    List<ImportedSharding.Shard> shardList = new ArrayList<>();
    List<ImportedSharding.ZoneRange> zones = new ArrayList<>();
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
        boolean draining = IndexDocument.flag(d, "draining", problems);
        if (!draining) {
          shardsAt = shards == 0 ? d.location() : shardsAt;
          shards++;
        }
        shard(d, draining, problems).ifPresent(shardList::add);
        continue;
      }
      if (d.member("tag").isPresent() && d.member("key").isEmpty()) {
        zoneRange(d, problems).ifPresent(zones::add);
        continue;
      }
      collection(d, problems).ifPresent(out::add);
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return new ImportedSharding(
        out,
        shards == 0 ? OptionalInt.empty() : OptionalInt.of(shards),
        shardsAt,
        shardList,
        zones);
  }

  /** Reads a config.shards document: its name and the zones in its {@code tags}. */
  private static Optional<ImportedSharding.Shard> shard(
      Node d, boolean draining, List<Diagnostic> problems) {
    Optional<String> name = string(d, "_id", "the shard's name such as \"shard01\"", problems);
    List<String> tags = new ArrayList<>();
    Optional<Member> t = d.member("tags");
    if (t.isPresent()) {
      if (!t.get().value().value().isArray()) {
        problems.add(
            new Diagnostic(
                t.get().location(),
                "'tags' of a config.shards document is the list of the shard's zones, such as"
                    + " [\"NYC\"], found "
                    + CatalogFile.describe(t.get().value().value())));
      } else {
        for (Node z : t.get().value().elements()) {
          if (z.value().isString()) {
            tags.add(z.value().asString().getValue());
          } else {
            problems.add(
                new Diagnostic(
                    z.location(),
                    "a zone name is a string, found " + CatalogFile.describe(z.value())));
          }
        }
      }
    }
    return name.map(n -> new ImportedSharding.Shard(n, tags, draining, d.location()));
  }

  /** Reads a config.tags document: a zone range of one collection. */
  private static Optional<ImportedSharding.ZoneRange> zoneRange(Node d, List<Diagnostic> problems) {
    int before = problems.size();
    Optional<String> zone = string(d, "tag", "the zone's name such as \"NYC\"", problems);
    Optional<String> ns =
        string(d, "ns", "the namespace of the collection such as \"records.users\"", problems);
    if (ns.isPresent() && !ns.get().contains(".")) {
      problems.add(
          new Diagnostic(
              d.member("ns").get().location(),
              "'ns' of a config.tags document is a namespace such as \"records.users\", found the"
                  + " string '"
                  + ns.get()
                  + "'"));
    }
    Optional<ImportedSharding.Bound> min = bound(d, "min", problems);
    Optional<ImportedSharding.Bound> max = bound(d, "max", problems);
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new ImportedSharding.ZoneRange(
            ns.get(),
            CatalogFile.collectionOf(ns.get()),
            zone.get(),
            min.get(),
            max.get(),
            d.location()));
  }

  /**
   * Reads a zone range's bound: a document over the shard key fields whose later fields are all
   * MinKey or all MaxKey.
   */
  private static Optional<ImportedSharding.Bound> bound(
      Node d, String which, List<Diagnostic> problems) {
    Optional<Member> m = d.member(which);
    if (m.isEmpty()
        || !m.get().value().value().isDocument()
        || m.get().value().members().isEmpty()) {
      problems.add(
          new Diagnostic(
              m.map(Member::location).orElse(d.location()),
              "a config.tags document needs '"
                  + which
                  + "', a bound over the shard key fields such as {zipcode: \"10001\"}; found "
                  + m.map(x -> CatalogFile.describe(x.value().value())).orElse("none")));
      return Optional.empty();
    }
    List<Member> fields = m.get().value().members();
    List<Member> later = fields.subList(1, fields.size());
    boolean allMin = later.stream().allMatch(f -> ImportedSharding.minKey(f.value().value()));
    boolean allMax =
        !later.isEmpty()
            && later.stream().allMatch(f -> ImportedSharding.maxKey(f.value().value()));
    if (!allMin && !allMax) {
      Member other =
          later.stream()
              .filter(
                  f ->
                      !ImportedSharding.minKey(f.value().value())
                          && !ImportedSharding.maxKey(f.value().value()))
              .findFirst()
              .orElseGet(
                  () ->
                      later.stream()
                          .filter(
                              f ->
                                  ImportedSharding.maxKey(f.value().value())
                                      != ImportedSharding.maxKey(later.get(0).value().value()))
                          .findFirst()
                          .orElseThrow());
      problems.add(
          new Diagnostic(
              other.location(),
              "the zone range's "
                  + which
                  + " bounds '"
                  + other.name()
                  + "' too; keyplan's zones bound the first shard key field ('"
                  + fields.get(0).name()
                  + "') only, so it reads a bound whose later fields are all MinKey or all"
                  + " MaxKey ({"
                  + fields.get(0).name()
                  + ": \"US\", "
                  + other.name()
                  + ": MinKey}); this one is not supported"));
      return Optional.empty();
    }
    BsonValue first = fields.get(0).value().value();
    if (!ImportedSharding.minKey(first)
        && !ImportedSharding.maxKey(first)
        && ImportedSharding.valueText(first).isEmpty()) {
      problems.add(
          new Diagnostic(
              fields.get(0).value().location(),
              "a zone bound keyplan reads is a string, a number, a date, an ObjectId, a UUID,"
                  + " MinKey or MaxKey; found "
                  + CatalogFile.describe(first)));
      return Optional.empty();
    }
    return Optional.of(
        new ImportedSharding.Bound(
            fields.stream().map(Member::name).toList(), first, allMax, m.get().location()));
  }

  private static Optional<String> string(
      Node d, String name, String what, List<Diagnostic> problems) {
    Optional<Member> m = d.member(name);
    if (m.isPresent() && m.get().value().value().isString()) {
      return Optional.of(m.get().value().value().asString().getValue());
    }
    problems.add(
        new Diagnostic(
            m.map(Member::location).orElse(d.location()),
            "'"
                + name
                + "' is "
                + what
                + "; found "
                + m.map(x -> CatalogFile.describe(x.value().value())).orElse("none")));
    return Optional.empty();
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
      Optional<Member> m = key.get().value().member(k.field());
      Location at = m.map(Member::location).orElse(key.get().location());
      if (k.kind() != IndexKey.Kind.ASCENDING && k.kind() != IndexKey.Kind.HASHED) {
        problems.add(
            new Diagnostic(
                at, "a shard key field is 1 (ranged) or \"hashed\", not " + k.kind().text()));
      } else if (k.kind() == IndexKey.Kind.ASCENDING
          && m.map(x -> x.value().value().asNumber().doubleValue() != 1).orElse(false)) {
        // An index reads any positive number as ascending, but shardCollection takes a ranged
        // field only as 1: "Pattern must either be a single hashed field, or a list of ascending
        // fields" (the server's ShardKeyPattern::isValid), so a file holding 2 was not written by
        // a server.
        problems.add(
            new Diagnostic(
                m.get().value().location(),
                "a shard key field is 1 (ranged) or \"hashed\", not "
                    + CatalogFile.describe(m.get().value().value())));
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
