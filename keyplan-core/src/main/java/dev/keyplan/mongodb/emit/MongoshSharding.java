package dev.keyplan.mongodb.emit;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonString;

/**
 * The sharding part of the mongosh script (MongoDB manual, "sh.enableSharding()",
 * "sh.shardCollection()", "sh.addShardToZone()", "sh.updateZoneKeyRange()"):
 *
 * <ul>
 *   <li>{@code sh.enableSharding(db.getName())} once, when a collection is sharded (MongoDB 6.0+ no
 *       longer needs it; older clusters do, and it is harmless);
 *   <li>{@code sh.shardCollection(db.getName() + ".name", {key})}, the key's fields as the
 *       documents hold them (the id attribute is {@code _id}); with {@code true}, the unique flag,
 *       when the collection has a unique index on exactly the shard key;
 *   <li>for a hashed key, a comment with the chunks MongoDB pre-splits the empty collection into
 *       (the analysis' initial chunks: one per shard since 7.2);
 *   <li>zones: a zone's shards are numbered 0 … shards − 1 in the model, which the script resolves
 *       at run time to the shards of {@code config.shards} sorted by {@code _id} (a shard written
 *       by name stays that name), then {@code sh.addShardToZone} once per shard and zone and {@code
 *       sh.updateZoneKeyRange} per range ({@link ZoneBounds}).
 * </ul>
 */
final class MongoshSharding {
  private MongoshSharding() {}

  static void write(MongoDbAnalysis a, StringBuilder out) {
    List<MongoDbCollection> sharded =
        a.collections().stream().filter(MongoDbCollection::sharded).toList();
    if (sharded.isEmpty()) {
      return;
    }
    out.append('\n');
    MongoshScript.comment(out, "Sharding: " + a.design().shards() + " shards in the model.");
    out.append("sh.enableSharding(db.getName());\n");
    for (MongoDbCollection c : sharded) {
      ShardKey key = c.shardKey().get();
      List<IndexKey> fields = MongoCommands.shardKeyFields(c);
      Optional<MongoDbIndex> unique = MongoCommands.uniqueShardKeyIndex(c);
      StringBuilder why =
          new StringBuilder(c.name())
              .append(key.hashed() ? ": hashed shard key" : ": ranged shard key");
      if (key.hashed()) {
        MongoDbShard s = a.shard(c.name()).orElseThrow();
        why.append("; MongoDB pre-splits the empty collection into ")
            .append(MongoshScript.count(s.initialChunks(), "chunk"));
      }
      unique.ifPresent(ix -> why.append("; unique, as index ").append(ix.name()).append(" is"));
      MongoshScript.comment(out, why.append('.').toString());
      out.append("sh.shardCollection(db.getName() + ")
          .append(ShellJson.value(new BsonString("." + c.name())))
          .append(", ")
          .append(ShellJson.compact(MongoshScript.keys(fields)))
          .append(unique.isPresent() ? ", true" : "")
          .append(");\n");
    }
    zones(sharded, out);
  }

  private static void zones(List<MongoDbCollection> sharded, StringBuilder out) {
    if (sharded.stream().allMatch(c -> c.zones().isEmpty())) {
      return;
    }
    out.append('\n');
    MongoshScript.comment(
        out, "Zones: shard N of the model is the N-th shard of config.shards by _id.");
    out.append(
            "const keyplanShards = db.getSiblingDB(\"config\").shards.find({}, {_id: 1}).sort({_id: 1}).toArray()")
        .append(".map(s => s._id);\n");
    Set<String> added = new LinkedHashSet<>();
    for (MongoDbCollection c : sharded) {
      for (Zone z : c.zones()) {
        String zone = ShellJson.value(new BsonString(z.name()));
        for (String shard : z.shards()) {
          if (added.add(shard + " " + z.name())) {
            String id =
                shard.matches("[0-9]+")
                    ? "keyplanShards[" + Integer.parseInt(shard) + "]"
                    : ShellJson.value(new BsonString(shard));
            out.append("sh.addShardToZone(").append(id).append(", ").append(zone).append(");\n");
          }
        }
        out.append("sh.updateZoneKeyRange(db.getName() + ")
            .append(ShellJson.value(new BsonString("." + c.name())))
            .append(", ")
            .append(ShellJson.compact(ZoneBounds.min(c, z)))
            .append(", ")
            .append(ShellJson.compact(ZoneBounds.max(c, z)))
            .append(", ")
            .append(zone)
            .append(");\n");
      }
    }
  }
}
