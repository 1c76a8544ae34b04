package dev.keyplan.dynamodb.design;

import java.util.List;
import java.util.Map;

/**
 * A table's size at the model's horizon and the physical partitions it needs.
 *
 * <p>Storage is what DynamoDB bills: every item's size plus 100 bytes, and every index entry's
 * (base and index keys plus projected attributes) plus 100 bytes (AWS DG, "Item sizes and formats";
 * GSI.md). A table with local indexes keeps their entries in its own partitions.
 *
 * <p>Partitions: a partition holds at most 10 GB and serves at most 3,000 RCU and 1,000 WCU, so a
 * table needs at least {@code ⌈bytes / 10 GB⌉} and {@code ⌈RCU / 3,000 + WCU / 1,000⌉} of them —
 * the sizing formula AWS published until 2018 ("Understanding partition behavior", in the archived
 * Developer Guide). DynamoDB no longer publishes its partitioning; the figures are lower bounds.
 *
 * @param items items of every type at the horizon
 * @param bytes storage bytes of the table's items and local index entries
 * @param indexes per global index: {entries, storage bytes}
 * @param partitionsBySize lower bound from 10 GB per partition
 * @param partitionsByThroughput lower bound from the peak read and write units of the table
 * @param largestItem the item type with the largest item, and its size
 * @param lsiEntryBytes per item type, by name: the bytes of its entries in the table's local
 *     indexes (the table's and the index's key attributes plus the projected ones, no storage
 *     overhead), which the 400 KB item limit counts with the item (AWS DG, LSI.html, "Item
 *     collection size limit"; notes §2.1); an item type with no local index entry is left out
 * @param oversizedKeys key values that may exceed 2,048 (partition) or 1,024 (sort) bytes: item
 *     type, attribute, bytes
 * @param collectionBytes the busiest item collection (all items sharing a partition key value, with
 *     local index entries); the 10 GB cap applies when the table has a local index
 * @param busiestWindows per item type whose partition key's busiest rate a {@code for:} window
 *     bounds, what its busiest value holds ({@code Like: busiest post_id: 300/s for 1d = 25,920,000
 *     rows}), for outputs to state beside the busiest collection (docs/model.md, "Hot for a
 *     window"); empty when none is
 */
public record DynamoDbSizing(
    String table,
    double items,
    double bytes,
    Map<String, double[]> indexes,
    double partitionsBySize,
    double partitionsByThroughput,
    String largestItem,
    long largestItemBytes,
    Map<String, Long> lsiEntryBytes,
    List<OversizedKey> oversizedKeys,
    String collectionSignature,
    double collectionBytes,
    List<String> busiestWindows) {

  /** A table's sizing whose busiest keys no {@code for:} window bounds. */
  public DynamoDbSizing(
      String table,
      double items,
      double bytes,
      Map<String, double[]> indexes,
      double partitionsBySize,
      double partitionsByThroughput,
      String largestItem,
      long largestItemBytes,
      Map<String, Long> lsiEntryBytes,
      List<OversizedKey> oversizedKeys,
      String collectionSignature,
      double collectionBytes) {
    this(
        table,
        items,
        bytes,
        indexes,
        partitionsBySize,
        partitionsByThroughput,
        largestItem,
        largestItemBytes,
        lsiEntryBytes,
        oversizedKeys,
        collectionSignature,
        collectionBytes,
        List.of());
  }

  public DynamoDbSizing {
    busiestWindows = List.copyOf(busiestWindows);
    indexes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(indexes));
    lsiEntryBytes =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(lsiEntryBytes));
    oversizedKeys = List.copyOf(oversizedKeys);
  }

  /** Returns the bytes of item type {@code item}'s local index entries: 0 if it is on none. */
  public long lsiEntryBytes(String item) {
    return lsiEntryBytes.getOrDefault(item, 0L);
  }

  /**
   * Returns an item's size as the 400 KB item limit counts it: the item plus its local index
   * entries. An item of 250,189 B on one local index projecting ALL counts 2 × 250,189 = 500,378 B,
   * over the limit although the item alone is 61% of it.
   */
  public long limitBytes(DynamoDbItem it) {
    return it.fullBytes() + lsiEntryBytes(it.name());
  }

  /** A key value over DynamoDB's limit. */
  public record OversizedKey(String item, String attribute, boolean partitionKey, long bytes) {}
}
