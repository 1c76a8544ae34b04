/**
 * {@code keyplan analyze}: measures what a workload model otherwise declares by guess — an entity's
 * rows, the distinct values and busiest value of each candidate key, sizes, sparseness and growth —
 * from exported data, with an embedded engine (DuckDB) on one machine. docs/analyze.md describes
 * the command and its JSON. Nothing here prints: the CLI renders what it returns.
 */
package dev.keyplan.analyze;
