package dev.keyplan.dynamodb.workbench;

import dev.keyplan.input.Location;
import java.util.List;

/**
 * A global or local secondary index of a Workbench table.
 *
 * <p>Keys are lists because DynamoDB now allows multi-attribute GSI keys (up to four partition and
 * four sort attributes). Workbench exports seen so far write one {@code PartitionKey} and at most
 * one {@code SortKey} object, so today each list has one and zero or one elements.
 */
public record WorkbenchIndex(
    String name,
    List<KeyAttribute> partitionKeys,
    List<KeyAttribute> sortKeys,
    Projection projection,
    Location location) {

  public WorkbenchIndex {
    partitionKeys = List.copyOf(partitionKeys);
    sortKeys = List.copyOf(sortKeys);
  }

  /**
   * {@code Projection}: which attributes the index copies. {@code nonKeyAttributes} is set only for
   * INCLUDE and follows the API's {@code Projection.NonKeyAttributes}.
   */
  public record Projection(Type type, List<String> nonKeyAttributes) {
    public Projection {
      nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }

    /** The API's {@code ProjectionType} values. */
    public enum Type {
      ALL,
      KEYS_ONLY,
      INCLUDE
    }
  }
}
