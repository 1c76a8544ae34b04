package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.input.Location;
import java.util.List;
import java.util.Optional;

/**
 * One way into a table's items: the table's primary key, or a secondary index. A query names a
 * path, gives its partition key by equality and may add one condition on its sort key.
 *
 * @param table the table's name
 * @param name the table's name for the table's own key, else the index's name
 * @param local a local secondary index: same partition key, table's capacity, strongly consistent
 *     reads allowed, fetches of unprojected attributes from the table
 * @param partitionKey the partition key attributes (one, or up to four on a global index)
 * @param sortKey the sort key attributes (none, one, or up to four on a global index)
 * @param projection what a global or local index copies; {@link Projection#ALL} for the table
 * @param capacity a global index's own provisioned capacity, if written
 */
public record KeyPath(
    String table,
    String name,
    boolean isIndex,
    boolean local,
    List<String> partitionKey,
    List<String> sortKey,
    Projection projection,
    Optional<Billing> capacity,
    Location location) {

  public KeyPath {
    partitionKey = List.copyOf(partitionKey);
    sortKey = List.copyOf(sortKey);
  }

  /** Returns true for a global secondary index: its own partitions, capacity and write costs. */
  public boolean isGlobal() {
    return isIndex && !local;
  }

  /** Returns every key attribute of the path: partition key, then sort key. */
  public List<String> keyAttributes() {
    var all = new java.util.ArrayList<>(partitionKey);
    all.addAll(sortKey);
    return List.copyOf(all);
  }

  /**
   * Returns the copy of the data this path reads and whose capacity it consumes: the table for the
   * table itself and its local indexes (they live in the table's partitions), {@code table.index}
   * for a global index.
   */
  public String copy() {
    return isGlobal() ? label() : table;
  }

  /** Returns "table" or "table.index", the way reports name a path. */
  public String label() {
    return isIndex ? table + "." + name : table;
  }
}
