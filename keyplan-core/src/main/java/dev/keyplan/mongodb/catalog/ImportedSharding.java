package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import java.util.List;
import java.util.OptionalInt;

/**
 * What a {@code sharding_file} says: each sharded collection's shard key, and the number of shards
 * when the file also holds {@code config.shards} documents.
 *
 * @param shards shards that hold data: the {@code config.shards} documents not draining; empty when
 *     the file has none, and the model's {@code shards:} stays
 * @param shardsLocation the first {@code config.shards} document
 */
public record ImportedSharding(
    List<Collection> collections, OptionalInt shards, Location shardsLocation) {
  public ImportedSharding {
    collections = List.copyOf(collections);
  }

  /**
   * One sharded collection.
   *
   * @param namespace {@code _id} as written, {@code "shop.orders"}
   * @param collection the namespace without its database, {@code orders}
   * @param key the shard key, located at the document's {@code key}
   * @param location where the document is written
   */
  public record Collection(String namespace, String collection, ShardKey key, Location location) {}
}
