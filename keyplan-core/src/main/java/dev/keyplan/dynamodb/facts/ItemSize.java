package dev.keyplan.dynamodb.facts;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The exact size of a DynamoDB item in bytes, the figure that capacity units and the 400 KB limit
 * are computed from.
 *
 * <p>Rules, from the AWS DynamoDB Developer Guide "DynamoDB item sizes and formats"
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html,
 * read 2026-12-02), with the exact number and set rules from mhart/dynalite {@code db/index.js}
 * {@code valSize}, whose tests ({@code test/putItem.js}, {@code test/getItem.js}) were run against
 * the live service:
 *
 * <ul>
 *   <li>an item is the sum over its attributes of the name's UTF-8 bytes plus the value's size;
 *   <li>{@code S}: UTF-8 bytes; {@code B}: raw bytes (not the base64 text);
 *   <li>{@code BOOL}, {@code NULL}: 1 byte;
 *   <li>{@code L}: 3 + Σ (1 + element); {@code M}: 3 + Σ (1 + name's UTF-8 bytes + value);
 *   <li>{@code SS}, {@code NS}, {@code BS}: the sum of the elements, with no overhead (the guide is
 *       silent; dynalite and zaccharles/dynamodb-calculator agree);
 *   <li>{@code N}: see {@link #numberBytes}.
 * </ul>
 *
 * <p>Worked example, the guide's own ("Quotas", "Item size"): {@code {"shirt-color": S "R",
 * "shirt-size": S "M"}} is 11 + 1 + 10 + 1 = <b>23 bytes</b>. dynalite's "ConsumedCapacity for
 * small item" item, {@code a} S of 10 chars, {@code b} S of 999, {@code c} N "12.3456", {@code d} B
 * "AQI=", {@code e} BS ["AQI=", "Ag==", "AQ=="], is (1 + 10) + (1 + 999) + (1 + 4) + (1 + 2) + (1 +
 * 2 + 1 + 1) = <b>1,024 bytes</b>, one write unit; with {@code b} at 1,001 chars and {@code e} one
 * element shorter it is 1,025 and costs two.
 *
 * <p>Storage adds {@link DynamoDbLimits#STORAGE_OVERHEAD_PER_ITEM_BYTES} per item ({@link
 * #storageBytes}); capacity units do not include it.
 */
public final class ItemSize {
  private ItemSize() {}

  /** Returns the size of an item: names plus values, as capacity and the 400 KB limit count it. */
  public static long of(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
      size += utf8Bytes(attribute.getKey()) + valueBytes(attribute.getValue());
    }
    return size;
  }

  /** Returns the bytes an item occupies in storage: {@link #of} plus 100 bytes of overhead. */
  public static long storageBytes(Map<String, AttributeValue> item) {
    return of(item) + DynamoDbLimits.STORAGE_OVERHEAD_PER_ITEM_BYTES;
  }

  /** Returns whether DynamoDB accepts an item this big (409,600 bytes is still accepted). */
  public static boolean fits(long itemBytes) {
    return itemBytes <= DynamoDbLimits.MAX_ITEM_BYTES;
  }

  /** Returns the size of one value, without the name of the attribute that holds it. */
  public static long valueBytes(AttributeValue value) {
    // No pattern-matching switch in this code base (Java 17 without preview).
    if (value instanceof AttributeValue.S s) {
      return utf8Bytes(s.value());
    }
    if (value instanceof AttributeValue.N n) {
      return numberBytes(n.value());
    }
    if (value instanceof AttributeValue.B b) {
      return b.length();
    }
    if (value instanceof AttributeValue.Bool || value instanceof AttributeValue.Null) {
      return DynamoDbLimits.BOOLEAN_OR_NULL_BYTES;
    }
    if (value instanceof AttributeValue.L l) {
      long size = DynamoDbLimits.LIST_OR_MAP_OVERHEAD_BYTES;
      for (AttributeValue element : l.elements()) {
        size += DynamoDbLimits.LIST_OR_MAP_ELEMENT_OVERHEAD_BYTES + valueBytes(element);
      }
      return size;
    }
    if (value instanceof AttributeValue.M m) {
      long size = DynamoDbLimits.LIST_OR_MAP_OVERHEAD_BYTES;
      for (Map.Entry<String, AttributeValue> entry : m.entries().entrySet()) {
        size +=
            DynamoDbLimits.LIST_OR_MAP_ELEMENT_OVERHEAD_BYTES
                + utf8Bytes(entry.getKey())
                + valueBytes(entry.getValue());
      }
      return size;
    }
    if (value instanceof AttributeValue.SS ss) {
      return ss.elements().stream().mapToLong(ItemSize::utf8Bytes).sum();
    }
    if (value instanceof AttributeValue.NS ns) {
      return ns.elements().stream().mapToLong(n -> numberBytes(n.value())).sum();
    }
    if (value instanceof AttributeValue.BS bs) {
      return bs.elements().stream().mapToLong(AttributeValue.B::length).sum();
    }
    throw new AssertionError("unknown attribute value " + value);
  }

  /**
   * Returns the size of a number. DynamoDB stores a number as base-100 digit pairs; the guide's "1
   * byte per two significant digits, plus 1 byte" is approximate. The exact rule (dynalite {@code
   * valSize}, zaccharles/dynamodb-calculator {@code calculateNumberSizeInBytes}):
   *
   * <ul>
   *   <li>zero is 1 byte;
   *   <li>otherwise strip leading and trailing zeros, leaving n significant digits whose first has
   *       base-10 exponent e; the size is 1 + ⌈n/2⌉, plus 1 when n and e are both even (the pairs
   *       are counted from the decimal point, so an even run of digits starting at an even exponent
   *       straddles one more pair), plus 1 for a minus sign, at most 21.
   * </ul>
   *
   * <p>Worked numbers: {@code 12} (n 2, e 1) = 2; {@code 1.2} (n 2, e 0) = 1 + 1 + 1 = 3, where the
   * approximation says 2; {@code 12.3456} (n 6, e 1) = 4; {@code -12.5} (n 3) = 1 + 2 + 1 = 4;
   * {@code 0.001} (n 1) = 2; {@code 11111E+121} (n 5) = 4; 38 ones then 88 zeros (n 38, e 125) =
   * 20.
   */
  public static int numberBytes(BigDecimal number) {
    if (number.signum() == 0) {
      return 1;
    }
    BigDecimal stripped = number.stripTrailingZeros();
    int digits = stripped.precision();
    long exponent = AttributeValue.N.exponentOf(stripped);
    int size = 1 + (digits + 1) / 2;
    if (digits % 2 == 0 && Math.floorMod(exponent, 2) == 0) {
      size++;
    }
    if (number.signum() < 0) {
      size++;
    }
    return Math.min(size, DynamoDbLimits.MAX_NUMBER_BYTES);
  }

  /** Returns the size of a number written as DynamoDB text, such as {@code "-1E-130"}. */
  public static int numberBytes(String number) {
    return numberBytes(AttributeValue.N.of(number).value());
  }

  /** Returns the UTF-8 byte count of a name or string: "é" is 2, "€" 3, an emoji 4. */
  public static long utf8Bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
