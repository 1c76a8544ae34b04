package dev.keyplan.check;

import java.util.Locale;

/**
 * What a rule is about, as {@code keyplan rules} and the SARIF tags print it. A rule lives with its
 * store's code, so its category is said in its {@link RuleSpec}, not by its package.
 */
public enum Category {
  /** Consistency levels, read-your-writes, lightweight transactions. */
  CONSISTENCY,
  /** What the design costs to run. */
  COST,
  /** How the design is laid out as a whole (tables per entity, validation). */
  DESIGN,
  /** Partition and shard keys: heat, cardinality, monotonic growth. */
  KEY,
  /** How patterns are served: scans, filtering, joins, index use. */
  QUERY,
  /** Sizes against the store's limits and guidelines. */
  SIZE,
  /** How writes are done: batches, transactions, deletes, indexes kept up. */
  WRITE;

  /** Returns the category's name as printed ({@code key}). */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
