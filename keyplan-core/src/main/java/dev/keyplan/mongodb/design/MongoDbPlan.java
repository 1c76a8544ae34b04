package dev.keyplan.mongodb.design;

import dev.keyplan.analysis.AccessKind;
import dev.keyplan.analysis.Plan;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.workload.Estimate;
import java.util.List;
import java.util.Optional;

/**
 * How one access pattern runs on MongoDB: the command, the collection and index the planner would
 * pick by the ESR guideline, what a request examines and returns, whether it sorts in memory, and
 * how mongos routes it.
 *
 * @param keysExamined index keys examined, for a typical and the busiest key value (NaN: unknown
 *     spread)
 * @param docsExamined documents fetched and examined, for a typical and the busiest key value (0
 *     for a covered query)
 * @param returned documents returned for a typical key value
 * @param sortBytes bytes a blocking sort holds in memory (0 when the index gives the order)
 * @param shards shards the request reaches (1 when unsharded)
 * @param lookups collections a {@code $lookup} joins, one lookup per returned document
 * @param transaction the write runs as a multi-document transaction
 * @param touches what a request does to each collection, for heat
 */
public record MongoDbPlan(
    AccessPattern pattern,
    Access access,
    String operation,
    Optional<String> collection,
    Optional<String> index,
    Estimate keysExamined,
    Estimate docsExamined,
    double returned,
    boolean blockingSort,
    double sortBytes,
    boolean covered,
    Targeting targeting,
    int shards,
    List<String> lookups,
    boolean transaction,
    List<Touch> touches,
    List<String> notes)
    implements Plan {

  public MongoDbPlan {
    lookups = List.copyOf(lookups);
    touches = List.copyOf(touches);
    notes = List.copyOf(notes);
  }

  /** How a request reaches its documents. */
  public enum Access implements AccessKind {
    IXSCAN("index scan"),
    COLLSCAN("collection scan"),
    NOT_SERVED("not served"),
    WRITE("write");

    private final String label;

    Access(String label) {
      this.label = label;
    }

    @Override
    public String label() {
      return label;
    }

    @Override
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    @Override
    public boolean served() {
      return this != NOT_SERVED;
    }
  }

  /** How mongos routes a request on a sharded collection (MongoDB manual, "Query Routing"). */
  public enum Targeting {
    UNSHARDED("unsharded"),
    SINGLE_SHARD("single shard"),
    MULTI_SHARD("multi-shard"),
    SCATTER_GATHER("scatter-gather");

    private final String label;

    Targeting(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * What one request does to one collection.
   *
   * @param busiestShardShare the share of the pattern's requests that reach the busiest shard (1
   *     for an unsharded collection, a scatter-gather or every insert of a monotonic key); NaN if a
   *     spread is unknown
   * @param operations operations per request on that collection (documents written, or 1 query)
   */
  public record Touch(
      String collection, boolean write, double busiestShardShare, double operations) {}

  /** Returns this plan for pattern {@code p} with {@code notes}: the figures unchanged. */
  public MongoDbPlan withNotes(AccessPattern p, List<String> notes) {
    return withFigures(
        p, keysExamined, docsExamined, returned, blockingSort, sortBytes, covered, notes);
  }

  /**
   * Returns this plan with other figures and notes: a recount by a later step of planning (a schema
   * pattern, a time-series collection's buckets, related reads), the route and writes unchanged.
   */
  public MongoDbPlan withFigures(
      AccessPattern p,
      Estimate keys,
      Estimate docs,
      double returned,
      boolean blockingSort,
      double sortBytes,
      boolean covered,
      List<String> notes) {
    return new MongoDbPlan(
        p,
        access,
        operation,
        collection,
        index,
        keys,
        docs,
        returned,
        blockingSort,
        sortBytes,
        covered,
        targeting,
        shards,
        lookups,
        transaction,
        touches,
        notes);
  }

  /**
   * Returns this plan as {@code operation}, touching {@code touches} and joining {@code lookups}:
   * more collections read, written or joined by the same request, the figures unchanged.
   */
  public MongoDbPlan withOperation(
      String operation, List<Touch> touches, List<String> lookups, List<String> notes) {
    return new MongoDbPlan(
        pattern,
        access,
        operation,
        collection,
        index,
        keysExamined,
        docsExamined,
        returned,
        blockingSort,
        sortBytes,
        covered,
        targeting,
        shards,
        lookups,
        transaction,
        touches,
        notes);
  }

  /** Returns how the store serves the pattern: {@link #access()}. */
  @Override
  public AccessKind kind() {
    return access;
  }

  /**
   * The operation, the collection a read runs on and its index: {@code find on orders, index
   * user_id_1_created_at_-1}, or {@code COLLSCAN} where no index serves it.
   */
  @Override
  public String request() {
    return operation
        + (pattern().isRead() ? collection.map(c -> " on " + c).orElse("") : "")
        + index.map(i -> ", index " + i).orElse(access == Access.COLLSCAN ? ", COLLSCAN" : "");
  }
}
