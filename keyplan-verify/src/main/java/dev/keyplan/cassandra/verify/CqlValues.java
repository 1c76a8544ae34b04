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
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.SstableFootprint;
import dev.keyplan.cassandra.design.SstableFootprint.FootprintColumn;
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
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * Column values for loaded rows, of the sizes keyplan's on-disk model gives them ({@link
 * SstableFootprint#columns}: the attribute's {@code size}, per element for a collection, and its
 * {@code items}; without a size the type's default), so that what verify measures is what the model
 * sizes: a text, blob, varint or decimal takes exactly its bytes (averaged over consecutive rows
 * when fractional), a UDT or tuple shares its bytes among its fields and a map entry between key
 * and value by the model's own rule ({@link SstableFootprint#fieldShares}, {@link
 * SstableFootprint#entryShares}), nested types recursively; fixed-size types take their width.
 * Partition key columns get the value of a partition number (its literal too, for the token check);
 * clustering columns the row's number, so every row is distinct.
 *
 * <p>Before, a text started with the row's decimal number whatever its size (7 digits for
 * sensors.yaml's 4-byte {@code unit}: ×1.089), a decimal took the bytes of the row's number, and
 * UDTs in collections and map entries were sized apart from the model (hotelier's guests ×1.28).
 */
final class CqlValues {
  private CqlValues() {}

  /** A key value as a driver object and as the literal keyplan's token function reads. */
  record Key(Object value, String literal) {}

  /** The model's sizing of column {@code c} of {@code t}: its bytes, items and nested types. */
  static FootprintColumn sized(BoundTable t, Column c) {
    return SstableFootprint.columns(t, types(t)).stream()
        .filter(f -> f.name().equals(c.name()))
        .findFirst()
        .orElseThrow();
  }

  /** The user types of {@code t}'s keyspace, by name. */
  static Function<String, Optional<UserType>> types(BoundTable t) {
    return name -> Optional.ofNullable(t.types().get(name));
  }

  /**
   * The value of partition number {@code n} in key column {@code c} (a bucket or suffix holds n
   * itself); a text or blob of {@code bytes} bytes.
   */
  static Key key(Column c, long n, double bytes) {
    String type = c.type().name();
    int length = (int) Math.max(1, Math.round(bytes));
    return switch (type) {
      case "int" -> new Key((int) n, Long.toString((int) n));
      case "bigint" -> new Key(n, Long.toString(n));
      case "smallint" -> new Key((short) n, Long.toString((short) n));
      case "tinyint" -> new Key((byte) n, Long.toString((byte) n));
      case "text", "varchar", "ascii" -> new Key(text(length, n), text(length, n));
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
      case "blob" -> {
        byte[] b = text(length, n).getBytes(StandardCharsets.US_ASCII);
        StringBuilder hex = new StringBuilder("0x");
        for (byte x : b) {
          hex.append(String.format(java.util.Locale.ROOT, "%02x", x));
        }
        yield new Key(ByteBuffer.wrap(b), hex.toString());
      }
      // Any other type Cassandra accepts in a key is loaded too; keyplan's token function does not
      // read its literal (null), so its token is not compared.
      default -> new Key(scalar(type, bytes, n), null);
    };
  }

  /**
   * The value of column {@code c} in row {@code row}, of the server's type {@code type} (null when
   * unknown: then built from the schema's type, which cannot hold a user type).
   */
  static Object value(BoundTable t, Column c, DataType type, long row) {
    FootprintColumn f = sized(t, c);
    DataType driver = type != null ? type : driverType(c.type());
    double bytes = f.bytes();
    if (t.isKey(c.name())) {
      // A clustering value must differ in every row, or the rows overwrite each other: a text or
      // blob narrower than the row's number in base 62 takes the digits it needs (a 1-byte text
      // tells 62 rows apart), the one case where verify loads more than the model declares.
      bytes = Math.max(bytes, width(row));
    }
    return of(driver, c.type(), bytes, (int) Math.round(f.items()), row, f.types());
  }

  /** The base-62 digits of {@code n}: the narrowest {@link #text} that keeps it distinct. */
  static int width(long n) {
    int w = 1;
    for (long v = Math.abs(n) / 62; v > 0; v /= 62) {
      w++;
    }
    return w;
  }

  /** The driver's type of a schema type that holds no user type. */
  static DataType driverType(CqlType type) {
    CqlType t = type.unfrozen();
    boolean frozen = type.isFrozen();
    List<CqlType> a = t.arguments();
    return switch (t.name()) {
      case "list" -> DataTypes.listOf(driverType(a.get(0)), frozen);
      case "set" -> DataTypes.setOf(driverType(a.get(0)), frozen);
      case "map" -> DataTypes.mapOf(driverType(a.get(0)), driverType(a.get(1)), frozen);
      case "tuple" ->
          DataTypes.tupleOf(a.stream().map(CqlValues::driverType).toArray(DataType[]::new));
      default -> {
        DataType d = NATIVE.get(t.name());
        if (d == null) {
          throw new IllegalArgumentException(
              "keyplan verify cannot load a column of type " + type + " yet");
        }
        yield d;
      }
    };
  }

  private static final Map<String, DataType> NATIVE =
      Map.ofEntries(
          Map.entry("ascii", DataTypes.ASCII),
          Map.entry("bigint", DataTypes.BIGINT),
          Map.entry("blob", DataTypes.BLOB),
          Map.entry("boolean", DataTypes.BOOLEAN),
          Map.entry("counter", DataTypes.COUNTER),
          Map.entry("date", DataTypes.DATE),
          Map.entry("decimal", DataTypes.DECIMAL),
          Map.entry("double", DataTypes.DOUBLE),
          Map.entry("duration", DataTypes.DURATION),
          Map.entry("float", DataTypes.FLOAT),
          Map.entry("inet", DataTypes.INET),
          Map.entry("int", DataTypes.INT),
          Map.entry("smallint", DataTypes.SMALLINT),
          Map.entry("text", DataTypes.TEXT),
          Map.entry("time", DataTypes.TIME),
          Map.entry("timestamp", DataTypes.TIMESTAMP),
          Map.entry("timeuuid", DataTypes.TIMEUUID),
          Map.entry("tinyint", DataTypes.TINYINT),
          Map.entry("uuid", DataTypes.UUID),
          Map.entry("varchar", DataTypes.TEXT),
          Map.entry("varint", DataTypes.VARINT));

  /**
   * A value of a scalar type: {@code bytes} bytes for a variable-size type ({@link #length}), the
   * number {@code n} for a fixed one.
   */
  static Object scalar(String type, double bytes, long n) {
    int length = length(bytes, n);
    return switch (type) {
      case "int" -> (int) n;
      case "bigint", "counter" -> n;
      case "smallint" -> (short) n;
      case "tinyint" -> (byte) n;
      case "boolean" -> n % 2 == 0;
      case "double" -> (double) n;
      case "float" -> (float) n;
      // DecimalSerializer: a 4-byte scale, then the unscaled value's two's complement bytes.
      case "decimal" -> new BigDecimal(integer(Math.max(1, length - 4), n), 2);
      // IntegerSerializer: the two's complement bytes alone.
      case "varint" -> integer(Math.max(1, length), n);
      case "uuid" -> new UUID(0x1234L, n);
      case "timeuuid" -> Uuids.startOf(n);
      case "timestamp" -> Instant.ofEpochMilli(n);
      case "date" -> LocalDate.ofEpochDay(n % 100_000);
      case "time" -> java.time.LocalTime.ofNanoOfDay(Math.floorMod(n, 86_400L) * 1_000_000_000L);
      case "blob" -> ByteBuffer.wrap(text(length, n).getBytes(StandardCharsets.US_ASCII));
      case "text", "varchar", "ascii" -> text(length, n);
      case "inet" -> inet(bytes, n);
      case "duration" -> duration(length, n);
      default ->
          throw new IllegalArgumentException(
              "keyplan verify cannot load a column of type " + type + " yet");
    };
  }

  /**
   * The length of value {@code n} of a type declared at {@code bytes} bytes: {@code bytes} itself
   * when whole, else ⌊(m+1)·bytes⌋ − ⌊m·bytes⌋ (m = n mod 10^6), whose mean over consecutive rows,
   * elements or fields is {@code bytes} (6.4 B fields take 6, 7, 6, 7, 6 …).
   */
  static int length(double bytes, long n) {
    double b = Math.max(0, bytes);
    if (b == Math.rint(b)) {
      return (int) b;
    }
    long m = Math.floorMod(n, 1_000_000L);
    return (int) (Math.floor((m + 1) * b) - Math.floor(m * b));
  }

  /**
   * A non-negative integer of exactly {@code length} two's complement bytes, distinct for each
   * {@code n} below 2^(8·length − 9): one byte holds 0 to 127; more hold 2^(8(length−1)) plus n
   * (below 2^(8·length − 1), so no sign byte is added).
   */
  static BigInteger integer(int length, long n) {
    if (length == 1) {
      return BigInteger.valueOf(Math.floorMod(n, 128L));
    }
    int bits = 8 * (length - 1);
    BigInteger base = BigInteger.ONE.shiftLeft(bits);
    BigInteger span = BigInteger.ONE.shiftLeft(bits - 1);
    return base.add(BigInteger.valueOf(n).abs().mod(span));
  }

  /**
   * An inet of mean {@code bytes}: an IPv4 address is 4 bytes, an IPv6 one 16
   * (InetAddressSerializer writes the address's bytes); between the two, the share (bytes − 4) / 12
   * of consecutive values is IPv6, so the mean is {@code bytes}.
   */
  static java.net.InetAddress inet(double bytes, long n) {
    double p = Math.min(1, Math.max(0, (bytes - 4) / 12));
    long m = Math.floorMod(n, 1_000_000L);
    boolean v6 = Math.floor((m + 1) * p) > Math.floor(m * p);
    byte[] address = new byte[v6 ? 16 : 4];
    address[0] = 10;
    for (int i = 1; i < 4; i++) {
      address[address.length - i] = (byte) (n >> (8 * (i - 1)));
    }
    try {
      return java.net.InetAddress.getByAddress(address);
    } catch (java.net.UnknownHostException e) {
      throw new IllegalStateException(e); // 4 or 16 bytes: never thrown
    }
  }

  /**
   * A duration of {@code length} bytes: DurationSerializer writes months, days and nanoseconds as
   * three signed (zigzag) vints; months 0 and days below 64 take 1 byte each, the nanoseconds the
   * rest, from 1 to 9 bytes (a zigzag value 2·v of width w holds v below 2^(7w − 1)).
   */
  static CqlDuration duration(int length, long n) {
    int w = Math.min(9, Math.max(1, length - 2));
    long lo = w == 1 ? 0 : 1L << (7 * (w - 1) - 1);
    long hi = w >= 9 ? Long.MAX_VALUE : 1L << (7 * w - 1);
    long nanos = lo + Math.floorMod(n, hi - lo);
    return CqlDuration.newInstance(0, (int) Math.floorMod(n, 64L), nanos);
  }

  /**
   * A value of the driver's {@code type} (the server's, from a prepared statement) for row {@code
   * n}, shaped by the schema's {@code cql} type and sized as the model sizes it: {@code bytes} of
   * one value, of one element for a collection of {@code items}; a user-defined type a value of
   * each field ({@link UserDefinedType#newValue}) sized by {@link SstableFootprint#fieldShares}, a
   * tuple the same, a map entry split by {@link SstableFootprint#entryShares}, a collection nested
   * in another one element of the declared bytes, a {@code vector<float, N>} N seeded random
   * floats. Types: https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html
   */
  static Object of(
      DataType type,
      CqlType cql,
      double bytes,
      int items,
      long n,
      Function<String, Optional<UserType>> types) {
    CqlType c = cql.unfrozen();
    if (type instanceof ListType l) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < items; i++) {
        out.add(of(l.getElementType(), c.arguments().get(0), bytes, 1, n * 1_000 + i, types));
      }
      return out;
    }
    if (type instanceof SetType st) {
      Set<Object> out = new LinkedHashSet<>();
      for (int i = 0; i < items; i++) {
        out.add(of(st.getElementType(), c.arguments().get(0), bytes, 1, n * 1_000 + i, types));
      }
      return out;
    }
    if (type instanceof MapType m) {
      CqlType k = c.arguments().get(0);
      CqlType v = c.arguments().get(1);
      double[] kv = SstableFootprint.entryShares(k, v, bytes, types);
      Map<Object, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < items; i++) {
        out.put(
            of(m.getKeyType(), k, kv[0], 1, n * 1_000 + i, types),
            of(m.getValueType(), v, kv[1], 1, n * 1_000 + i, types));
      }
      return out;
    }
    if (type instanceof UserDefinedType u) {
      List<CqlType> fields =
          types.apply(c.name()).map(d -> List.copyOf(d.fields().values())).orElse(List.of());
      List<DataType> driver = u.getFieldTypes();
      double[] shares =
          fields.size() == driver.size()
              ? SstableFootprint.fieldShares(fields, bytes, types)
              : null;
      Object[] values = new Object[driver.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] =
            shares == null
                ? of(driver.get(i), typeOf(driver.get(i)), bytes / values.length, 1, n + i, types)
                : of(driver.get(i), fields.get(i), shares[i], 1, n + i, types);
      }
      return u.newValue(values);
    }
    if (type instanceof TupleType t) {
      List<DataType> parts = t.getComponentTypes();
      List<CqlType> cqlParts = c.name().equals("tuple") ? c.arguments() : List.of();
      double[] shares =
          cqlParts.size() == parts.size()
              ? SstableFootprint.fieldShares(cqlParts, bytes, types)
              : null;
      Object[] values = new Object[parts.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] =
            shares == null
                ? of(parts.get(i), typeOf(parts.get(i)), bytes / values.length, 1, n + i, types)
                : of(parts.get(i), cqlParts.get(i), shares[i], 1, n + i, types);
      }
      return t.newValue(values);
    }
    if (type instanceof VectorType v) {
      // Seeded by the row, so a run loads the same vectors every time (no wall clock, no shared
      // state); ANN reads then meet the same index.
      java.util.Random random = new java.util.Random(VECTOR_SEED ^ n);
      CqlType element = c.arguments().isEmpty() ? typeOf(v.getElementType()) : c.arguments().get(0);
      double each = bytes / Math.max(1, v.getDimensions());
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < v.getDimensions(); i++) {
        out.add(
            v.getElementType().equals(DataTypes.FLOAT)
                ? (Object) random.nextFloat()
                : of(v.getElementType(), element, each, 1, n * 1_000 + i, types));
      }
      return CqlVector.newInstance(out);
    }
    return scalar(type.asCql(false, true), bytes, n);
  }

  /**
   * The schema type of a native driver type (its CQL name), for a value the schema cannot shape.
   */
  private static CqlType typeOf(DataType type) {
    return CqlType.of(type.asCql(false, true));
  }

  /** The seed of loaded vectors' components. */
  static final long VECTOR_SEED = 0x5EED_1CE5L;

  private static final String DIGITS =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

  /**
   * Exactly {@code size} ASCII characters: {@code n} in base 62, left-padded with '0' and keeping
   * its last {@code size} digits, so values of one size differ for every n below 62^size (3,844 at
   * 2 characters, 14.8 million at 4).
   */
  static String text(long size, long n) {
    char[] out = new char[(int) Math.max(0, size)];
    long v = n == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(n);
    for (int i = out.length - 1; i >= 0; i--) {
      out[i] = DIGITS.charAt((int) (v % 62));
      v /= 62;
    }
    return new String(out);
  }
}
