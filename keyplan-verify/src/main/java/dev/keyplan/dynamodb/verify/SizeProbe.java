package dev.keyplan.dynamodb.verify;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Measures, to the byte, how big the engine counts an item, from nothing but the write units it
 * charges: a PutItem costs ⌈size / 1,024⌉ WCU, so adding a padding attribute {@value #PAD} of
 * {@code k} characters to an item of {@code s} bytes costs one unit more from the smallest {@code
 * k} with {@code s + 6 + k > 1,024 × U} on, where U is the cost with {@code k = 0}. A binary search
 * over {@code k} in [0, 1,024] finds it in 11 puts; then {@code s = 1,024 × U − 5 − k}.
 *
 * <p>Each probe is written to a key of its own with nothing there before (the item is deleted
 * between probes), because overwriting an item is charged on the larger of the old and the new. The
 * probed item is deleted at the end.
 */
final class SizeProbe {
  /** The padding attribute: 6 bytes of name, plus its value. */
  static final String PAD = "kp_pad";

  private final DynamoDbClient client;

  SizeProbe(DynamoDbClient client) {
    this.client = client;
  }

  /** What the engine charged for a write of the item, and the size it counted. */
  record Measured(double writeUnits, long bytes) {}

  /** Returns the engine's charge for a new item {@code item} in {@code table}, and its size. */
  Measured measure(
      String table, Map<String, AttributeValue> item, Map<String, AttributeValue> key) {
    double units = put(table, item, key);
    double base = put(table, padded(item, 0), key);
    int low = 0;
    int high = 1024;
    // Invariant: padding low costs base units, padding high costs more.
    while (high - low > 1) {
      int mid = (low + high) >>> 1;
      if (put(table, padded(item, mid), key) > base) {
        high = mid;
      } else {
        low = mid;
      }
    }
    client.deleteItem(b -> b.tableName(table).key(key));
    long bytes = 1024L * Math.round(base) - (PAD.length() - 1) - high;
    return new Measured(units, bytes);
  }

  private double put(
      String table, Map<String, AttributeValue> item, Map<String, AttributeValue> key) {
    client.deleteItem(b -> b.tableName(table).key(key));
    Double u =
        client
            .putItem(
                b ->
                    b.tableName(table)
                        .item(item)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
            .consumedCapacity()
            .capacityUnits();
    return u == null ? Double.NaN : u;
  }

  private static Map<String, AttributeValue> padded(Map<String, AttributeValue> item, int k) {
    Map<String, AttributeValue> out = new LinkedHashMap<>(item);
    out.put(PAD, AttributeValue.fromS("p".repeat(k)));
    return out;
  }
}
