package dev.keyplan.mongodb.verify;

import java.util.List;

/**
 * What one {@code explain("executionStats")} says about a query, in the terms keyplan predicts.
 *
 * @param access the winning plan's leaves: index names in plan order ({@code _id_} for IDHACK), or
 *     {@code COLLSCAN}; from every shard when sharded
 * @param blockingSort a {@code SORT} stage holds the matching documents in memory (a {@code
 *     SORT_MERGE} or a mongos' {@code SHARD_MERGE_SORT} merges ordered streams and is not one)
 * @param sharded the explain came from a mongos, with a {@code shards} list
 * @param shards the shards the query reached, by name (empty when not sharded)
 * @param keysExamined {@code executionStats.totalKeysExamined}
 * @param docsExamined {@code executionStats.totalDocsExamined}
 * @param returned {@code executionStats.nReturned}
 */
record Explained(
    List<String> access,
    boolean blockingSort,
    boolean sharded,
    List<String> shards,
    long keysExamined,
    long docsExamined,
    long returned) {

  static final String COLLSCAN = "COLLSCAN";

  Explained {
    access = List.copyOf(access);
    shards = List.copyOf(shards);
  }

  /**
   * Returns the access as one word: the index name, {@code COLLSCAN}, or the names joined by {@code
   * +}.
   */
  String accessLabel() {
    return access.isEmpty() ? "?" : String.join("+", access);
  }
}
