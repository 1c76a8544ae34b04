/**
 * The benchmark of {@code keyplan analyze} (issue 19, "Measured, side by side"), run by {@code
 * bench/run.sh analyze}: a seeded generator of one entity's rows with known spreads ({@link
 * dev.keyplan.analyze.bench.AnalyzeBenchData}), the baseline that computes the same figures in
 * DuckDB's own SQL through the same JDBC driver ({@link
 * dev.keyplan.analyze.bench.AnalyzeBaseline}), the runner that times each engine as a process,
 * alternating and repeated, with its peak resident memory ({@link
 * dev.keyplan.analyze.bench.AnalyzeBench}), and a diagnostic that times each SQL statement {@code
 * analyze} sends ({@link dev.keyplan.analyze.bench.AnalyzeSqlProfile}). None of it ships in the
 * CLI.
 */
package dev.keyplan.analyze.bench;
