package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.design.MongoDbPlan;

/**
 * One pattern's requests on the simulated collection and how mongos routes them (MongoDB manual,
 * "Query Routing"; the targeting comes from the analysis' {@link MongoDbPlan}).
 *
 * @param rate requests per second (an {@code in} of {@code k} shard key values counts {@code k})
 * @param density how the requests spread over the key space, for {@link Route#KEYED} and {@link
 *     Route#PREFIX}
 */
record Stream(
    String pattern,
    Kind kind,
    Route route,
    double rate,
    Density density,
    MongoDbPlan.Targeting targeting) {
  /** What a request does to the documents. */
  enum Kind {
    /** Inserts a document: counted as an insert and a write. */
    INSERT,
    /** Updates or deletes documents. */
    WRITE,
    READ
  }

  /** Where mongos sends a request. */
  enum Route {
    /** The whole shard key is given: one shard, the one owning the chunk of that value. */
    KEYED,
    /**
     * Only the first field is given by equality: every shard holding part of that value's range (a
     * heavy value's range can span several chunks and shards).
     */
    PREFIX,
    /** No usable shard key: every shard (scatter-gather). */
    BROADCAST,
    /**
     * A range, or a write without shard key once it finds its document: the shard holding the
     * documents asked for, taken by the shards' shares of the data.
     */
    DATA,
    /**
     * An insert (or a read of the latest values) on a key that grows with time: the shard owning
     * MaxKey.
     */
    NEWEST
  }

  /** Returns true if the route's per-shard share comes from a {@link ChunkMap} measure. */
  boolean measured() {
    return route == Route.KEYED || route == Route.PREFIX;
  }
}
