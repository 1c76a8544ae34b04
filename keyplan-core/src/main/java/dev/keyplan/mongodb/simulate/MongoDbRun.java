package dev.keyplan.mongodb.simulate;

import dev.keyplan.simulate.SimulationResult;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a MongoDB run found, typed; {@link #result()} is the same in the store-neutral shape the CLI
 * renders.
 *
 * @param shards each shard at the end of the run, with its requests over the whole run
 * @param chunks every chunk at the end, in key order
 * @param patterns each pattern's routing as simulated
 * @param migrations every migration the balancer tried, in start order
 * @param intervals each shard in each interval, in time order
 * @param settledAt when the balancer last found nothing it could move (balanced, or only jumbo
 *     chunks left to give); empty if it was still moving ranges at the end
 * @param rangeSizeBytes the range size used
 * @param documentBytes one document's BSON size, from the analysis
 */
public record MongoDbRun(
    SimulationResult result,
    String collection,
    List<ShardFigures> shards,
    List<ChunkFigures> chunks,
    List<PatternFigures> patterns,
    List<Migration> migrations,
    List<ShardInterval> intervals,
    OptionalLong settledAt,
    long rangeSizeBytes,
    long documentBytes) {

  public MongoDbRun {
    shards = List.copyOf(shards);
    chunks = List.copyOf(chunks);
    patterns = List.copyOf(patterns);
    migrations = List.copyOf(migrations);
    intervals = List.copyOf(intervals);
  }

  /**
   * One shard at the end of the run; request counts are over the whole run.
   *
   * @param dataBytes the collection's bytes on the shard
   * @param migrationsIn ranges the shard received
   * @param migrationsOut ranges it gave away
   */
  public record ShardFigures(
      String shard,
      double dataBytes,
      double documents,
      int chunks,
      int jumboChunks,
      long inserts,
      long writes,
      long writesBroadcast,
      long readsTargeted,
      long readsBroadcast,
      int migrationsIn,
      int migrationsOut) {}

  /**
   * One chunk at the end of the run.
   *
   * @param min the lower bound as a reader writes it ({@code MinKey}, a value, a hash)
   * @param heavyValues the heavy values of the first shard key field the chunk holds all or part of
   */
  public record ChunkFigures(
      String min,
      String max,
      String shard,
      double bytes,
      double documents,
      boolean jumbo,
      List<String> heavyValues) {
    public ChunkFigures {
      heavyValues = List.copyOf(heavyValues);
    }
  }

  /**
   * One pattern's requests as routed.
   *
   * @param targeting the analysis' targeting (single shard, multi-shard, scatter-gather)
   * @param requestsPerSecond requests per second the pattern asks for
   * @param shardsPerRequest shards a request reached, on average over the run
   * @param busiestShare the busiest shard's share of the requests the shards received
   */
  public record PatternFigures(
      String pattern,
      String kind,
      String targeting,
      double requestsPerSecond,
      double shardsPerRequest,
      String busiestShard,
      double busiestShare) {}

  /** How a migration ended. */
  public enum Outcome {
    MOVED,
    /** The range held more than 2 × (range size / document size) documents: {@code ChunkTooBig}. */
    CHUNK_TOO_BIG
  }

  /** One migration: the range {@code [min, max)} from one shard to another. */
  public record Migration(
      long start,
      long end,
      String from,
      String to,
      String min,
      String max,
      double bytes,
      double documents,
      Outcome outcome) {}

  /**
   * One shard over one interval: sizes at the interval's end, rates its average.
   *
   * @param second the interval's first second
   * @param migrationsInFlight migrations the shard took part in at the interval's end (0 or 1)
   * @param migrationsDone migrations the shard finished during the interval, as donor or recipient
   */
  public record ShardInterval(
      long second,
      String shard,
      double dataBytes,
      int chunks,
      int jumboChunks,
      double insertsPerSecond,
      double writesPerSecond,
      double writesBroadcastPerSecond,
      double readsTargetedPerSecond,
      double readsBroadcastPerSecond,
      int migrationsInFlight,
      int migrationsDone) {}

  /** Returns the chunks holding all or part of heavy value {@code value}. */
  public List<ChunkFigures> chunksHolding(String value) {
    return chunks.stream().filter(c -> c.heavyValues().contains(value)).toList();
  }

  /** Returns the shards owning a chunk that holds all or part of heavy value {@code value}. */
  public Set<String> shardsHolding(String value) {
    Set<String> out = new LinkedHashSet<>();
    chunksHolding(value).forEach(c -> out.add(c.shard()));
    return out;
  }

  /** Returns shard {@code name}'s figures. */
  public ShardFigures shard(String name) {
    return shards.stream()
        .filter(s -> s.shard().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no shard " + name));
  }

  /** Returns the collection's bytes at the end. */
  public double totalBytes() {
    return shards.stream().mapToDouble(ShardFigures::dataBytes).sum();
  }
}
