/**
 * Rules of the query category: reads a design serves badly or not at all, on every store: patterns
 * no table serves, scans and scatter-gathers on the hot path, ALLOW FILTERING, application-side
 * joins and {@code $lookup}, blocking sorts, comparisons without a case-insensitive collation,
 * counts without a counter table, and GetItem pinned on an index.
 */
package dev.keyplan.check.query;
