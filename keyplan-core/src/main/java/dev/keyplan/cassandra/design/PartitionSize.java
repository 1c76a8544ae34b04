package dev.keyplan.cassandra.design;

/**
 * The size of one partition on one replica.
 *
 * @param rows rows in the partition ({@code N_r})
 * @param values cells in the partition ({@code N_v})
 * @param bytes the Apache Cassandra docs' formula ({@code S_t}), printed as the published
 *     guideline's figure
 * @param dataBytes the regular and static columns' values alone, without keys or cell metadata: the
 *     "message size × rows" figure of seed 000
 * @param diskBytes the bytes Cassandra 5.0 writes to Data.db for the partition, uncompressed
 *     ({@link SstableFootprint}): what {@code max_partition_size} and the partition-size guardrail
 *     measure, and what the guideline rules compare
 */
public record PartitionSize(
    double rows, double values, double bytes, double dataBytes, double diskBytes) {
  /** A size that could not be computed because the model lacks a spread. */
  public static final PartitionSize UNKNOWN =
      new PartitionSize(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  /** Returns true if the size is known. */
  public boolean known() {
    return !Double.isNaN(rows);
  }
}
