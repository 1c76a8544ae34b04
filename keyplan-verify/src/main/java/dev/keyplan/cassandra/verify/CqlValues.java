package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.uuid.Uuids;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.model.Attribute;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Column values for loaded rows, shaped as keyplan sizes them: a text, blob or collection element
 * takes the attribute's {@code size} in bytes (ASCII, so characters are bytes), a collection its
 * {@code items} elements, fixed-size types their own width. Partition key columns get the value of
 * a partition number (its literal too, for the token check); clustering columns the row's number,
 * so every row is distinct.
 */
final class CqlValues {
  private CqlValues() {}

  /** A key value as a driver object and as the literal keyplan's token function reads. */
  record Key(Object value, String literal) {}

  /**
   * The value of partition number {@code n} in key column {@code c} (a bucket or suffix holds n
   * itself).
   */
  static Key key(Column c, long n) {
    String type = c.type().name();
    return switch (type) {
      case "int" -> new Key((int) n, Long.toString((int) n));
      case "bigint" -> new Key(n, Long.toString(n));
      case "smallint" -> new Key((short) n, Long.toString((short) n));
      case "tinyint" -> new Key((byte) n, Long.toString((byte) n));
      case "text", "varchar", "ascii" -> new Key(c.name() + "-" + n, c.name() + "-" + n);
      case "uuid" -> {
        UUID u = UUID.nameUUIDFromBytes((c.name() + "-" + n).getBytes(StandardCharsets.UTF_8));
        yield new Key(u, u.toString());
      }
      case "timestamp" -> new Key(Instant.ofEpochMilli(n), Long.toString(n));
      case "date" -> new Key(LocalDate.ofEpochDay(n), LocalDate.ofEpochDay(n).toString());
      default ->
          throw new IllegalArgumentException(
              "keyplan verify cannot load a partition key of type "
                  + type
                  + " ("
                  + c.name()
                  + ") yet");
    };
  }

  /** The value of column {@code c} in row {@code row}. */
  static Object value(BoundTable t, Column c, long row) {
    java.util.Optional<Attribute> a = t.entity().attribute(c.name());
    long size =
        a.flatMap(
                x ->
                    x.size().isPresent()
                        ? java.util.Optional.of(x.size().getAsLong())
                        : java.util.Optional.empty())
            .orElse(16L);
    int items = a.map(Attribute::items).orElse(1);
    CqlType type = c.type().unfrozen();
    if (type.isCollection()) {
      CqlType element = type.arguments().get(type.arguments().size() - 1);
      switch (type.name()) {
        case "list" -> {
          List<Object> out = new ArrayList<>();
          for (int i = 0; i < items; i++) {
            out.add(scalar(element.name(), size, row * 1_000 + i));
          }
          return out;
        }
        case "set" -> {
          Set<Object> out = new LinkedHashSet<>();
          for (int i = 0; i < items; i++) {
            out.add(scalar(element.name(), size, row * 1_000 + i));
          }
          return out;
        }
        default -> {
          Map<Object, Object> out = new LinkedHashMap<>();
          for (int i = 0; i < items; i++) {
            out.put(
                scalar(type.arguments().get(0).name(), 8, row * 1_000 + i),
                scalar(element.name(), size, i));
          }
          return out;
        }
      }
    }
    return scalar(type.name(), size, row);
  }

  /**
   * A value of a scalar type: {@code size} bytes for variable-size types, {@code n} for numbers.
   */
  static Object scalar(String type, long size, long n) {
    return switch (type) {
      case "int" -> (int) n;
      case "bigint", "counter" -> n;
      case "smallint" -> (short) n;
      case "tinyint" -> (byte) n;
      case "boolean" -> n % 2 == 0;
      case "double" -> (double) n;
      case "float" -> (float) n;
      case "decimal" -> BigDecimal.valueOf(n);
      case "varint" -> BigInteger.valueOf(n);
      case "uuid" -> new UUID(0x1234L, n);
      case "timeuuid" -> Uuids.startOf(n);
      case "timestamp" -> Instant.ofEpochMilli(n);
      case "date" -> LocalDate.ofEpochDay(n % 100_000);
      case "blob" -> ByteBuffer.wrap(text(size, n).getBytes(StandardCharsets.US_ASCII));
      case "text", "varchar", "ascii" -> text(size, n);
      default ->
          throw new IllegalArgumentException(
              "keyplan verify cannot load a column of type " + type + " yet");
    };
  }

  /** {@code size} ASCII characters, starting with the row's number so values differ. */
  static String text(long size, long n) {
    String head = Long.toString(n);
    int length = (int) Math.max(head.length(), size);
    StringBuilder b = new StringBuilder(length).append(head);
    while (b.length() < length) {
      b.append('x');
    }
    return b.toString();
  }
}
