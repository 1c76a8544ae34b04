/**
 * What {@code keyplan analyze} measured about one entity, in the workload model's own terms, handed
 * from the engine that measured it (DuckDB, or Spark in keyplan-spark) to what uses it: the
 * renderers, and the model writer that merges it into a model file ({@code --write}) or starts one
 * ({@code --new}). Values only; nothing here reads data or files.
 */
package dev.keyplan.analyze.measured;
