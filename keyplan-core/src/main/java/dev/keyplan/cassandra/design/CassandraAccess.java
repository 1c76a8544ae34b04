package dev.keyplan.cassandra.design;

import dev.keyplan.analysis.AccessKind;

/** How a table serves an access pattern, best first. */
public enum CassandraAccess implements AccessKind {
  SINGLE_PARTITION("single partition"),
  BUCKET_WALK("buckets, newest first"),
  MULTI_PARTITION("multi-partition"),
  APPLICATION_JOIN("application-side join"),
  /**
   * A read through a 2i or SAI index without its partition key: a range read covering every token
   * range, ⌈nodes ÷ RF⌉ replica sets at the level ({@link Fanout#rangeRead}), not every node.
   */
  SECONDARY_INDEX("secondary index (every token range)"),
  ALLOW_FILTERING("ALLOW FILTERING (full scan)"),
  FULL_SCAN("full table scan"),
  NOT_SERVED("not served"),
  WRITE("write");

  private final String label;

  CassandraAccess(String label) {
    this.label = label;
  }

  /** Returns the words printed in the patterns table. */
  @Override
  public String label() {
    return label;
  }

  /** Returns the id used in JSON output ({@code single-partition}). */
  @Override
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  @Override
  public boolean served() {
    return this != NOT_SERVED;
  }
}
