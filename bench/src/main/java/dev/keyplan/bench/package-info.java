/**
 * JMH benchmarks of keyplan, outside the shipped tool, store-neutral: {@code check} on generated
 * models of growing size ({@link dev.keyplan.bench.CheckBenchmark}) for every store plugged in
 * through {@link dev.keyplan.bench.BenchStore}, with the report mains that print the figures
 * bench/RESULTS.md records; each store's side lives in its own package, {@code
 * dev.keyplan.<store>.bench}.
 */
package dev.keyplan.bench;
