/**
 * JMH benchmarks of keyplan, outside the shipped tool: {@code check} on generated Cassandra and
 * DynamoDB models of growing size ({@link dev.keyplan.bench.CheckBenchmark}, with the generators
 * and the {@link dev.keyplan.bench.Validation} that each model exercises every plan and rule),
 * tokens and replicas against cassandra-all 5.0.6, and the ring simulation's throughput, with the
 * report mains that print the figures bench/RESULTS.md records.
 */
package dev.keyplan.bench;
