package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.ring.CqlKeyType;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The token of a simulated partition key value, from a value of the column's own CQL type, so that
 * {@code keyplan cassandra token} gives the same token for the value a run names.
 *
 * <p>Value {@code rank} of a key column is: its rank + 1 for integer types (channel 1 is the
 * busiest), the value's name for text ({@code channel_id-1}), a name-based UUID of the name for
 * {@code uuid}, and the rank in milliseconds or days for {@code timestamp} and {@code date}. Types
 * without such a form here ({@code timeuuid}, {@code boolean}, {@code blob}, and types outside the
 * token function's list) hash the name's UTF-8 bytes instead: their tokens are as evenly spread,
 * though no CQL value has them.
 */
final class KeyTokens {
  private KeyTokens() {}

  /** Returns the literal of value {@code rank} named {@code name} in a column of {@code type}. */
  static String literal(String type, long rank, String name) {
    CqlKeyType t = typeOf(type);
    if (t == null) {
      return null;
    }
    return switch (t) {
      case INT, BIGINT, SMALLINT, TINYINT -> Long.toString(fit(t, rank + 1));
      case TEXT, ASCII -> name;
      case UUID ->
          java.util.UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
      case TIMESTAMP -> Long.toString(rank);
      case DATE -> Long.toString(rank);
      default -> null;
    };
  }

  /**
   * Returns the literal of a number the application derives into a key column: a time bucket's
   * number or a shard suffix. A {@code timestamp} column holds the bucket's start ({@code number ×
   * width} in milliseconds); text holds the digits.
   */
  static String derived(String type, long number, long widthSeconds) {
    CqlKeyType t = typeOf(type);
    if (t == null) {
      return null;
    }
    return switch (t) {
      case INT, BIGINT, SMALLINT, TINYINT, TEXT, ASCII -> Long.toString(number);
      case TIMESTAMP -> Long.toString(number * widthSeconds * 1000);
      default -> null;
    };
  }

  /**
   * Returns the token of a partition key whose columns have {@code types} and {@code literals}
   * (null where a column has no literal form here, then the {@code names} are hashed instead).
   */
  static long token(List<String> types, List<String> literals, List<String> names) {
    if (literals.contains(null)) {
      return Murmur3Token.token(String.join(":", names).getBytes(StandardCharsets.UTF_8));
    }
    try {
      return Murmur3Token.token(PartitionKeyCodec.encode(types, literals));
    } catch (IllegalArgumentException e) {
      return Murmur3Token.token(String.join(":", names).getBytes(StandardCharsets.UTF_8));
    }
  }

  private static long fit(CqlKeyType t, long v) {
    return switch (t) {
      case TINYINT -> v % Byte.MAX_VALUE;
      case SMALLINT -> v % Short.MAX_VALUE;
      case INT -> v % Integer.MAX_VALUE;
      default -> v;
    };
  }

  private static CqlKeyType typeOf(String type) {
    try {
      return CqlKeyType.fromName(type.trim().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
