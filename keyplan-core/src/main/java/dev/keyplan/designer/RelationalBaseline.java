package dev.keyplan.designer;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import java.util.Locale;

/**
 * The relational column of the comparison: the workload on one PostgreSQL primary with read
 * replicas (seed 000: "a relational database with replicas and a cache is probably the better
 * fit"), sized and priced the way the stores are. Every write goes to the primary; reads go to the
 * replicas.
 *
 * <p><b>Data.</b> One table per entity, one row per entity row at the horizon, each row {@code 24 +
 * 4 + Σ column widths} bytes: a 23-byte tuple header padded to 24 and a 4-byte line pointer
 * (PostgreSQL manual, "Database Page Layout": HeapTupleHeaderData, ItemIdData), and each column at
 * its type's width ("Data Types": integer 4, bigint 8, uuid 16, timestamp 8, date 4, boolean 1,
 * double precision 8, real 4; text and bytea their length plus 1 byte up to 126 bytes, plus 4
 * above); plus a primary key B-tree of {@code 16 + key bytes} an entry. Column padding, page fill
 * and other indexes are left out, so the figure is a floor. Example: a row of a uuid, a bigint and
 * a 40-byte text is 24 + 4 + 16 + 8 + 41 = 93 bytes, its key entry 32. Rows every insert gives a
 * TTL are counted for one TTL's worth, as the stores keep them ({@link Entity#rowsAfter}):
 * PostgreSQL has no TTL, so the application deletes them (a scheduled DELETE, or a dropped
 * partition of a table partitioned by time), whose cost is not counted.
 *
 * <p><b>Load.</b> Each instance is planned to serve {@link #BUDGET} operations a second, the figure
 * keyplan plans a MongoDB shard's primary with (shard_budget), kept to half of it as every store's
 * heat check does; writes must fit the primary, reads take {@code ⌈reads ÷ 5,000⌉} replicas, at
 * least 1, and at most 15 ("up to 15 read replicas from one DB instance", Amazon RDS User Guide,
 * "Working with read replicas"). The data must fit one instance's 64 TiB ("a maximum storage size
 * of 64 TiB", RDS User Guide). A planning figure, not a PostgreSQL limit: measure yours.
 *
 * <p><b>Price.</b> Each instance an r6i.2xlarge at the price the MongoDB members are priced at,
 * $0.504 an hour on demand in us-east-1, with gp3 at $0.08 per GB-month for its copy of the data
 * (third-party EC2 tables and AWS's sample TCO calculator, read 2026-12-06; override with {@code
 * --price relational.instance=USD_PER_HOUR}).
 *
 * @param rows rows at the horizon, every entity
 * @param bytes the data and primary keys at the horizon, one copy
 * @param readsPerSecond the read patterns' rates
 * @param writesPerSecond the write patterns' rates
 * @param cost the primary and its replicas per month
 * @param residency the model's residency attributes ({@code Entity.attribute}): rows that must stay
 *     in their place, which one primary, in one place, does not keep
 */
public record RelationalBaseline(
    double rows,
    double bytes,
    double readsPerSecond,
    double writesPerSecond,
    MonthlyCost cost,
    java.util.List<String> residency) {

  public RelationalBaseline {
    residency = java.util.List.copyOf(residency);
  }

  /** Operations a second one instance is planned to serve. */
  public static final double BUDGET = 10_000;

  /** The share of {@link #BUDGET} planned for, as the stores' heat checks keep. */
  public static final double MARGIN = 0.5;

  /** Read replicas one primary takes at most. */
  public static final int MAX_REPLICAS = 15;

  /** The most one instance stores: 64 TiB. */
  public static final double MAX_BYTES = 64.0 * (1L << 40);

  static final double INSTANCE_USD_PER_HOUR = 0.504;
  static final double GP3_USD_PER_GB_MONTH = 0.08;

  /** The workload of {@code model} on one primary with replicas, priced with {@code prices}. */
  public static RelationalBaseline of(Model model, Prices prices) {
    double rows = 0;
    double bytes = 0;
    var ttls = model.insertTtls();
    for (Entity e : model.entities().values()) {
      double n = e.rowsAfter(model.horizonSeconds(), ttls.getOrDefault(e.name(), 0L));
      double row = 28;
      double key = 16;
      for (Attribute a : e.attributes().values()) {
        double w = width(a) * a.present();
        row += w;
        if (e.key().contains(a.name())) {
          key += width(a);
        }
      }
      rows += n;
      bytes += n * (row + key);
    }
    double reads = 0;
    double writes = 0;
    for (AccessPattern p : model.patterns()) {
      if (p.isRead()) {
        reads += p.ratePerSecond();
      } else {
        writes += p.ratePerSecond();
      }
    }
    double hourly = prices.hourly("relational.instance", INSTANCE_USD_PER_HOUR);
    double perInstance =
        hourly * MonthlyCost.HOURS_PER_MONTH + bytes / (1L << 30) * GP3_USD_PER_GB_MONTH;
    MonthlyCost cost =
        new MonthlyCost(
            "one primary with read replicas, r6i.2xlarge",
            (prices.given("relational.instance")
                    ? "$" + hourly + " an hour, as given (--price relational.instance)"
                    : "r6i.2xlarge on demand, us-east-1, $" + hourly + " an hour")
                + ", gp3 at $0.08 per GB-month for each instance's copy (read 2026-12-06)",
            "instance",
            perInstance,
            (reads + writes) / (BUDGET * MARGIN),
            0,
            2,
            0,
            0,
            "PostgreSQL self-managed on EC2; no cache, backups or operators");
    return new RelationalBaseline(rows, bytes, reads, writes, cost, model.residencyAttributes());
  }

  /** Returns why the workload at {@code k} × its rates does not fit, or empty if it does. */
  public java.util.Optional<String> misfit(double k) {
    if (!residency.isEmpty()) {
      // One primary and its replicas hold every row in one place; keeping rows in theirs takes a
      // database per place, which this baseline does not size or price.
      return java.util.Optional.of(
          "its rows must stay in their place ("
              + String.join(", ", residency)
              + "), and one primary with its replicas keeps every row in one place: that takes a"
              + " database per place, which this baseline does not price");
    }
    if (writesPerSecond * k > BUDGET * MARGIN) {
      return java.util.Optional.of(
          "its "
              + dev.keyplan.model.Units.rate(writesPerSecond * k)
              + " writes are over half of one primary's "
              + dev.keyplan.model.Units.rate(BUDGET));
    }
    if (cost.units(k) - 1 > MAX_REPLICAS) {
      return java.util.Optional.of(
          "its "
              + dev.keyplan.model.Units.rate(readsPerSecond * k)
              + " reads need "
              + (cost.units(k) - 1)
              + " replicas, over the "
              + MAX_REPLICAS
              + " one primary takes");
    }
    if (bytes > MAX_BYTES) {
      return java.util.Optional.of(
          "its "
              + dev.keyplan.model.Units.bytes(bytes)
              + " of data are over one instance's 64 TiB");
    }
    return java.util.Optional.empty();
  }

  /** A column's bytes in a PostgreSQL row. */
  static double width(Attribute a) {
    String t = a.type().toLowerCase(Locale.ROOT);
    int lt = t.indexOf('<');
    String base = lt < 0 ? t : t.substring(0, lt);
    double fixed =
        switch (base) {
          case "boolean" -> 1;
          case "tinyint", "smallint" -> 2;
          case "int", "date", "float" -> 4;
          case "bigint", "counter", "timestamp", "time", "double" -> 8;
          case "uuid", "timeuuid" -> 16;
          default -> -1;
        };
    if (fixed > 0) {
      return fixed;
    }
    double each =
        a.size().isPresent()
            ? a.size().getAsLong()
            : a.values().stream()
                .mapToInt(v -> v.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .average()
                .orElse(8);
    double length = each * Math.max(1, a.items());
    return length + (length <= 126 ? 1 : 4);
  }
}
