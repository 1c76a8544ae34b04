package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.model.Attribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The bytes Cassandra 5.0 writes to an sstable's {@code Data.db} for one partition, uncompressed:
 * what {@code max_partition_size}, the partition-size guardrail and JMX {@code BytesFlushed}
 * measure. It sits beside {@link Sizer}'s Apache docs' formula, which stays as the published
 * guideline.
 *
 * <p><b>Format.</b> The {@code big} sstable format, version {@code nb}: what Cassandra 5.0 writes
 * under its default {@code storage_compatibility_mode: CASSANDRA_4} and {@code sstable:
 * selected_format: big} (the CI server's cassandra.yaml sets neither, and its flushes are named
 * {@code nb-<n>-big-Data.db}). The {@code oa} version and the {@code bti} format written once the
 * compatibility mode is {@code NONE} differ mainly in a 1-byte live partition deletion; they are
 * not modelled. Sources, Apache Cassandra's cassandra-5.0 branch:
 *
 * <ul>
 *   <li>partition header, rows and the end-of-partition flag: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/rows/UnfilteredSerializer.java">db/rows/UnfilteredSerializer.java</a>
 *       and <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/io/sstable/format/SortedTablePartitionWriter.java">io/sstable/format/SortedTablePartitionWriter.java</a>;
 *   <li>cells: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/rows/Cell.java">db/rows/Cell.java</a>
 *       ({@code Cell.Serializer});
 *   <li>delta encoding of timestamps, TTLs and deletion times against the sstable's minimums: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/SerializationHeader.java">db/SerializationHeader.java</a>
 *       and <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/rows/EncodingStats.java">db/rows/EncodingStats.java</a>;
 *   <li>variable-length integers: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/utils/vint/VIntCoding.java">utils/vint/VIntCoding.java</a>
 *       (7 payload bits per byte up to 8 bytes, then 9 bytes for 64 bits);
 *   <li>clustering prefixes: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/ClusteringPrefix.java">db/ClusteringPrefix.java</a>;
 *       composite partition keys: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/marshal/CompositeType.java">db/marshal/CompositeType.java</a>;
 *       counter values: <a
 *       href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/context/CounterContext.java">db/context/CounterContext.java</a>.
 * </ul>
 *
 * <p><b>The model</b>, per partition of {@code r} rows (every number below is a byte count):
 *
 * <pre>
 *   partition = 2 + key + 12                 short key length, key, deletion time (int + long)
 *             + static row (if any)           flags + extended flags, size vints, cells
 *             + r × row
 *             + 1                             end-of-partition flags
 *   key       = the value alone for one column; Σ (2 + value + 1) for a composite key
 *   row       = 1 flags + clustering + vint(body) + vint(previous unfiltered's size) + body
 *   clustering= 1 presence header per 32 columns + Σ value (a length vint before a variable one)
 *   body      = vint(timestamp − min timestamp)             the row's liveness; key-only rows too
 *             + [vint(TTL − min TTL) + vint(expiry − min deletion time)]   when TTL'd
 *             + Σ cells of simple columns
 *             + Σ over complex columns: deletion (vint ts + vint time) + vint(cells) + cells
 *   cell      = 1 flags + [vint(timestamp delta) when it is not the row's] + [path] + value
 *   value     = fixed width, or vint(length) + length
 * </pre>
 *
 * A row written by {@code INSERT} carries a liveness timestamp which every cell shares, so cells
 * write no timestamp; a counter table is written by {@code UPDATE}, so its rows carry none and
 * every cell writes its own. An {@code INSERT} of a non-frozen collection or UDT first deletes the
 * column's old cells: a complex deletion written before its cells. A list element's path is its
 * 16-byte timeuuid, a set element is its path with no value, a map entry's key is its path, a
 * non-frozen UDT field's path its 2-byte field number. A frozen collection is one cell holding a
 * 4-byte count and a 4-byte length before each element (key and value for a map); a frozen UDT a
 * 4-byte length before each field; a UDT inside a collection or another UDT holds its own field
 * lengths ({@link #frozenBytes}). A value declared at {@code size} bytes is the payload of its
 * leaves: {@link #fieldShares} and {@link #entryShares} say how it falls to a UDT's fields and a
 * map entry's key and value, and verify's value generator follows them. A counter cell holds a
 * one-shard context: 2 + 2 header bytes and a 32-byte shard (counter id, clock, count).
 *
 * <p><b>Absent columns.</b> A column a row does not set (an attribute's {@code present:} below
 * 100%) writes no cell: each column's cells count with its share of rows, and a row lacking a
 * column writes a missing-columns bitmap instead ({@link #rowBytes}).
 *
 * <p><b>Write-time spread.</b> Timestamps are stored as deltas from the sstable's smallest, so
 * their width depends on how long the flushed writes were spread over: a memtable holding minutes
 * of writes encodes 4–5 byte deltas, a burst 1–2. {@link Writes} takes the spread of the write
 * timestamps (microseconds in Cassandra; {@code USING TIMESTAMP} sets them) and of the server's
 * clock (seconds; local deletion times of TTLs and tombstones, and counter timestamps, which a
 * client cannot set), and the model charges each delta the mean vint width of a value uniform over
 * the spread.
 *
 * <p><b>How to call it.</b> {@link #partitionBytes(List, Writes, double)} with the table's columns
 * ({@link #columns(BoundTable, Function)} builds them from a bound table and its schema's user
 * types, with the sizes {@link Sizer} uses) returns the bytes of a partition of that many rows;
 * {@link #staticBytes} and {@link #rowBytes} give its parts. Sizes are averages, so a partition's
 * figure is fractional.
 */
public final class SstableFootprint {
  /** Bytes of the partition header beside the key: its 2-byte length and the 12-byte deletion. */
  static final int PARTITION_HEADER_BYTES = 2 + 12;

  /** The end-of-partition flags byte. */
  static final int END_OF_PARTITION_BYTES = 1;

  /** A counter context with one shard: 2-byte header count, 2-byte index, 16 + 8 + 8 shard. */
  static final int COUNTER_CONTEXT_BYTES = 2 + 2 + 16 + 8 + 8;

  /** A list element's cell path: a version-1 timeuuid. */
  static final int LIST_PATH_BYTES = 16;

  /** A non-frozen UDT field's cell path: the field's number as a short. */
  static final int FIELD_PATH_BYTES = 2;

  private SstableFootprint() {}

  /** Where a column sits in the table. */
  public enum Place {
    PARTITION_KEY,
    CLUSTERING,
    STATIC,
    REGULAR
  }

  /**
   * One column as the model sizes it.
   *
   * @param name the column's name
   * @param place where it sits
   * @param type its CQL type
   * @param bytes average bytes of one value; of one element for a collection (a map's key and value
   *     together), of the whole value for a UDT
   * @param items average elements of a collection; 1 for any other type
   * @param fields the field types of a UDT (empty for any other type), for its cells or its frozen
   *     form
   * @param types finds a user type's definition by name: the UDTs nested in this column's type (a
   *     collection's elements, a UDT's fields), whose 4-byte field lengths its value holds
   * @param present the share of rows that write this column's cells (the attribute's {@code
   *     present:}); 1 for a key column. A column a row does not set writes no cell
   */
  public record FootprintColumn(
      String name,
      Place place,
      CqlType type,
      double bytes,
      double items,
      List<CqlType> fields,
      Function<String, Optional<UserType>> types,
      double present) {
    public FootprintColumn {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(place, "place");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(types, "types");
      fields = List.copyOf(fields);
    }

    /**
     * A column every row sets, whose type nests no user type other than its own ({@code fields}).
     */
    public FootprintColumn(
        String name, Place place, CqlType type, double bytes, double items, List<CqlType> fields) {
      this(name, place, type, bytes, items, fields, n -> Optional.empty(), 1);
    }

    /** A column every row sets, whose type may nest user types that {@code types} finds. */
    public FootprintColumn(
        String name,
        Place place,
        CqlType type,
        double bytes,
        double items,
        List<CqlType> fields,
        Function<String, Optional<UserType>> types) {
      this(name, place, type, bytes, items, fields, types, 1);
    }

    /** A column set in a {@code present} share of rows, nesting no other user type. */
    public FootprintColumn(
        String name,
        Place place,
        CqlType type,
        double bytes,
        double items,
        List<CqlType> fields,
        double present) {
      this(name, place, type, bytes, items, fields, n -> Optional.empty(), present);
    }

    /** The fields of this column's UDT, or of the UDT {@code t} names. */
    List<CqlType> fieldsOf(CqlType t) {
      CqlType u = t.unfrozen();
      if (u.equals(type.unfrozen()) && !fields.isEmpty()) {
        return fields;
      }
      return SstableFootprint.fields(u, types);
    }
  }

  /**
   * How the flushed writes were spread in time.
   *
   * @param timestampSpreadSeconds the spread of the writes' timestamps ({@code USING TIMESTAMP} or
   *     the coordinator's clock)
   * @param clockSpreadSeconds the spread of the server's clock while they were written: expiry and
   *     tombstone times, and counter timestamps
   * @param ttlSeconds the rows' TTL, 0 if they do not expire
   */
  public record Writes(double timestampSpreadSeconds, double clockSpreadSeconds, long ttlSeconds) {
    /** Writes spread over {@code seconds} of both timestamp and clock, with {@code ttl}. */
    public static Writes over(double seconds, long ttlSeconds) {
      return new Writes(seconds, seconds, ttlSeconds);
    }
  }

  /** Returns the bytes Data.db holds for a partition of {@code rows} rows. */
  public static double partitionBytes(List<FootprintColumn> columns, Writes writes, double rows) {
    double key = keyBytes(columns);
    double header = key + PARTITION_HEADER_BYTES;
    double staticRow = staticBytes(columns, writes, header);
    double first = rowBytes(columns, writes, header + staticRow);
    if (rows <= 1) {
      return header + staticRow + rows * first + END_OF_PARTITION_BYTES;
    }
    // Every row after the first records the previous row's size, not the partition header's.
    double next = rowBytes(columns, writes, first);
    return header + staticRow + first + (rows - 1) * next + END_OF_PARTITION_BYTES;
  }

  /** Returns the serialised partition key: one value alone, or CompositeType's components. */
  static double keyBytes(List<FootprintColumn> columns) {
    List<FootprintColumn> key = of(columns, Place.PARTITION_KEY);
    if (key.size() == 1) {
      return key.get(0).bytes();
    }
    // CompositeType: a 2-byte length, the value and an end-of-component byte per component.
    return key.stream().mapToDouble(c -> 2 + c.bytes() + 1).sum();
  }

  /**
   * Returns the static row's bytes, 0 if the table has no static column. {@code previous} is the
   * size written before it (unused: a static row records 0 as its previous size).
   */
  public static double staticBytes(List<FootprintColumn> columns, Writes writes, double previous) {
    List<FootprintColumn> statics = of(columns, Place.STATIC);
    if (statics.isEmpty()) {
      return 0;
    }
    // An INSERT gives the static row no liveness info of its own: its cells carry timestamps.
    double body = cellsBytes(statics, columns, writes, false);
    // Flags and extended flags (IS_STATIC), no clustering, then the size vints; previous is 0.
    return 2 + vint(body + 1) + 1 + body;
  }

  /**
   * Returns one row's bytes after a unfiltered of {@code previous} bytes: flags, clustering, size
   * vints, liveness, cells.
   */
  public static double rowBytes(List<FootprintColumn> columns, Writes writes, double previous) {
    List<FootprintColumn> clustering = of(columns, Place.CLUSTERING);
    List<FootprintColumn> regular = of(columns, Place.REGULAR);
    boolean counters = regular.stream().anyMatch(c -> c.type().isCounter());
    double clusteringBytes = clustering.isEmpty() ? 0 : Math.ceil(clustering.size() / 32.0);
    for (FootprintColumn c : clustering) {
      clusteringBytes += valueBytes(c.type(), c.bytes());
    }
    double body = 0;
    boolean liveness = !counters;
    if (liveness) {
      body += timestampDelta(writes.timestampSpreadSeconds());
      if (writes.ttlSeconds() > 0) {
        body += 1 + expiryDelta(columns, writes);
      }
    }
    body += cellsBytes(regular, columns, writes, liveness);
    body += missingColumnsBytes(regular);
    double prev = vint(previous);
    return 1 + clusteringBytes + vint(body + prev) + prev + body;
  }

  /**
   * Returns the mean bytes a row spends saying which regular columns it lacks. A row that sets
   * every column of the sstable's header sets the HAS_ALL_COLUMNS flag and writes nothing; any
   * other row writes the subset: for fewer than 64 columns an unsigned vint whose bits are the
   * missing columns ({@code Columns.Serializer.serializeSubset}, <a
   * href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/Columns.java">db/Columns.java</a>).
   * Columns are taken as absent independently, so {@code 1 − Π present} of the rows lack one; each
   * is charged the vint of the widest bitmap, {@code 2ⁿ − 1} for {@code n} columns: 1 byte up to 7
   * columns, an upper bound by at most a byte. A table of 64 columns or more writes the missing or
   * present indexes instead; the model charges it the same, its one sparse case not measured.
   */
  private static double missingColumnsBytes(List<FootprintColumn> regular) {
    double all = 1;
    for (FootprintColumn c : regular) {
      all *= c.present();
    }
    if (all >= 1) {
      return 0;
    }
    int n = Math.min(regular.size(), 63);
    return (1 - all) * vint(Math.pow(2, n) - 1);
  }

  /**
   * Returns the cells of {@code columns}, of table {@code table}; {@code shareRowTimestamp} when
   * the row's liveness holds the cells' timestamp and TTL.
   */
  private static double cellsBytes(
      List<FootprintColumn> columns,
      List<FootprintColumn> table,
      Writes writes,
      boolean shareRowTimestamp) {
    double out = 0;
    boolean counters = columns.stream().anyMatch(c -> c.type().isCounter());
    double ownTimestamp =
        shareRowTimestamp
            ? 0
            : counters
                ? timestampDelta(writes.clockSpreadSeconds())
                : timestampDelta(writes.timestampSpreadSeconds());
    // A cell without the row's TTL writes its own expiry time and TTL.
    double ownTtl =
        !shareRowTimestamp && writes.ttlSeconds() > 0 && !counters
            ? 1 + expiryDelta(table, writes)
            : 0;
    double perCell = 1 + ownTimestamp + ownTtl;
    for (FootprintColumn c : columns) {
      CqlType t = c.type();
      double bytes;
      if (isComplex(t)) {
        double cells = cellsOf(c);
        // Complex deletion (timestamp − 1 and the clock) before the cells, then their count.
        bytes = timestampDelta(writes.timestampSpreadSeconds()) + clockDelta(writes);
        bytes += vint(cells);
        bytes += cells * (perCell + complexCellBytes(c));
      } else if (t.isCounter()) {
        bytes = perCell + vint(COUNTER_CONTEXT_BYTES) + COUNTER_CONTEXT_BYTES;
      } else {
        bytes = perCell + valueBytes(t, simpleValueBytes(c));
      }
      // A row that does not set the column writes nothing for it (not even a tombstone: that is
      // an explicit null's).
      out += c.present() * bytes;
    }
    return out;
  }

  /** Returns one cell of a non-frozen collection or UDT, flags and timestamps aside. */
  private static double complexCellBytes(FootprintColumn c) {
    CqlType t = c.type();
    // A complex cell's value is written with the column's own type (the collection or UDT, whose
    // width is never fixed), so every value has a length vint, even an int's.
    if (t.isUserType()) {
      List<CqlType> fields = c.fieldsOf(t);
      int n = Math.max(1, fields.size());
      double[] shares = fieldShares(fields, c.bytes(), c.types());
      double value = 0;
      for (int i = 0; i < shares.length; i++) {
        double f = frozenBytes(fields.get(i), shares[i], 1, c.types());
        value += vint(f) + f;
      }
      return vint(FIELD_PATH_BYTES) + FIELD_PATH_BYTES + value / n;
    }
    List<CqlType> args = t.arguments();
    switch (t.name()) {
      case "list":
        double element = frozenBytes(args.get(0), c.bytes(), 1, c.types());
        return vint(LIST_PATH_BYTES) + LIST_PATH_BYTES + vint(element) + element;
      case "set":
        double path = frozenBytes(args.get(0), c.bytes(), 1, c.types());
        return vint(path) + path;
      default:
        double[] kv = entryShares(args.get(0), args.get(1), c.bytes(), c.types());
        double k = frozenBytes(args.get(0), kv[0], 1, c.types());
        double v = frozenBytes(args.get(1), kv[1], 1, c.types());
        return vint(k) + k + vint(v) + v;
    }
  }

  /**
   * A UDT's field widths: a fixed-size field its width, the variable ones sharing equally what the
   * fixed ones leave of the column's bytes.
   */
  static double[] fieldBytes(FootprintColumn c) {
    return fieldShares(c.fieldsOf(c.type()), c.bytes(), c.types());
  }

  /**
   * How the {@code bytes} declared for a UDT or tuple value (the payload of its fields together, no
   * framing) fall to its {@code fields}: a field of fixed payload ({@link #fixedPayload}: a
   * fixed-width type, or a UDT or tuple of such fields) takes its width, the others share equally
   * what is left. verify's value generator builds values by the same rule, so what it loads is what
   * this model sizes. {@code address (street text, city text, position frozen<geo_point>)} with
   * {@code geo_point (latitude double, longitude double)} declared at 96 bytes: position 16, street
   * and city 40 each.
   */
  public static double[] fieldShares(
      List<CqlType> fields, double bytes, Function<String, Optional<UserType>> types) {
    double fixed = 0;
    int variable = 0;
    for (CqlType f : fields) {
      OptionalDouble w = fixedPayload(f, types, 0);
      if (w.isPresent()) {
        fixed += w.getAsDouble();
      } else {
        variable++;
      }
    }
    double each = variable == 0 ? 0 : Math.max(0, bytes - fixed) / variable;
    double[] out = new double[fields.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = fixedPayload(fields.get(i), types, 0).orElse(each);
    }
    return out;
  }

  /**
   * A map entry's key and value bytes, of the {@code bytes} declared for one entry: a side of fixed
   * payload takes its width, else half each (as verify's generator builds entries).
   */
  public static double[] entryShares(
      CqlType key, CqlType value, double bytes, Function<String, Optional<UserType>> types) {
    OptionalDouble k = fixedPayload(key, types, 0);
    OptionalDouble v = fixedPayload(value, types, 0);
    if (k.isPresent()) {
      return new double[] {k.getAsDouble(), Math.max(0, bytes - k.getAsDouble())};
    }
    if (v.isPresent()) {
      return new double[] {Math.max(0, bytes - v.getAsDouble()), v.getAsDouble()};
    }
    return new double[] {bytes / 2, bytes / 2};
  }

  /**
   * The payload width of a type whose every value has the same payload: a fixed-width type's width
   * ({@link CqlType#fixedSize()}), a UDT or tuple whose fields all have one (their sum); empty for
   * any other.
   */
  static OptionalDouble fixedPayload(
      CqlType type, Function<String, Optional<UserType>> types, int depth) {
    CqlType t = type.unfrozen();
    OptionalInt fixed = t.fixedSize();
    if (fixed.isPresent()) {
      return OptionalDouble.of(fixed.getAsInt());
    }
    List<CqlType> parts = fields(t, types);
    if (parts.isEmpty() || depth > MAX_NESTING) {
      return OptionalDouble.empty();
    }
    double sum = 0;
    for (CqlType p : parts) {
      OptionalDouble w = fixedPayload(p, types, depth + 1);
      if (w.isEmpty()) {
        return OptionalDouble.empty();
      }
      sum += w.getAsDouble();
    }
    return OptionalDouble.of(sum);
  }

  /** The fields of a UDT, or the components of a tuple; empty for any other type or unknown. */
  static List<CqlType> fields(CqlType type, Function<String, Optional<UserType>> types) {
    CqlType t = type.unfrozen();
    if (t.name().equals("tuple")) {
      return t.arguments();
    }
    if (t.isUserType()) {
      return types.apply(t.name()).map(u -> List.copyOf(u.fields().values())).orElse(List.of());
    }
    return List.of();
  }

  /** How deep user types may nest before the model stops looking inside (a guard, not a limit). */
  private static final int MAX_NESTING = 16;

  /**
   * The serialised bytes of one value of {@code type} as a frozen value holds it, {@code bytes}
   * being its declared payload (one element's for a collection, of which it holds {@code items}): a
   * fixed-width type its width; a variable one its bytes; a UDT or tuple a 4-byte length before
   * each field, each field sized by {@link #fieldShares} (a nested UDT recursively); a collection a
   * 4-byte count and a 4-byte length before each element (a map's key and value each, split by
   * {@link #entryShares}); a collection or UDT nested in another holds one element of the declared
   * bytes. A vector of a variable-size element writes an unsigned vint length before each. Sources,
   * cassandra-5.0 branch: <a
   * href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/serializers/CollectionSerializer.java">serializers/CollectionSerializer.java</a>
   * (count and element lengths as ints), <a
   * href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/marshal/TupleType.java">db/marshal/TupleType.java</a>
   * (a UDT is a tuple: an int length before each field), <a
   * href="https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/marshal/VectorType.java">db/marshal/VectorType.java</a>
   * ({@code VariableLengthSerializer}).
   */
  public static double frozenBytes(
      CqlType type, double bytes, double items, Function<String, Optional<UserType>> types) {
    return frozenBytes(type, bytes, items, types, 0);
  }

  private static double frozenBytes(
      CqlType type,
      double bytes,
      double items,
      Function<String, Optional<UserType>> types,
      int depth) {
    CqlType t = type.unfrozen();
    OptionalInt fixed = t.fixedSize();
    if (fixed.isPresent()) {
      return fixed.getAsInt();
    }
    if (depth > MAX_NESTING) {
      return bytes;
    }
    List<CqlType> args = t.arguments();
    if (t.isCollection()) {
      if (t.name().equals("map")) {
        double[] kv = entryShares(args.get(0), args.get(1), bytes, types);
        double entry =
            4
                + frozenBytes(args.get(0), kv[0], 1, types, depth + 1)
                + 4
                + frozenBytes(args.get(1), kv[1], 1, types, depth + 1);
        return 4 + items * entry;
      }
      return 4 + items * (4 + frozenBytes(args.get(0), bytes, 1, types, depth + 1));
    }
    if (t.name().equals("vector") && t.vectorDimension().isPresent()) {
      int n = t.vectorDimension().getAsInt();
      double each = bytes / Math.max(1, n);
      return n * (vint(each) + each);
    }
    List<CqlType> parts = fields(t, types);
    if (parts.isEmpty()) {
      return bytes;
    }
    double[] shares = fieldShares(parts, bytes, types);
    double out = 0;
    for (int i = 0; i < shares.length; i++) {
      out += 4 + frozenBytes(parts.get(i), shares[i], 1, types, depth + 1);
    }
    return out;
  }

  /**
   * The bytes keyplan gives a value of {@code type} whose attribute states no {@code size}: a
   * fixed-width type's width; a UDT or tuple its fields' together (each by this rule); a collection
   * one element's (a map's key and value together); otherwise 8 bytes, the default of a
   * variable-size value (docs/model.md).
   */
  public static double defaultBytes(CqlType type, Function<String, Optional<UserType>> types) {
    return defaultBytes(type, types, 0);
  }

  private static double defaultBytes(
      CqlType type, Function<String, Optional<UserType>> types, int depth) {
    CqlType t = type.unfrozen();
    OptionalInt fixed = t.fixedSize();
    if (fixed.isPresent()) {
      return fixed.getAsInt();
    }
    if (depth <= MAX_NESTING) {
      List<CqlType> parts = t.isCollection() ? t.arguments() : fields(t, types);
      if (!parts.isEmpty()) {
        double sum = 0;
        for (CqlType p : parts) {
          sum += defaultBytes(p, types, depth + 1);
        }
        return sum;
      }
    }
    return 8;
  }

  /**
   * Returns the serialised size of a simple column's one value: a frozen collection or UDT holds
   * 4-byte counts and lengths beside its elements and fields ({@link #frozenBytes}).
   */
  private static double simpleValueBytes(FootprintColumn c) {
    CqlType t = c.type().unfrozen();
    if (t.isCollection()) {
      return frozenBytes(t, c.bytes(), c.items(), c.types());
    }
    if (t.isUserType()) {
      List<CqlType> fields = c.fieldsOf(t);
      if (fields.isEmpty()) {
        return c.bytes();
      }
      double[] shares = fieldShares(fields, c.bytes(), c.types());
      double out = 0;
      for (int i = 0; i < shares.length; i++) {
        out += 4 + frozenBytes(fields.get(i), shares[i], 1, c.types());
      }
      return out;
    }
    return frozenBytes(t, c.bytes(), 1, c.types());
  }

  /** True for a column written as several cells: a non-frozen collection or UDT. */
  static boolean isComplex(CqlType t) {
    return !t.isFrozen() && (t.isCollection() || t.isUserType());
  }

  private static double cellsOf(FootprintColumn c) {
    return c.type().isUserType() ? Math.max(1, c.fieldsOf(c.type()).size()) : c.items();
  }

  /**
   * A value as {@code AbstractType.writeValue} writes it: a type of fixed stored width alone, any
   * other after a length vint.
   */
  private static double valueBytes(CqlType t, double bytes) {
    OptionalInt fixed = storedWidth(t);
    return fixed.isPresent() ? fixed.getAsInt() : vint(bytes) + bytes;
  }

  /**
   * The width of a type Cassandra stores without a length: its marshal type's {@code
   * valueLengthIfFixed()} (db/marshal/BooleanType, Int32Type, LongType, TimestampType, FloatType,
   * DoubleType, UUIDType, TimeUUIDType; VectorType of a fixed element). Narrower in storage than
   * {@link CqlType#fixedSize()}: {@code tinyint}, {@code smallint}, {@code date}, {@code time} and
   * {@code counter} values have one width on the wire yet a length vint on disk (ByteType,
   * ShortType, SimpleDateType, TimeType and CounterColumnType keep the variable-length default;
   * read from cassandra-all 5.0.6's classes and measured: 2,000 rows of small_cells wrote 4 bytes
   * more each than widths without lengths).
   */
  static OptionalInt storedWidth(CqlType t) {
    switch (t.name()) {
      case "boolean":
      case "int":
      case "bigint":
      case "timestamp":
      case "float":
      case "double":
      case "uuid":
      case "timeuuid":
      case "vector":
        return t.fixedSize();
      default:
        return OptionalInt.empty();
    }
  }

  /**
   * The delta of an expiry time from the sstable's smallest deletion time: the clock's spread, or
   * the TTL itself when the same sstable also holds tombstones written at the clock's time
   * (collection deletions of an INSERT).
   */
  private static double expiryDelta(List<FootprintColumn> columns, Writes writes) {
    boolean tombstones =
        columns.stream()
            .anyMatch(
                c ->
                    (c.place() == Place.REGULAR || c.place() == Place.STATIC)
                        && isComplex(c.type()));
    double spread = Math.max(0, writes.clockSpreadSeconds());
    return tombstones
        ? meanVint(writes.ttlSeconds(), writes.ttlSeconds() + spread)
        : meanVint(0, spread);
  }

  private static double clockDelta(Writes writes) {
    return meanVint(0, Math.max(0, writes.clockSpreadSeconds()));
  }

  private static double timestampDelta(double spreadSeconds) {
    return meanVint(0, Math.max(0, spreadSeconds) * 1_000_000);
  }

  /** The vint width of {@code value} (rounded to a whole byte count). */
  static int vint(double value) {
    long v = (long) Math.max(0, Math.round(value));
    int magnitude = Long.numberOfLeadingZeros(v | 1);
    // 7 payload bits per byte up to 8 bytes (56 bits); a ninth byte carries a full 64-bit value.
    int bits = 64 - magnitude;
    return bits > 56 ? 9 : Math.max(1, (bits + 6) / 7);
  }

  /** The mean vint width of a value uniform over [lo, hi]. */
  static double meanVint(double lo, double hi) {
    if (hi - lo < 1) {
      return vint(hi);
    }
    double sum = 0;
    for (int n = 1; n <= 9; n++) {
      double from = n == 1 ? 0 : Math.pow(2, 7 * (n - 1));
      double to = n == 9 ? Double.MAX_VALUE : Math.pow(2, 7 * n);
      double overlap = Math.min(hi, to) - Math.max(lo, from);
      if (overlap > 0) {
        sum += n * overlap;
      }
    }
    return sum / (hi - lo);
  }

  private static List<FootprintColumn> of(List<FootprintColumn> columns, Place place) {
    return columns.stream().filter(c -> c.place() == place).toList();
  }

  /**
   * Returns the model's columns for {@code t}, sized as {@link Sizer} sizes them: an attribute's
   * {@code size} (per element for a collection) and {@code items}, else {@link #defaultBytes} (a
   * fixed width, a UDT's fields summed, a collection element's key and value, else 8 bytes). {@code
   * types} finds a UDT's definition by name (a schema's {@code CqlSchema.type}; a type it does not
   * find is sized as one 8-byte value), for the column's own UDT and those nested in it.
   */
  public static List<FootprintColumn> columns(
      BoundTable t, Function<String, Optional<UserType>> types) {
    CqlTable table = t.table();
    List<FootprintColumn> out = new ArrayList<>();
    for (Column c : table.columns()) {
      Place place =
          t.partitionKey().contains(c.name())
              ? Place.PARTITION_KEY
              : t.isKey(c.name()) ? Place.CLUSTERING : c.isStatic() ? Place.STATIC : Place.REGULAR;
      Optional<Attribute> a = t.attribute(c);
      CqlType type = c.type();
      List<CqlType> fields =
          type.unfrozen().isUserType()
              ? types
                  .apply(type.unfrozen().name())
                  .map(u -> List.copyOf(u.fields().values()))
                  .orElse(List.of())
              : List.of();
      double items = type.isCollection() ? a.map(Attribute::items).orElse(1) : 1;
      double bytes =
          a.isPresent() && a.get().size().isPresent()
              ? a.get().size().getAsLong()
              : defaultBytes(type, types);
      double present =
          place == Place.REGULAR || place == Place.STATIC
              ? a.map(Attribute::present).orElse(1.0)
              : 1;
      out.add(new FootprintColumn(c.name(), place, type, bytes, items, fields, types, present));
    }
    return out;
  }
}
