package dev.keyplan.report;

import java.util.Locale;

/**
 * The arrays of {@code check --format json}, in their order (docs/output.md). Each store writes its
 * elements into the arrays it has: every store its patterns and tables, DynamoDB its heat and
 * costs, MongoDB its shards and relationships, Cassandra its consistency checks and its cluster's
 * capacity (one element per design).
 */
public enum JsonSection {
  PATTERNS,
  TABLES,
  HEAT,
  SHARDS,
  RELATIONSHIPS,
  COSTS,
  CONSISTENCY,
  CLUSTER;

  /** Returns the array's name in the JSON document. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
