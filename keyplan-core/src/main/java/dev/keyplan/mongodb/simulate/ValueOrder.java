package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.facts.HashedKey;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Where a value of the shard key's first field sorts, as a number in [0, 1): chunks are ranges of
 * this order, so it decides which values share a chunk and which chunk holds which value.
 *
 * <ul>
 *   <li>Hashed field: the value's hashed-index value ({@link HashedKey#hash64}), mapped from [−2⁶³,
 *       2⁶³) onto [0, 1) by {@code 0.5 + h / 2⁶⁴}; chunks of a hashed key are ranges of these
 *       numbers.
 *   <li>Ranged field, a value the model spells (a named share such as {@code US}, an enumeration
 *       value, a trace's key or a zone bound): a string by its UTF-8 bytes as the simple collation
 *       compares them, the first 6 bytes as a base-256 fraction and the rest as a tie break; a
 *       number by {@code 0.5 + atan(x) / π}, which keeps numeric order.
 *   <li>Ranged field, a value the model does not spell (the {@code country_code-7} of a {@code
 *       busiest:} or {@code zipf} spread, whose real spelling is unknown): where the hash of its
 *       name falls. A value's popularity says nothing about where it sorts, so the busiest values
 *       are scattered through the key space instead of all sorting first.
 * </ul>
 */
final class ValueOrder {
  private static final double TWO_TO_64 = 0x1p64;
  private static final int PREFIX_BYTES = 6;

  private final boolean hashed;
  private final boolean numeric;

  /**
   * @param hashed the field is hashed in the shard key
   * @param numeric the field holds numbers (BSON int, long, double or decimal)
   */
  ValueOrder(boolean hashed, boolean numeric) {
    this.hashed = hashed;
    this.numeric = numeric;
  }

  boolean hashed() {
    return hashed;
  }

  /** Returns the position of a value the model spells. */
  double ofSpelled(String value) {
    if (hashed) {
      return unit(HashedKey.hash64(bson(value)));
    }
    Double number = numeric ? number(value) : null;
    return number != null ? 0.5 + Math.atan(number) / Math.PI : bytes(value);
  }

  /** Returns the position of a value known only by its rank name. */
  double ofUnspelled(String name) {
    return unit(HashedKey.hash64(new BsonString(name)));
  }

  /** Compares two spelled values the way their positions tie-break: UTF-8 bytes, unsigned. */
  static int compareSpelling(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** Maps a hashed-index value onto [0, 1). */
  static double unit(long hash) {
    return 0.5 + hash / TWO_TO_64;
  }

  /** Maps a position in [0, 1) back onto the hashed-index value there. */
  static long hashAt(double position) {
    double h = (position - 0.5) * TWO_TO_64;
    return h >= 0x1p63 ? Long.MAX_VALUE : (long) h;
  }

  private BsonValue bson(String value) {
    Double number = numeric ? number(value) : null;
    if (number == null) {
      return new BsonString(value);
    }
    return number == Math.rint(number) && Math.abs(number) < 0x1p63
        ? new BsonInt64(number.longValue())
        : new BsonDouble(number);
  }

  private static double bytes(String value) {
    byte[] b = value.getBytes(StandardCharsets.UTF_8);
    double x = 0;
    double scale = 1.0 / 256;
    for (int i = 0; i < Math.min(PREFIX_BYTES, b.length); i++) {
      x += (b[i] & 0xff) * scale;
      scale /= 256;
    }
    return x;
  }

  private static Double number(String value) {
    try {
      return Double.valueOf(value.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
