package dev.keyplan.mongodb.verify;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.emit.MongoCommands;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Applies the design as {@code keyplan emit mongosh} writes it, through the same commands ({@link
 * MongoCommands}): each collection with its validator, its indexes, and, on a mongos, sharding
 * ({@code enableSharding}, {@code shardCollection} with the design's key) and zones. Two changes
 * from the script, both to keep the run inside its own namespace and deterministic: a zone is named
 * {@code <database>_<zone>}, since zones belong to the whole cluster and a user's zone of the same
 * name may already pin other shards; and the zones and their ranges come before {@code
 * shardCollection}, so the empty collection's chunks are made on the zones' shards at once (MongoDB
 * manual, "Zones": ranges may be defined before a collection is sharded) instead of waiting for the
 * balancer. What it adds to the cluster (a shard in a zone, a range) it takes off again in {@link
 * #undo}.
 */
final class MongoDbVerifySchema {
  private final MongoGateway g;
  private final List<BsonDocument> ranges = new ArrayList<>();
  private final List<String[]> shardZones = new ArrayList<>();

  MongoDbVerifySchema(MongoGateway g) {
    this.g = g;
  }

  /**
   * Creates the collections and indexes, and on a mongos shards them; what it adds is recorded as
   * it goes, for {@link #undo}.
   */
  void apply(MongoDbAnalysis a, Database db, boolean mongos, List<String> notes) {
    for (MongoDbCollection c : a.collections()) {
      db.createCollection(MongoCommands.create(c));
      MongoCommands.createIndexes(c).ifPresent(cmd -> g.command(db.name, cmd));
    }
    List<MongoDbCollection> sharded =
        a.collections().stream().filter(MongoDbCollection::sharded).toList();
    if (sharded.isEmpty()) {
      return;
    }
    if (!mongos) {
      notes.add(
          "the server is not a mongos (hello's msg is not isdbgrid): "
              + String.join(", ", sharded.stream().map(MongoDbCollection::name).toList())
              + " stay unsharded, and routing is not compared");
      return;
    }
    enableSharding(g, db.name);
    List<BsonDocument> shards = shards(g);
    for (MongoDbCollection c : sharded) {
      zones(db, c, shards, notes);
      g.command("admin", MongoCommands.shardCollection(db.namespace(c.name()), c));
    }
  }

  private void zones(
      Database db, MongoDbCollection c, List<BsonDocument> shards, List<String> notes) {
    for (Zone z : c.zones()) {
      for (String shard : z.shards()) {
        Optional<BsonDocument> target =
            shard.matches("[0-9]+")
                ? (Integer.parseInt(shard) < shards.size()
                    ? Optional.of(shards.get(Integer.parseInt(shard)))
                    : Optional.empty())
                : shards.stream()
                    .filter(x -> x.getString("_id").getValue().equals(shard))
                    .findFirst();
        if (target.isEmpty()) {
          notes.add(
              c.name()
                  + ": zone "
                  + z.name()
                  + " names shard "
                  + shard
                  + ", which this cluster of "
                  + shards.size()
                  + " shards does not have; its zones are not applied");
          return;
        }
      }
    }
    for (Zone z : c.zones()) {
      String zone = db.name + "_" + z.name();
      for (String shard : z.shards()) {
        BsonDocument target =
            shard.matches("[0-9]+")
                ? shards.get(Integer.parseInt(shard))
                : shards.stream()
                    .filter(x -> x.getString("_id").getValue().equals(shard))
                    .findFirst()
                    .orElseThrow();
        String id = target.getString("_id").getValue();
        boolean had = target.getArray("tags", new BsonArray()).contains(new BsonString(zone));
        if (!had && shardZones.stream().noneMatch(x -> x[0].equals(id) && x[1].equals(zone))) {
          g.command(
              "admin",
              new BsonDocument("addShardToZone", new BsonString(id))
                  .append("zone", new BsonString(zone)));
          shardZones.add(new String[] {id, zone});
        }
      }
      BsonDocument range = MongoCommands.zoneRange(db.namespace(c.name()), c, z, zone);
      g.command("admin", range);
      ranges.add(range);
    }
  }

  /** Takes off the zone ranges this run defined, before its collections are dropped. */
  void removeRanges(List<String> notes) {
    for (BsonDocument r : ranges) {
      BsonDocument off = r.clone();
      off.put("zone", BsonNull.VALUE);
      try {
        g.command("admin", off);
      } catch (RuntimeException e) {
        notes.add(
            "could not remove the zone range of "
                + r.getString("updateZoneKeyRange").getValue()
                + ": "
                + MongoDbVerifier.firstLine(e));
      }
    }
  }

  /** Takes the shards this run put in zones out of them again, once no range uses the zones. */
  void undo(List<String> notes) {
    for (String[] sz : shardZones) {
      try {
        g.command(
            "admin",
            new BsonDocument("removeShardFromZone", new BsonString(sz[0]))
                .append("zone", new BsonString(sz[1])));
      } catch (RuntimeException e) {
        notes.add(
            "could not take shard "
                + sz[0]
                + " out of zone "
                + sz[1]
                + ": "
                + MongoDbVerifier.firstLine(e));
      }
    }
  }

  /**
   * enableSharding, which MongoDB 6.0+ no longer needs and older versions refuse twice ("already
   * enabled").
   */
  private static void enableSharding(MongoGateway g, String database) {
    try {
      g.command("admin", new BsonDocument("enableSharding", new BsonString(database)));
    } catch (RuntimeException e) {
      if (!String.valueOf(e.getMessage()).contains("already")) {
        throw e;
      }
    }
  }

  /**
   * The cluster's shards sorted by {@code _id}: shard N of the model is the N-th, as in the script.
   */
  static List<BsonDocument> shards(MongoGateway g) {
    List<BsonDocument> out = new ArrayList<>();
    for (BsonValue v :
        g.command("admin", new BsonDocument("listShards", new BsonInt32(1))).getArray("shards")) {
      out.add(v.asDocument());
    }
    out.sort(java.util.Comparator.comparing(d -> d.getString("_id").getValue()));
    return out;
  }

  /**
   * The shards holding chunks of {@code namespace} (config.chunks by the collection's uuid, or by
   * ns before 5.0).
   */
  static int holdingShards(MongoGateway g, String namespace) {
    BsonDocument found =
        g.command(
            "config",
            new BsonDocument("find", new BsonString("collections"))
                .append("filter", new BsonDocument("_id", new BsonString(namespace))));
    BsonArray batch = found.getDocument("cursor").getArray("firstBatch");
    BsonArray or = new BsonArray();
    or.add(new BsonDocument("ns", new BsonString(namespace)));
    if (!batch.isEmpty() && batch.get(0).asDocument().containsKey("uuid")) {
      or.add(new BsonDocument("uuid", batch.get(0).asDocument().get("uuid")));
    }
    BsonArray pipeline =
        new BsonArray(
            List.of(
                new BsonDocument("$match", new BsonDocument("$or", or)),
                new BsonDocument("$group", new BsonDocument("_id", new BsonString("$shard")))));
    BsonDocument r =
        g.command(
            "config",
            new BsonDocument("aggregate", new BsonString("chunks"))
                .append("pipeline", pipeline)
                .append("cursor", new BsonDocument()));
    return Math.max(1, r.getDocument("cursor").getArray("firstBatch").size());
  }
}
