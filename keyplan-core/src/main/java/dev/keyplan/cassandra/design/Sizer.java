package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.SstableFootprint.Writes;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.workload.CompositeKey;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Sizes a table's partitions at the model's horizon with the Apache Cassandra docs' formulas
 * ("Evaluating and refining data models", after Carpenter &amp; Hewitt, Cassandra: The Definitive
 * Guide):
 *
 * <pre>
 *   N_v = N_r × (N_c − N_pk − N_s) + N_s
 *   S_t = Σ sizeOf(partition key) + Σ sizeOf(static) + N_r × (Σ sizeOf(regular) + Σ sizeOf(clustering))
 *         + N_v × sizeOf(t_avg),   t_avg = 8 bytes
 * </pre>
 *
 * A collection counts as {@code items} cells instead of one, so the first formula is applied as
 * {@code N_v = N_r × Σ cells(regular) + Σ cells(static)}; with no collections the two are equal.
 *
 * <p>Worked example (seed 000): a hot channel writes 100 messages/s; {@code messages_by_channel}
 * holds channel_id and bucket (8 + 4 B key), message_id (8 B clustering), author_id (8 B) and body
 * (200 B). A 10-minute bucket holds N_r = 100 × 600 = 60,000 rows, N_v = 60,000 × 2 = 120,000
 * values and S_t = 12 + 60,000 × 216 + 120,000 × 8 = 13,920,012 B ≈ 13.9 MB. Its 60,000 × 200 B =
 * 12 MB of message bodies is the figure the seed gives; the rest is keys and cell metadata.
 */
public final class Sizer {
  /** Conventional bucket widths in seconds: 1m, 5m, 10m, 15m, 30m, 1h, 1d, 1w, 30d, 365d. */
  static final long[] BUCKETS = {
    60, 300, 600, 900, 1_800, 3_600, 86_400, 604_800, 2_592_000, 31_536_000
  };

  private final Model model;
  private final Map<String, Long> insertTtls;
  private final CqlSchema schema;
  private final Function<String, Optional<UserType>> types;

  /**
   * A sizer of {@code model}'s tables; {@code schema} gives the user types' fields and a view's
   * base table.
   */
  Sizer(Model model, CqlSchema schema) {
    this.model = model;
    this.schema = schema;
    this.insertTtls = model.insertTtls();
    this.types = schema::type;
  }

  /**
   * Returns the size of a partition holding {@code rows} rows of {@code t}, its on-disk figure for
   * writes in one burst with no TTL and user types of unknown fields: for callers that use the
   * docs' figures ({@code bytes}, {@code values}); {@link #partition(BoundTable, double, Function,
   * Writes)} gives the on-disk figure keyplan prints.
   */
  public static PartitionSize partition(BoundTable t, double rows) {
    return partition(t, rows, name -> Optional.empty(), Writes.over(0, 0));
  }

  /**
   * Returns the size of a partition holding {@code rows} rows of {@code t}: the Apache docs'
   * formula and, beside it, the bytes Cassandra 5.0 writes for it ({@link SstableFootprint}) when
   * the rows were written as {@code writes} says; {@code types} finds a user type's fields.
   */
  public static PartitionSize partition(
      BoundTable t, double rows, Function<String, Optional<UserType>> types, Writes writes) {
    double keyBytes = 0;
    double staticBytes = 0;
    double staticCells = 0;
    double rowBytes = 0;
    double rowCells = 0;
    double regularBytes = 0;
    for (Column c : t.table().columns()) {
      double bytes = bytesOf(t, c);
      if (t.partitionKey().contains(c.name())) {
        keyBytes += bytes;
      } else if (c.isStatic()) {
        // A sparse column counts its share of values: a row that does not set it has no cell.
        double present = presentOf(t, c);
        staticBytes += present * bytes;
        staticCells += present * cellsOf(t, c);
      } else if (t.isKey(c.name())) {
        rowBytes += bytes;
      } else {
        double present = presentOf(t, c);
        rowBytes += present * bytes;
        regularBytes += present * bytes;
        rowCells += present * cellsOf(t, c);
      }
    }
    double values = rows * rowCells + staticCells;
    double bytes =
        keyBytes + staticBytes + rows * rowBytes + values * CassandraLimits.CELL_METADATA_BYTES;
    double disk = SstableFootprint.partitionBytes(SstableFootprint.columns(t, types), writes, rows);
    return new PartitionSize(rows, values, bytes, staticBytes + rows * regularBytes, disk);
  }

  /**
   * Returns the size of a partition of {@code rows} rows of {@code t} in this model: on disk as
   * {@link #writes} spreads its writes.
   */
  private PartitionSize sized(BoundTable t, double rows) {
    return partition(t, rows, types, writes(t));
  }

  /**
   * Returns how the writes a partition of {@code t} holds are spread in time, for its on-disk
   * figure: over the rows' lifetime, the horizon or the TTL if shorter. Cassandra stores timestamps
   * as deltas from the smallest in the sstable ({@link SstableFootprint}); once compaction has
   * merged a table's sstables, one holds writes from the whole time its rows live, so the deltas
   * range over that lifetime. This is the wider, conservative width: a freshly flushed memtable
   * holds minutes of writes and encodes 2–4 bytes fewer per timestamp.
   */
  Writes writes(BoundTable t) {
    long ttl = ttlOf(t);
    long lifetime = ttl > 0 ? Math.min(model.horizonSeconds(), ttl) : model.horizonSeconds();
    return Writes.over(lifetime, ttl);
  }

  /** Returns one row's bytes: clustering and regular columns with their cells' metadata. */
  public static double rowBytes(BoundTable t) {
    PartitionSize one = partition(t, 1);
    PartitionSize none = partition(t, 0);
    return one.bytes() - none.bytes();
  }

  /**
   * Returns the bytes of the whole table on one replica: S_t summed over its partitions. S_t is
   * linear in the rows, {@code S_t(r) = S_t(0) + r × rowBytes}, so the sum is exact whatever the
   * skew: {@code partitions × S_t(0) + rows × rowBytes}. For chat.yaml's messages_by_channel at a
   * year: 525,600,000,000 partitions × 12 B + 1,576,800,000,000 rows × 232 B ≈ 372 TB. NaN when the
   * partition count is unknown (an undeclared spread).
   */
  static double table(BoundTable t, double partitions, double rows) {
    return partitions * partition(t, 0).bytes() + rows * rowBytes(t);
  }

  /**
   * Returns the average serialised bytes of column {@code c}: the size of the attribute it holds
   * (of one element for a collection, which holds {@code items} of them), else {@link
   * SstableFootprint#defaultBytes}: a fixed-width type's width, a user-defined type's fields summed
   * from its {@code CREATE TYPE} (a nested UDT recursively), a collection's element (a map's key
   * and value) times its items, otherwise 8 bytes, the default of a variable-size value whose
   * attribute states no size (docs/model.md). A {@code list<frozen<address>>} of 2 items, address
   * holding 5 texts and a {@code geo_point} of 2 doubles, is 2 × (5 × 8 + 16) = 112 bytes. The
   * fields' own lengths (CQL native protocol v5, "udt": each field as [bytes],
   * https://github.com/apache/cassandra/blob/cassandra-5.0/doc/native_protocol_v5.spec) are not
   * counted here, as the docs' formula counts values, not their framing; the on-disk figure ({@link
   * SstableFootprint#frozenBytes}) does.
   */
  static double bytesOf(BoundTable t, Column c) {
    Optional<Attribute> a = t.attribute(c);
    double items = c.type().isCollection() ? a.map(Attribute::items).orElse(1) : 1;
    if (a.isPresent() && a.get().size().isPresent()) {
      // A collection's size is that of one element (docs/model.md), so it holds items of them.
      return a.get().size().getAsLong() * items;
    }
    return items
        * SstableFootprint.defaultBytes(c.type(), name -> Optional.ofNullable(t.types().get(name)));
  }

  /**
   * Returns the share of rows that set column {@code c}: its attribute's {@code present:} (1 when
   * the model does not say, or for a column holding no attribute). The Apache docs' formula counts
   * values (cells) a partition holds, and a column a row does not set holds none: CQL writes no
   * cell for an unset value (an explicit {@code null} writes a tombstone instead; keyplan takes
   * "absent" as not written).
   */
  public static double presentOf(BoundTable t, Column c) {
    return t.attribute(c).map(Attribute::present).orElse(1.0);
  }

  private static double cellsOf(BoundTable t, Column c) {
    if (!c.type().isCollection()) {
      return 1;
    }
    return t.attribute(c).map(Attribute::items).orElse(1);
  }

  /**
   * Returns the seconds a row lives: the table's default TTL (a view's base table's), else a TTL
   * every insert sets, else 0.
   */
  long ttlOf(BoundTable t) {
    if (t.table().defaultTimeToLiveSeconds() > 0) {
      return t.table().defaultTimeToLiveSeconds();
    }
    // A materialized view cannot set default_time_to_live: its rows expire with its base table's
    // (CQL reference, "Materialized views": a view's TTL is its base table's).
    if (t.table().isView()) {
      long base =
          schema.tables().stream()
              .filter(x -> x.name().equals(t.table().viewOf().get()) && !x.isView())
              .mapToLong(CqlTable::defaultTimeToLiveSeconds)
              .findFirst()
              .orElse(0L);
      if (base > 0) {
        return base;
      }
    }
    return insertTtls.getOrDefault(t.entity().name(), 0L);
  }

  /**
   * Returns the sizing of {@code t} at the horizon; {@code latestLimit} is the N of "latest N"
   * reads.
   */
  CassandraSizing size(BoundTable t, int latestLimit) {
    Entity e = t.entity();
    long horizon = model.horizonSeconds();
    long ttl = ttlOf(t);
    double rows = e.rowsAfter(horizon, ttl);
    long lifetime = ttl > 0 ? Math.min(horizon, ttl) : horizon;
    Optional<Derived> bucket = t.timeBucket();
    int shards = t.shards();

    // A Cassandra key column holds a value in every row, so a table keyed by a sparse attribute
    // holds only the rows that have one (present: 30% of users have a phone number: a table keyed
    // by it holds 30% of them), and only those rows' writes reach it.
    double keyPresent = keyPresent(t);
    rows *= keyPresent;
    double growth = e.growthPerSecond() * keyPresent;
    // The key's values and busiest share, with what they assume (the neutral CompositeKey: a
    // belongs_to or per: statement, or independence).
    List<String> keyAttributes =
        t.partitionKey().stream().filter(k -> t.derived(k).isEmpty()).map(t::attributeOf).toList();
    CompositeKey key = CompositeKey.of(e, keyAttributes, rows);
    List<String> undeclared = new ArrayList<>(key.unknown());
    double keyValues = key.distinct() * shards;
    // Heat reads the busiest key's share of the writes, sizes its share of the rows: the two part
    // when a for: window bounds the busiest rate (300 likes/s for a day heat the partition at
    // 300/s, but it holds one day of them, docs/model.md "Hot for a window").
    double share = CompositeKey.ofWrites(e, keyAttributes, rows).busiestShare() / shards;
    double rowShare = key.busiestShare() / shards;
    // The rows of the busiest partition that spans `seconds` of writes at the table's growth.
    final double growthPerSecond = growth;
    // Multiplied as (growth × share) × seconds, the order the rate alone is, so that a spread
    // without a window gives the very figures it gave before (GoldenTest pins them bit for bit).
    java.util.function.DoubleUnaryOperator busiestIn =
        seconds ->
            growthPerSecond
                * (CompositeKey.of(e, keyAttributes, growthPerSecond * seconds).busiestShare()
                    / shards)
                * seconds;
    // The entity's key is in attribute names; the table's key columns hold them (BoundTable).
    boolean keyIdentifiesRow =
        identifiesRow(e, t.partitionKey().stream().map(t::attributeOf).toList());
    boolean overwrites =
        !e.key().isEmpty()
            && !identifiesRow(e, t.table().primaryKey().stream().map(t::attributeOf).toList());
    double cap = overwrites ? rowsPerPartitionCap(t, rows) : Double.POSITIVE_INFINITY;
    if (!undeclared.isEmpty()) {
      return new CassandraSizing(
          t.name(),
          rows,
          Double.NaN,
          PartitionSize.UNKNOWN,
          PartitionSize.UNKNOWN,
          bucket.map(Derived::windowSeconds).orElse(0L),
          lifetime,
          false,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          keyIdentifiesRow,
          overwrites,
          cap,
          undeclared,
          Optional.empty(),
          Double.NaN,
          key,
          rows * rowBytes(t));
    }
    // The rows alive span their lifetime, plus, for the rows that exist already, the time they
    // took to arrive at today's growth (count / growth): that is how many buckets hold them.
    // Without growth that history is unknown and they are placed in the lifetime's buckets.
    double history = growth > 0 ? e.count() * keyPresent / growth : 0;
    double span = ttl > 0 ? Math.min(lifetime + history, ttl) : lifetime + history;
    double buckets = bucket.map(b -> Math.max(1, Math.ceil(span / b.windowSeconds()))).orElse(1.0);
    double partitions = Math.max(1, Math.min(rows, keyValues * buckets));
    // Rows that share every primary key value are one row: a partition holds at most the
    // combinations of its clustering values, and the table that many per partition.
    rows = Math.min(rows, partitions * cap);
    double busiestPerSecond = growth * share;
    // A key that identifies the row holds one row whatever its traffic; a bucket wider than the
    // rows' lifetime (horizon or TTL) fills only for that lifetime.
    double busiestRows =
        keyIdentifiesRow
            ? 1
            : bucket.isPresent()
                // A bucket holds its window of writes; without growth, the rows that exist
                // sit in the lifetime's buckets, the busiest key's share of them in each.
                ? growth > 0
                    ? busiestIn.applyAsDouble(Math.min(bucket.get().windowSeconds(), span))
                    : rowShare * rows / buckets
                : rowShare * rows;
    busiestRows = Math.min(Math.min(busiestRows, rows), cap);
    PartitionSize typical = sized(t, rows / partitions);
    PartitionSize busiest = sized(t, busiestRows);
    boolean unbounded =
        growth > 0 && bucket.isEmpty() && ttl == 0 && !keyIdentifiesRow && Double.isInfinite(cap);
    Optional<BucketAdvice> advice = Optional.empty();
    // Advice is worth printing only where the busiest partition breaks a guideline at the horizon.
    if (growth > 0 && !keyIdentifiesRow && Double.isInfinite(cap) && !fits(busiest)) {
      advice = Optional.of(advise(t, busiestIn, growth / keyValues, lifetime, latestLimit));
    }
    return new CassandraSizing(
        t.name(),
        rows,
        partitions,
        typical,
        busiest,
        bucket.map(Derived::windowSeconds).orElse(0L),
        lifetime,
        unbounded,
        busiestPerSecond,
        keyValues,
        share,
        keyIdentifiesRow,
        overwrites,
        cap,
        undeclared,
        advice,
        table(t, partitions, rows),
        key,
        table(t, partitions, rows));
  }

  /**
   * Returns true if {@code columns} hold the entity's whole key, or one of its {@code unique}
   * attributes: then no two rows share their values.
   */
  static boolean identifiesRow(Entity e, List<String> columns) {
    if (!e.key().isEmpty() && columns.containsAll(e.key())) {
      return true;
    }
    return columns.stream().anyMatch(c -> e.attribute(c).map(Attribute::unique).orElse(false));
  }

  /**
   * Returns the most rows one partition of {@code t} can hold: the product of its clustering
   * columns' distinct values (a partition keyed by {@code user_id} and clustered by {@code status}
   * with 5 values holds at most 5 rows, one per status, whatever is written). Infinite when a
   * clustering column's values are not known (no spread, enumeration or boolean) or the table has
   * none but a bucket.
   */
  static double rowsPerPartitionCap(BoundTable t, double rows) {
    double cap = 1;
    for (var c : t.clustering()) {
      if (t.derived(c.name()).isPresent()) {
        return Double.POSITIVE_INFINITY;
      }
      OptionalDouble perKey = perPartitionValues(t, t.attributeOf(c.name()));
      OptionalDouble d =
          perKey.isPresent()
              ? perKey
              : KeySpread.distinct(t.entity(), t.attributeOf(c.name()), rows);
      if (d.isEmpty()) {
        return Double.POSITIVE_INFINITY;
      }
      cap *= d.getAsDouble();
    }
    return cap;
  }

  /**
   * Returns the distinct values attribute {@code a} takes within one partition of {@code t}, when
   * its spread says {@code per: {K: N}} for an attribute K of the partition key: N (an artist's
   * partition holds its 10 albums, not all 10M). The smallest when it names several.
   */
  static OptionalDouble perPartitionValues(BoundTable t, String a) {
    var s = t.entity().spread().get(a);
    if (s == null) {
      return OptionalDouble.empty();
    }
    return t.partitionKey().stream()
        .filter(k -> t.derived(k).isEmpty())
        .map(t::attributeOf)
        .filter(s.per()::containsKey)
        .mapToDouble(s.per()::get)
        .min();
  }

  /**
   * Returns the share of the entity's rows a table can hold: Π {@code present} of the attributes
   * its primary key columns hold (1 when none is sparse).
   */
  static double keyPresent(BoundTable t) {
    double share = 1;
    for (String k : t.table().primaryKey()) {
      if (t.derived(k).isPresent()) {
        continue;
      }
      share *= t.entity().attribute(t.attributeOf(k)).map(Attribute::present).orElse(1.0);
    }
    return share;
  }

  /**
   * Returns the conventional bucket widths with the busiest partition each gives: {@code busiestIn}
   * gives the busiest key's rows over a bucket's seconds of writes (its rate times the width, or at
   * most its {@code for:} window's rows).
   */
  private BucketAdvice advise(
      BoundTable t,
      java.util.function.DoubleUnaryOperator busiestIn,
      double typicalPerSecond,
      long lifetime,
      int limit) {
    List<BucketAdvice.Option> options = new ArrayList<>();
    BucketAdvice.Option chosen = null;
    for (long w : BUCKETS) {
      PartitionSize busiest = sized(t, busiestIn.applyAsDouble(w));
      double typicalRows = typicalPerSecond * w;
      double walked =
          Math.min(
              Math.ceil(lifetime / (double) w), Math.ceil(limit / Math.max(typicalRows, 1e-12)));
      var option = new BucketAdvice.Option(w, busiest, Math.max(1, walked), fits(busiest));
      options.add(option);
      if (option.fits()) {
        chosen = option;
      }
    }
    return new BucketAdvice(options, Optional.ofNullable(chosen));
  }

  /**
   * Returns true if a partition is within both guidelines: under 100,000 values and 100 MB on disk
   * (the bytes {@code max_partition_size} and the partition-size guardrail measure, as {@link
   * dev.keyplan.cassandra.check.PartitionOverGuideline} compares them).
   */
  static boolean fits(PartitionSize p) {
    return p.values() < CassandraLimits.GUIDELINE_VALUES_PER_PARTITION
        && p.diskBytes() < CassandraLimits.GUIDELINE_BYTES_PER_PARTITION;
  }
}
