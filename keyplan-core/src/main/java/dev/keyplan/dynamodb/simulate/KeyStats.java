package dev.keyplan.dynamodb.simulate;

import java.util.List;

/**
 * One tracked partition key value over the run.
 *
 * @param key the value ({@code product_id-1}, {@code product_id-1#3})
 * @param partitions the partitions holding its item collection at the end (more than one when it
 *     was split by sort key)
 * @param bytes its item collection's bytes at the end
 * @param read its reads
 * @param write its writes
 */
public record KeyStats(
    String key, List<String> partitions, double bytes, UnitTotals read, UnitTotals write) {
  public KeyStats {
    partitions = List.copyOf(partitions);
  }
}
