package dev.keyplan.mongodb.report;

import dev.keyplan.model.Operation;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbRelationship;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.design.MongoDbZones;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.report.Phrases;
import dev.keyplan.report.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The MongoDB part of the text report: each pattern's index, examined documents, sort and routing;
 * the collections' documents and sizes; embedded arrays; embed-or-reference advice; shards.
 */
public final class MongoDbText {
  private MongoDbText() {}

  public static void render(MongoDbAnalysis a, StringBuilder out) {
    out.append("Patterns (mongodb)\n").append(patterns(a).render()).append('\n');
    out.append("How each pattern runs (mongodb)\n");
    for (MongoDbPlan p : a.plans()) {
      out.append("  ").append(p.pattern().id()).append(": ").append(p.request()).append('\n');
      for (String n : p.notes()) {
        out.append("    - ").append(n).append('\n');
      }
    }
    out.append('\n');
    String horizon = Quantities.formatSeconds(a.model().horizonSeconds());
    out.append("Collections (mongodb, at ")
        .append(horizon)
        .append("; document sizes measured by the BSON library)\n")
        .append(collections(a).render())
        .append('\n');
    var embeds = new TextTable("array", "entity", "typical", "busiest parent", "bounded");
    for (MongoDbCollection c : a.collections()) {
      for (MongoDbEmbed e : c.embeds()) {
        embeds.row(
            c.name() + "." + e.field(),
            e.entity().name(),
            e.many() ? Units.count(Math.ceil(e.typical())) : "1 (document)",
            e.many() ? Units.count(Math.ceil(e.busiest())) : "1",
            e.bounded()
                ? (e.max().isPresent() ? "max " + e.max().getAsInt() : "yes")
                : "no: grows "
                    + Units.rate(e.growthPerDocumentPerSecond() * 86_400).replace("/s", "/day"));
      }
    }
    if (!embeds.isEmpty()) {
      out.append("Embedded (mongodb, elements per document)\n")
          .append(embeds.render())
          .append('\n');
    }
    var rel = new TextTable("relationship", "stored", "advice", "why");
    for (MongoDbRelationship r : a.relationships()) {
      rel.row(
          r.parent() + " → " + r.child(),
          r.embedded()
              ? "embedded in " + r.collection() + "." + r.field()
              : "referenced (" + r.collection() + ")",
          r.advice() + (r.followsAdvice() ? "" : " (the design differs)"),
          String.join("; ", r.reasons()));
    }
    if (!rel.isEmpty()) {
      out.append(
              "Embed or reference (mongodb; seed 003: embed when read together, bounded and owned)\n")
          .append(rel.render())
          .append('\n');
    }
    out.append("Shards (mongodb, busiest shard; budget ")
        .append(Units.rate(a.design().shardBudget()))
        .append(" per shard, ")
        .append("range size ")
        .append(Units.count(a.design().rangeSizeBytes() / (1024.0 * 1024)))
        .append(" MiB")
        .append(")\n")
        .append(shards(a).render())
        .append('\n');
    for (MongoDbShard s : a.shards()) {
      // What a for: window puts under the busiest value (docs/model.md, "Hot for a window").
      windows(a, s)
          .forEach(
              w -> out.append("  ").append(s.collection()).append(": ").append(w).append('\n'));
      // What a compound key's count rests on: belongs_to, per:, or independence (issue 17 §4).
      assumption(a, s)
          .ifPresent(
              x -> out.append("  ").append(s.collection()).append(": ").append(x).append('\n'));
    }
    for (MongoDbShard s : a.shards()) {
      if (s.sharded()) {
        out.append("  ").append(s.collection()).append(": ").append(changingTheKey(s)).append('\n');
      }
    }
    if (a.shards().stream().anyMatch(MongoDbShard::sharded)) {
      out.append('\n');
    }
    var zones =
        new TextTable(
            "collection",
            "zone",
            "range of the first key field",
            "shards",
            "data share",
            "busiest shard");
    List<String> assumed = new ArrayList<>();
    for (MongoDbCollection c : a.collections()) {
      a.zones(c).stream()
          .filter(z -> z.unnamedOutside() > 0)
          .findFirst()
          .ifPresent(
              z ->
                  assumed.add(
                      "  "
                          + c.name()
                          + ": the "
                          + Units.percent(z.unnamedOutside())
                          + " of documents whose first key field has a value the spread does not"
                          + " name are taken as in no zone, over every shard; name their values"
                          + " in shares: to place them\n"));
      for (MongoDbZones.Placement z : a.zones(c)) {
        zones.row(
            c.name(),
            z.zone().name(),
            MongoDbZones.range(z.zone()),
            String.join(", ", z.zone().shards()),
            Double.isNaN(z.share()) ? "?" : Units.percent(z.share()),
            Double.isNaN(z.perShardShare()) ? "?" : Units.percent(z.perShardShare()));
      }
    }
    if (!zones.isEmpty()) {
      out.append(
              "Zones (mongodb; each zone's ranges stay on its shards, the rest spreads over all; "
                  + "? where the spread names no shares)\n")
          .append(zones.render())
          .append('\n');
      if (!assumed.isEmpty()) {
        assumed.forEach(out::append);
        out.append('\n');
      }
    }
  }

  static TextTable patterns(MongoDbAnalysis a) {
    var t =
        new TextTable(
            "pattern",
            "rate",
            "operation",
            "collection",
            "index",
            "keys",
            "docs",
            "returned",
            "sort",
            "routing");
    for (MongoDbPlan p : a.plans()) {
      boolean read = p.pattern().isRead();
      t.row(
          p.pattern().id(),
          Units.rate(p.pattern().ratePerSecond()),
          p.operation(),
          p.collection().orElse("-"),
          read
              ? p.index().orElse(p.access() == MongoDbPlan.Access.COLLSCAN ? "COLLSCAN" : "-")
              : "-",
          read ? examined(p.keysExamined().typical(), p.keysExamined().busiest()) : "-",
          read ? examined(p.docsExamined().typical(), p.docsExamined().busiest()) : "-",
          read && !Double.isNaN(p.returned()) ? Units.count(Math.ceil(p.returned())) : "-",
          read ? sort(p) : "-",
          p.targeting().label() + (p.shards() > 1 ? " (" + p.shards() + ")" : ""));
    }
    return t;
  }

  /** How a read's order is given: by the index, in memory (with the bytes sorted), or not asked. */
  public static String sort(MongoDbPlan p) {
    return p.blockingSort()
        ? "in memory, " + Units.bytes(p.sortBytes())
        : p.covered()
            ? "covered"
            : p.pattern().operation() instanceof Operation.Read r && !r.orderBy().isEmpty()
                ? "index"
                : "-";
  }

  /** A count of keys or documents examined; "?" where an undeclared spread leaves it unknown. */
  public static String examined(double typical, double busiest) {
    return Double.isNaN(typical) ? "?" : Phrases.pair(typical, busiest);
  }

  /** A document's size: exact to the byte while a reader can check it by hand, then in units. */
  private static String documentBytes(long bytes) {
    return bytes < 100_000 ? Units.count(bytes) + " B" : Units.bytes(bytes);
  }

  static TextTable collections(MongoDbAnalysis a) {
    var t =
        new TextTable(
            "collection",
            "entity",
            "documents",
            "typical",
            "largest",
            "of 16 MiB",
            "data",
            "indexes",
            "validator");
    for (MongoDbCollection c : a.collections()) {
      t.row(
          c.name(),
          c.entity().name(),
          Units.count(c.documents()),
          documentBytes(c.typicalBytes()),
          documentBytes(c.largestBytes()),
          Units.percent(c.largestBytes() / (double) MongoDbLimits.MAX_DOCUMENT_BYTES),
          Units.bytes(c.dataBytes()),
          c.indexes().size() + ", " + Units.bytes(c.indexBytes()),
          c.validation() ? "yes" : "no");
    }
    return t;
  }

  static TextTable shards(MongoDbAnalysis a) {
    var t =
        new TextTable(
            "collection",
            "shard key",
            "shards used",
            "reads",
            "writes",
            "of budget",
            "key values",
            "busiest value",
            "reshard needs");
    for (MongoDbShard s : a.shards()) {
      String key =
          a.collection(s.collection())
              .flatMap(MongoDbCollection::shardKey)
              .map(MongoDbText::key)
              .orElse("unsharded");
      t.row(
          s.collection(),
          key,
          s.sharded() ? s.usedShards() + " of " + s.shards() : "1 (replica set)",
          Units.rate(s.reads()),
          Units.rate(s.writes()),
          Units.percent(s.budgetShare()),
          s.sharded() ? Units.count(s.distinctValues()) : "-",
          s.sharded() ? Units.bytes(s.busiestValueBytes()) + (s.jumbo() ? " (jumbo)" : "") : "-",
          s.sharded() ? Units.bytes(s.reshardBytesPerShard()) + " per shard" : "-");
    }
    return t;
  }

  /**
   * What the key values and busiest value of {@code s}'s compound shard key rest on, in words: "the
   * busiest {country: 1, userid: 1} value and its key values: assumes country and userid
   * independent …" or "…: userid belongs_to country" (MongoDbCollection#keyAssumption); empty for
   * an unsharded collection or a key where nothing is assumed.
   */
  static java.util.Optional<String> assumption(MongoDbAnalysis a, MongoDbShard s) {
    if (!s.sharded()) {
      return java.util.Optional.empty();
    }
    return a.collection(s.collection())
        .flatMap(
            c ->
                c.shardKey()
                    .flatMap(
                        k ->
                            c.keyAssumption(c.attributesOf(k.fields()))
                                .map(
                                    x ->
                                        "the busiest "
                                            + key(k)
                                            + " value and its key values: "
                                            + x)));
  }

  /** What a for: window puts under the busiest shard key value of {@code s}, in words. */
  static java.util.List<String> windows(MongoDbAnalysis a, MongoDbShard s) {
    if (!s.sharded()) {
      return java.util.List.of();
    }
    return a.collection(s.collection())
        .flatMap(c -> c.shardKey().map(k -> c.busiestWindows(c.attributesOf(k.fields()))))
        .orElse(java.util.List.of());
  }

  /**
   * What changing the shard key would take (MongoDB manual, "Refine a Shard Key" and "Reshard a
   * Collection"): refineCollectionShardKey adds a suffix and moves no data; reshardCollection
   * copies the collection, so each recipient needs its share twice over, blocks writes for about 2
   * s at the end and takes at least 5 minutes.
   */
  private static String changingTheKey(MongoDbShard s) {
    String reshard =
        "reshardCollection needs "
            + Units.bytes(s.reshardBytesPerShard())
            + " free on each of "
            + s.shards()
            + " shards, blocks writes about "
            + MongoDbLimits.RESHARD_WRITE_BLOCK_SECONDS
            + " s at the end and takes at least "
            + MongoDbLimits.RESHARD_MIN_SECONDS / 60
            + " minutes";
    return s.refine()
        .map(
            r ->
                "refineCollectionShardKey to {"
                    + String.join(", ", r.stream().map(f -> f + ": 1").toList())
                    + "} splits the busiest value and moves no data; "
                    + reshard)
        .orElse("to change the key, " + reshard);
  }

  public static String key(MongoDbDesign.ShardKey k) {
    return "{"
        + String.join(", ", k.keys().stream().map(x -> x.field() + ": " + x.kind().text()).toList())
        + "}";
  }
}
