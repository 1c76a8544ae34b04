package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import dev.keyplan.simulate.Keys;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The operations and data of a Cassandra design, read off keyplan's own analysis: each table's
 * rows, row size and key spread (from the sizing of {@code keyplan check}), and each pattern's
 * requests per table (from its plan).
 */
record CassandraWorkload(List<TableData> tables, List<Stream> streams, List<String> skipped) {

  /**
   * One table's data.
   *
   * @param keyTypes CQL types of the partition key columns, in key order
   * @param keyColumns the partition key columns
   * @param keyAttributes the entity's attribute each partition key column holds, by column, for the
   *     columns that hold one (a derived bucket or suffix holds none): the analysis' binding
   *     ({@link BoundTable#attributeOf}), so a column {@code id} mapped to {@code hotel_id} is
   *     keyed and spread as {@code hotel_id}
   * @param keys how rows spread over partition key values (time bucket and shard suffix aside)
   * @param bytesPerRow bytes a row takes, partition overheads included: the typical partition's S_t
   *     over its N_r (Chebotko / Apache sizing, as {@code keyplan check} computes it)
   * @param windowSeconds the time bucket's width, 0 without one
   * @param shards the shard suffix's values, 1 without one
   */
  record TableData(
      String table,
      List<String> keyColumns,
      Map<String, String> keyAttributes,
      List<String> keyTypes,
      Keys keys,
      Entity entity,
      double bytesPerRow,
      long windowSeconds,
      java.util.Optional<String> bucketColumn,
      int shards,
      long ttlSeconds,
      CassandraSizing sizing) {

    TableData {
      keyColumns = List.copyOf(keyColumns);
      keyAttributes =
          java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(keyAttributes));
      keyTypes = List.copyOf(keyTypes);
    }

    /** Returns the attribute key column {@code column} holds, if it holds one. */
    java.util.Optional<String> attributeOf(String column) {
      return java.util.Optional.ofNullable(keyAttributes.get(column));
    }

    /**
     * Partitions alive {@code t} seconds in: each key value in each suffix, and with a time bucket
     * in each bucket its rows span (their age, rows ÷ growth, over the width), never more than
     * rows. Example: 10 M channels, 10-minute buckets and 1 B rows at 50,000/s (20,000 s old) → 34
     * buckets → 340 M partitions.
     */
    double partitionsAt(long t) {
      double rows = rowsAt(t);
      double values = keys.distinct() * shards;
      if (windowSeconds > 0 && entity.growthPerSecond() > 0) {
        values *= Math.max(1, Math.ceil(rows / entity.growthPerSecond() / windowSeconds));
      }
      return Math.min(Math.max(rows, 0), values);
    }

    /**
     * The simulated clock {@code t} seconds in: the run starts after the data that exists, so at
     * the rows' age (count ÷ growth; 2 B messages at 127/s are 182 days old). Time buckets are
     * numbered from that clock's zero: bucket {@code ⌊clock / width⌋} takes writes now.
     */
    long clock(long t) {
      double age = entity.growthPerSecond() > 0 ? entity.count() / entity.growthPerSecond() : 0;
      return (long) Math.min(age, 1e15) + t;
    }

    /** The bucket taking writes {@code t} seconds in; 0 without a time bucket. */
    long bucketAt(long t) {
      return windowSeconds > 0 ? clock(t) / windowSeconds : 0;
    }

    /** Rows alive {@code t} seconds into the run. */
    double rowsAt(long t) {
      return entity.rowsAfter(t, ttlSeconds);
    }
  }

  /**
   * Requests of one pattern to one table.
   *
   * @param partitionsPerRequest partitions one request reads or writes for a typical key (a bucket
   *     walk, an IN)
   * @param heavyPartitionsPerRequest the same for a heavy key: a busy channel's latest 50 messages
   *     fit in its newest bucket
   * @param rangeRead the request is a range read (an index, ALLOW FILTERING, a scan), which asks
   *     the replica sets covering the ring ({@link dev.keyplan.cassandra.design.Fanout#rangeRead})
   * @param level the consistency level the request uses
   */
  record Stream(
      String pattern,
      TableData table,
      boolean write,
      double perSecond,
      Keys keys,
      double partitionsPerRequest,
      double heavyPartitionsPerRequest,
      boolean rangeRead,
      String level) {}

  static CassandraWorkload of(CassandraAnalysis a, CassandraSetup setup) {
    List<TableData> tables = new ArrayList<>();
    Map<String, TableData> byName = new java.util.HashMap<>();
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      TableData d = tableData(t, s);
      tables.add(d);
      byName.put(t.name(), d);
    }
    List<Stream> streams = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (CassandraPlan plan : a.plans()) {
      AccessPattern p = plan.pattern();
      if (plan.access() == CassandraAccess.NOT_SERVED || plan.tables().isEmpty()) {
        skipped.add(p.id() + ": not served by any table, so it sends no requests here");
        continue;
      }
      String level =
          setup
              .consistency()
              .orElse(
                  p.consistency()
                      .orElse(
                          p.isRead()
                              ? a.design().readConsistency()
                              : a.design().writeConsistency()));
      // A read's related entities (with:) are requests to their own tables at the pattern's rate.
      for (CassandraPlan part : plan.requests()) {
        if (part.access() == CassandraAccess.NOT_SERVED || part.tables().isEmpty()) {
          continue;
        }
        List<String> targets =
            part.access() == CassandraAccess.APPLICATION_JOIN || !p.isRead()
                ? part.tables()
                : part.tables().subList(0, 1);
        for (String name : targets) {
          TableData d = byName.get(name);
          if (d == null) {
            continue;
          }
          boolean rangeRead =
              part.access() == CassandraAccess.SECONDARY_INDEX
                  || part.access() == CassandraAccess.ALLOW_FILTERING
                  || part.access() == CassandraAccess.FULL_SCAN;
          double partitions =
              p.isRead() && !Double.isNaN(part.partitions().typical())
                  ? Math.max(1, part.partitions().typical())
                  : 1;
          double busiest =
              p.isRead() && !Double.isNaN(part.partitions().busiest())
                  ? Math.max(1, part.partitions().busiest())
                  : partitions;
          streams.add(
              new Stream(
                  p.id(),
                  d,
                  !p.isRead(),
                  // A fan-out's N rows a request are N writes, as the analysis' capacity counts
                  // them.
                  p.ratePerSecond() * a.table(name).map(t -> t.rowsWritten(p)).orElse(1.0),
                  requestKeys(p, d),
                  partitions,
                  busiest,
                  rangeRead,
                  level));
        }
      }
    }
    return new CassandraWorkload(tables, streams, skipped);
  }

  private static TableData tableData(BoundTable t, CassandraSizing s) {
    Entity e = t.entity();
    List<String> columns = t.partitionKey();
    List<String> types =
        columns.stream()
            .map(c -> t.table().column(c).map(col -> col.type().name()).orElse("text"))
            .toList();
    double bytesPerRow =
        s.typical().known() && s.typical().rows() > 0
            ? s.typical().bytes() / s.typical().rows()
            : 0;
    long window = t.timeBucket().map(d -> d.windowSeconds()).orElse(0L);
    var bucket = t.timeBucket().map(d -> d.column());
    // The binding is the analysis': a column renamed in the model's tables: entry holds the
    // attribute it names, not the attribute of its own name.
    Map<String, String> attributes = new java.util.LinkedHashMap<>();
    for (String c : columns) {
      if (t.derived(c).isEmpty() && t.table().column(c).flatMap(t::attribute).isPresent()) {
        attributes.put(c, t.attributeOf(c));
      }
    }
    return new TableData(
        t.name(),
        columns,
        attributes,
        types,
        dataKeys(t, s),
        e,
        bytesPerRow,
        window,
        bucket,
        t.shards(),
        t.table().defaultTimeToLiveSeconds(),
        s);
  }

  /**
   * The spread of rows over partition key values. One spread attribute: its own spread. A key that
   * identifies the row: as many even values as rows. Several attributes: the one with the busiest
   * value leads, its shares divided over the others' values (the busiest of each other attribute is
   * not known to coincide, so none is assumed to).
   */
  private static Keys dataKeys(BoundTable t, CassandraSizing s) {
    Entity e = t.entity();
    List<String> attrs =
        t.partitionKey().stream().filter(k -> t.derived(k).isEmpty()).map(t::attributeOf).toList();
    double rows = Math.max(1, s.rows());
    if (s.keyIdentifiesRow() || attrs.isEmpty()) {
      return Keys.uniform(attrs.isEmpty() ? t.name() : attrs.get(0), attrs.isEmpty() ? 1 : rows);
    }
    return spreadOver(e, attrs, e.spread(), Map.of(), rows);
  }

  /**
   * A pattern's spread over the table's key values: its own {@code spread:} where it has one, else
   * the entity's.
   */
  private static Keys requestKeys(AccessPattern p, TableData d) {
    List<String> attrs = List.copyOf(d.keyAttributes().values());
    if (attrs.isEmpty()
        || p.spread().isEmpty()
        || attrs.stream().noneMatch(p.spread()::containsKey)) {
      return d.keys();
    }
    Map<String, Spread> spreads = new java.util.HashMap<>(d.entity().spread());
    spreads.putAll(p.spread());
    Map<String, Double> rates = new java.util.HashMap<>();
    p.spread().keySet().forEach(a -> rates.put(a, p.ratePerSecond()));
    return spreadOver(d.entity(), attrs, spreads, rates, Math.max(1, d.sizing().rows()));
  }

  /**
   * @param rates per attribute, the rate a busiest {@code n/s} is a share of: the pattern's for its
   *     own spreads; absent, the entity's growth (a busiest rate counts rows written)
   */
  private static Keys spreadOver(
      Entity e,
      List<String> attrs,
      Map<String, Spread> spreads,
      Map<String, Double> rates,
      double rows) {
    String lead = attrs.get(0);
    double leadShare = -1;
    double distinct = 1;
    for (String a : attrs) {
      double n = KeySpread.distinct(e, a, rows).orElse(rows);
      distinct *= Math.max(1, n);
      Spread sp = spreads.get(a);
      double share =
          sp != null
              ? sp.busiestShare(rates.getOrDefault(a, e.growthPerSecond())).orElse(1 / n)
              : 1 / n;
      if (share > leadShare) {
        leadShare = share;
        lead = a;
      }
    }
    double leadDistinct = Math.max(1, KeySpread.distinct(e, lead, rows).orElse(rows));
    boolean timeOrdered = e.attribute(lead).map(Attribute::timeOrdered).orElse(false);
    Keys keys =
        Keys.of(
            lead,
            spreads.get(lead),
            leadDistinct,
            rates.getOrDefault(lead, e.growthPerSecond()),
            timeOrdered);
    double others = distinct / leadDistinct;
    if (others <= 1) {
      return keys;
    }
    double[] heavy = keys.heavy();
    for (int i = 0; i < heavy.length; i++) {
      heavy[i] /= others;
    }
    return new Keys(lead, Math.min(distinct, rows), heavy, keys.names(), timeOrdered);
  }
}
