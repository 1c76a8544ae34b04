package dev.keyplan.cassandra.design;

import dev.keyplan.analysis.AccessKind;

/** How a table serves an access pattern, best first. */
public enum CassandraAccess implements AccessKind {
  SINGLE_PARTITION("single partition"),
  BUCKET_WALK("buckets, newest first"),
  MULTI_PARTITION("multi-partition"),
  APPLICATION_JOIN("application-side join"),
  SECONDARY_INDEX("secondary index (all nodes)"),
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
