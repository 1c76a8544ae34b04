/**
 * Proposing a design from a workload (issue 20, {@code keyplan design}): the store-neutral shape of
 * a proposal. Each store proposes through its own {@link dev.keyplan.designer.Designer} (named by
 * its {@link dev.keyplan.store.Store#designer}), which searches candidates with that store's own
 * analysis and rules; this package names no store and prints nothing.
 */
package dev.keyplan.designer;
