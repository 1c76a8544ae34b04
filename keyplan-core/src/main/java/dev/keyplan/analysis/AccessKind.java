package dev.keyplan.analysis;

/**
 * How a store serves one access pattern, in a word every store can say: one partition, a bucket
 * walk, a scan, a scatter-gather, not served. Each store's access enum implements it, so a report
 * or a cross-store rule reads a plan without knowing the store.
 */
public interface AccessKind {
  /** The stable id printed in JSON ({@code single-partition}, {@code scan}). */
  String id();

  /** The words a table prints. */
  String label();

  /** False when no table, index or collection of the design serves the pattern at all. */
  boolean served();
}
