package dev.keyplan.cassandra.design;

import dev.keyplan.workload.CompositeKey;
import java.util.List;
import java.util.Optional;

/**
 * A table's size at the model's horizon, on one replica.
 *
 * @param rows live rows in the table
 * @param partitions live partitions (NaN if a key attribute has no declared spread)
 * @param typical the average partition
 * @param busiest the partition of the busiest key value
 * @param windowSeconds the time bucket's width, 0 if the partition key has none
 * @param lifetimeSeconds how long a row lives in the table: the horizon, or the TTL when shorter;
 *     the span of time a partition without a bucket holds
 * @param unbounded the busiest partition keeps growing with time (no bucket, no TTL, and the key
 *     does not identify a row)
 * @param busiestRowsPerSecond rows written per second into the busiest partition
 * @param keyValues distinct values of the partition key, time bucket aside (shard suffix included)
 * @param busiestShare the busiest key value's share of the table's rows and writes
 * @param keyIdentifiesRow the partition key contains the entity's identifying key, or a {@code
 *     unique} attribute: one row each
 * @param overwrites the primary key holds neither the entity's key nor a unique attribute, so rows
 *     that share its columns' values overwrite each other ({@link Sizer#size})
 * @param rowsPerPartitionCap the most rows a partition can hold when rows overwrite each other: Π
 *     distinct values of its clustering columns; infinite when unbounded or unknown
 * @param undeclared key attributes whose spread the model does not give
 * @param advice bucket widths for a growing partition, when one is needed
 * @param tableBytes the whole table on one replica ({@link Sizer#table}; NaN when a spread is
 *     undeclared)
 * @param partitionKey the partition key's values and busiest share as counted, with the assumption
 *     they rest on (independence, or the model's belongs_to and per: statements), for outputs to
 *     state
 * @param tableBytesAtLeast {@code tableBytes} when it is known; else, when the rows are, a lower
 *     bound: the rows × their bytes ({@link Sizer#table} without its per-partition part, which
 *     needs the partitions a spread gives); NaN when the rows are unknown too
 */
public record CassandraSizing(
    String table,
    double rows,
    double partitions,
    PartitionSize typical,
    PartitionSize busiest,
    long windowSeconds,
    long lifetimeSeconds,
    boolean unbounded,
    double busiestRowsPerSecond,
    double keyValues,
    double busiestShare,
    boolean keyIdentifiesRow,
    boolean overwrites,
    double rowsPerPartitionCap,
    List<String> undeclared,
    Optional<BucketAdvice> advice,
    double tableBytes,
    CompositeKey partitionKey,
    double tableBytesAtLeast) {

  public CassandraSizing {
    undeclared = List.copyOf(undeclared);
  }
}
