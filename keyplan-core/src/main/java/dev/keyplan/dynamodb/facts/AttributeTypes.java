package dev.keyplan.dynamodb.facts;

import dev.keyplan.model.Attribute;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How an entity attribute, typed in the model's store-neutral (CQL-like) vocabulary, is stored in a
 * DynamoDB item: its type descriptor and the bytes its value counts for in the item size ({@link
 * ItemSize}), and the bytes it adds when written into a string key template such as {@code
 * "ORDER#{order_date}"}.
 *
 * <p>Representations (keyplan's convention; every one can be overridden per item type with {@code
 * {type: N, size: 8B}}):
 *
 * <ul>
 *   <li>text, varchar, ascii, duration: {@code S} of the attribute's {@code size};
 *   <li>whole numbers: {@code N} with the digits of the type's largest value, sized by {@link
 *       ItemSize#numberBytes} — bigint and counter 9,223,372,036,854,775,807 (19 digits) = 11 B,
 *       int 2,147,483,647 = 6 B, smallint 32,767 = 4 B, tinyint 127 = 3 B; double with the 17
 *       significant digits that round-trip a binary64 = 10 B, float 9 digits = 6 B; decimal and
 *       varint with ⌈(size − 4) × log10(256)⌉ digits for a CQL decimal's 4-byte scale plus unscaled
 *       bytes (a {@code size: 8B} decimal has 10 digits, 6 B);
 *   <li>timestamp: {@code S} in ISO 8601 with milliseconds, {@code 2026-12-02T16:57:26.123Z}, 24 B;
 *       as {@code N}, epoch seconds (10 digits, 6 B), the unit DynamoDB TTL requires;
 *   <li>date: {@code S} {@code 2026-12-02}, 10 B; time: {@code S} {@code 16:57:26.123}, 12 B;
 *   <li>uuid, timeuuid: {@code S} in the canonical 36-character form;
 *   <li>inet: {@code S} of at most 15 characters (a dotted IPv4 address);
 *   <li>boolean: {@code BOOL}, 1 B; blob: {@code B} of its size;
 *   <li>list: {@code L}, 3 + items × (1 + element); set of text, numbers or blobs: {@code SS},
 *       {@code NS}, {@code BS}, items × element; map, tuple, frozen values, vectors and user types:
 *       {@code M} (or {@code L}), 3 + items × (1 + element), where a map's element is its key and
 *       value and {@code size} is one element, as in the rest of the model.
 * </ul>
 *
 * Overheads are those of [sizes] in {@link DynamoDbLimits}: 3 B per list or map, 1 B per element.
 */
public final class AttributeTypes {
  private AttributeTypes() {}

  /**
   * An attribute as stored: its descriptor, value bytes, and bytes as text inside a key template.
   */
  public record Stored(String descriptor, long valueBytes, long textBytes) {}

  /** ISO 8601 UTC with milliseconds: {@code 2026-12-02T16:57:26.123Z}. */
  static final int ISO_TIMESTAMP_CHARS = 24;

  static final int EPOCH_SECONDS_DIGITS = 10;

  /**
   * Returns how {@code a} is stored, as {@code override} (a DynamoDB type) and {@code sizeOverride}
   * (its value bytes) say where given; empty when the override asks for a type the attribute's own
   * type cannot be turned into without a size (the caller reports it).
   */
  public static Optional<Stored> of(
      Attribute a, Optional<String> override, OptionalLong sizeOverride) {
    String type = a.type().toLowerCase(Locale.ROOT).trim();
    String base = type.replaceAll("<.*", "").trim();
    Stored natural = natural(a, base);
    if (override.isEmpty() || override.get().equals(natural.descriptor())) {
      return Optional.of(
          sizeOverride.isPresent()
              ? new Stored(natural.descriptor(), sizeOverride.getAsLong(), natural.textBytes())
              : natural);
    }
    String to = override.get();
    if (sizeOverride.isPresent()) {
      return Optional.of(new Stored(to, sizeOverride.getAsLong(), natural.textBytes()));
    }
    if (to.equals("N") && (base.equals("timestamp"))) {
      long bytes = digitsBytes(EPOCH_SECONDS_DIGITS);
      return Optional.of(new Stored("N", bytes, EPOCH_SECONDS_DIGITS));
    }
    if (to.equals("S")) {
      return Optional.of(new Stored("S", natural.textBytes(), natural.textBytes()));
    }
    return Optional.empty();
  }

  private static Stored natural(Attribute a, String base) {
    long size = a.size().orElse(0);
    int items = a.items();
    switch (base) {
      case "text":
      case "varchar":
      case "ascii":
      case "duration":
        return new Stored("S", size, size);
      case "bigint":
      case "counter":
        return number(19);
      case "int":
        return number(10);
      case "smallint":
        return number(5);
      case "tinyint":
        return number(3);
      case "double":
        return number(17);
      case "float":
        return number(9);
      case "decimal":
      case "varint":
        return number(
            (int)
                Math.max(
                    1,
                    Math.min(
                        DynamoDbLimits.MAX_NUMBER_DIGITS,
                        Math.ceil(Math.max(1, size - 4) * Math.log10(256)))));
      case "timestamp":
        return new Stored("S", ISO_TIMESTAMP_CHARS, ISO_TIMESTAMP_CHARS);
      case "date":
        return new Stored("S", 10, 10);
      case "time":
        return new Stored("S", 12, 12);
      case "uuid":
      case "timeuuid":
        return new Stored("S", 36, 36);
      case "inet":
        return new Stored("S", 15, 15);
      case "boolean":
        return new Stored("BOOL", DynamoDbLimits.BOOLEAN_OR_NULL_BYTES, 5);
      case "blob":
        return new Stored("B", size, (size + 2) / 3 * 4);
      case "set":
        {
          String element = element(a.type());
          String d =
              element.matches("(?i)text|varchar|ascii|uuid|timeuuid|timestamp|date|inet")
                  ? "SS"
                  : element.matches("(?i)blob") ? "BS" : "NS";
          long each = d.equals("NS") && !a.size().isPresent() ? number(19).valueBytes() : size;
          return new Stored(d, items * each, items * each);
        }
      case "list":
      case "tuple":
      case "vector":
        return new Stored("L", container(items, size), container(items, size));
      default:
        // map, frozen, user-defined types: a map of named values.
        return new Stored("M", container(items, size), container(items, size));
    }
  }

  private static long container(int items, long elementBytes) {
    return DynamoDbLimits.LIST_OR_MAP_OVERHEAD_BYTES
        + (long) items * (DynamoDbLimits.LIST_OR_MAP_ELEMENT_OVERHEAD_BYTES + elementBytes);
  }

  private static String element(String type) {
    int lt = type.indexOf('<');
    int gt = type.lastIndexOf('>');
    return lt < 0 || gt < lt ? "" : type.substring(lt + 1, gt).trim();
  }

  /**
   * Returns what one more element adds to a stored collection: its share of the value plus, in a
   * list or map, the 1-byte element overhead (a list's value is 3 + items × (1 + element)). A list
   * of 9 texts of 300 B is 3 + 9 × 301 = 2,712 B; one more element adds 301 B.
   */
  public static double elementBytes(Stored s, int items) {
    boolean container = s.descriptor().equals("L") || s.descriptor().equals("M");
    return container
        ? (s.valueBytes() - (double) DynamoDbLimits.LIST_OR_MAP_OVERHEAD_BYTES) / Math.max(1, items)
        : s.valueBytes() / (double) Math.max(1, items);
  }

  /** Returns the bytes of an expiry time in epoch seconds (10 digits, 6 B), as TTL requires. */
  public static long epochSecondsBytes() {
    return digitsBytes(EPOCH_SECONDS_DIGITS);
  }

  /** A whole number of {@code digits} digits, sized as its largest value. */
  private static Stored number(int digits) {
    return new Stored("N", digitsBytes(digits), digits);
  }

  /**
   * Returns the bytes of a whole number of {@code digits} digits: {@link ItemSize#numberBytes} of
   * the largest such number, e.g. 10 digits (9,999,999,999) = 6 B.
   */
  static long digitsBytes(int digits) {
    return ItemSize.numberBytes(new java.math.BigDecimal("9".repeat(digits)));
  }
}
