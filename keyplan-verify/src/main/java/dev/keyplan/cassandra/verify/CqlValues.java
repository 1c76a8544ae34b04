package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
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
      case "timeuuid" -> {
        UUID u = Uuids.startOf(n);
        yield new Key(u, u.toString());
      }
      case "boolean" -> new Key(n % 2 == 0, Boolean.toString(n % 2 == 0));
      case "blob" ->
          new Key(
              ByteBuffer.allocate(8).putLong(0, n),
              String.format(java.util.Locale.ROOT, "0x%016x", n));
      // Any other type Cassandra accepts in a key is loaded too; keyplan's token function does not
      // read its literal (null), so its token is not compared.
      default -> new Key(scalar(type, 8, n), null);
    };
  }

  /** The value of column {@code c}, of the server's type {@code type}, in row {@code row}. */
  static Object value(BoundTable t, Column c, DataType type, long row) {
    java.util.Optional<Attribute> a = t.attribute(c);
    long size = a.flatMap(x -> boxed(x.size())).orElse(16L);
    return of(type, size, a.map(Attribute::items).orElse(1), row);
  }

  private static java.util.Optional<Long> boxed(java.util.OptionalLong v) {
    return v.isPresent() ? java.util.Optional.of(v.getAsLong()) : java.util.Optional.empty();
  }

  /** The value of column {@code c} in row {@code row}. */
  static Object value(BoundTable t, Column c, long row) {
    java.util.Optional<Attribute> a = t.attribute(c);
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

  /**
   * A value of the driver's {@code type} for row {@code n}, built from the type itself as the
   * server describes it to a prepared statement, so every type Cassandra accepts can be loaded: a
   * user-defined type gets a value of each of its fields ({@link UserDefinedType#newValue}), a
   * tuple of each component, a {@code vector<float, N>} N seeded random floats, a collection {@code
   * items} elements (nested types recursively). {@code size} is the bytes of one variable-size
   * value; a UDT or tuple spreads it over its fields. Types:
   * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html
   */
  static Object of(DataType type, long size, int items, long n) {
    if (type instanceof ListType l) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < items; i++) {
        out.add(of(l.getElementType(), size, 1, n * 1_000 + i));
      }
      return out;
    }
    if (type instanceof SetType st) {
      Set<Object> out = new LinkedHashSet<>();
      for (int i = 0; i < items; i++) {
        out.add(of(st.getElementType(), size, 1, n * 1_000 + i));
      }
      return out;
    }
    if (type instanceof MapType m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < items; i++) {
        out.put(of(m.getKeyType(), 8, 1, n * 1_000 + i), of(m.getValueType(), size, 1, i));
      }
      return out;
    }
    if (type instanceof UserDefinedType u) {
      List<DataType> fields = u.getFieldTypes();
      Object[] values = new Object[fields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = of(fields.get(i), Math.max(1, size / values.length), 1, n + i);
      }
      return u.newValue(values);
    }
    if (type instanceof TupleType t) {
      List<DataType> parts = t.getComponentTypes();
      Object[] values = new Object[parts.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = of(parts.get(i), Math.max(1, size / values.length), 1, n + i);
      }
      return t.newValue(values);
    }
    if (type instanceof VectorType v) {
      // Seeded by the row, so a run loads the same vectors every time (no wall clock, no shared
      // state); ANN reads then meet the same index.
      java.util.Random random = new java.util.Random(VECTOR_SEED ^ n);
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < v.getDimensions(); i++) {
        out.add(
            v.getElementType().equals(DataTypes.FLOAT)
                ? (Object) random.nextFloat()
                : of(v.getElementType(), size, 1, n * 1_000 + i));
      }
      return CqlVector.newInstance(out);
    }
    return switch (type.asCql(false, true)) {
      case "inet" ->
          new java.net.InetSocketAddress(
                  "10." + (n >> 16 & 255) + "." + (n >> 8 & 255) + "." + (n & 255), 0)
              .getAddress();
      case "duration" -> CqlDuration.newInstance(0, (int) (n % 1_000), n);
      case "time" -> java.time.LocalTime.ofNanoOfDay(Math.floorMod(n, 86_400L) * 1_000_000_000L);
      default -> scalar(type.asCql(false, true), size, n);
    };
  }

  /** The seed of loaded vectors' components. */
  static final long VECTOR_SEED = 0x5EED_1CE5L;

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
