package dev.keyplan.dynamodb.simulate;

import java.util.OptionalLong;

/**
 * One partition over the run.
 *
 * @param name {@code p1}, {@code p2}… in the order partitions were made
 * @param start the first position of its hash range, 16 hexadecimal digits of the {@code [0, 2^62)}
 *     space
 * @param end the position after its range
 * @param rangeShare the share of the hash space it owns
 * @param createdAt the second it was made (0 for the initial partitions)
 * @param splitAt the second it was split, if it was
 * @param cause {@code initial}, or why its parent split: {@code size}, {@code heat}, {@code
 *     throughput}
 * @param bytes the bytes it stored when it split, or at the end
 * @param read its reads
 * @param write its writes
 */
public record PartitionStats(
    String name,
    String start,
    String end,
    double rangeShare,
    long createdAt,
    OptionalLong splitAt,
    String cause,
    double bytes,
    UnitTotals read,
    UnitTotals write) {}
