/**
 * Store-neutral workload arithmetic: how many values a key attribute has and the busiest one's
 * share, from the model's spreads ({@link dev.keyplan.workload.KeySpread}), and from those how many
 * items share a partition key value and what share of a pattern's requests the busiest value takes
 * ({@link dev.keyplan.workload.KeyCounts}).
 */
package dev.keyplan.workload;
