package dev.keyplan.designer;

import dev.keyplan.model.StoreId;

/**
 * Proposes one store's design for a workload: the model's entities and access patterns with their
 * rates and spreads, with no section for this store. Each candidate goes through the store's own
 * analysis and the built-in rules; the proposal says which patterns drove each decision, what was
 * tried, and which patterns no candidate serves within the store's limits.
 */
public interface Designer {
  /** The store the proposals are for. */
  StoreId store();

  /**
   * Proposes a design for {@code workload}. Deterministic: the same model gives the same proposal.
   *
   * @param workload a model read without a section for {@link #store()}, with its text
   * @param schemaName the file name the proposal's schema is to be written as (the CQL file a
   *     Cassandra section names), beside the designed model
   */
  Proposal propose(DesignInput workload, String schemaName);
}
