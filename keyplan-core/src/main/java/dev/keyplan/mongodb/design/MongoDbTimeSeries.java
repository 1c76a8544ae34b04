package dev.keyplan.mongodb.design;

import dev.keyplan.model.Entity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * A native time-series collection as the server buckets it (docs/model.md, "Time-series
 * collections"). The documents stored are buckets, not measurements: the server groups the
 * measurements of one metaField value whose times fall within one bucket span into one bucket
 * document (MongoDB manual, "About Time Series Data", How Bucketing Works,
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-bucketing/), and closes it at
 * 1,000 measurements or 125 KiB, whichever comes first (MongoDB manual, "Time Series Collection
 * Limitations", Bucket Size,
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/; the server
 * parameters {@code timeseriesBucketMaxCount} 1,000 and {@code timeseriesBucketMaxSize} 125 KiB),
 * or, for measurements so large that 10 would pass 125 KiB, at 10 measurements while under 12 MiB
 * (the same bucketing page, Closure).
 *
 * <p>The figures, for one metaField value writing {@code r} measurements a second (the entity's
 * growth over the metaField's distinct values, or its busiest share) and a bucket span {@code S}
 * (granularity seconds 3,600 s, minutes 86,400 s, hours 2,592,000 s, or {@code
 * bucketMaxSpanSeconds}):
 *
 * <ul>
 *   <li>a bucket holds {@code n = r × S} measurements, at least 1 and at most the limit: a series
 *       writing less than one measurement a span makes a bucket per measurement, the sparse
 *       anti-pattern of a high-cardinality metaField (MongoDB manual, "Time Series Collections
 *       Considerations", metaField Considerations). A continuous stream's buckets tile the time
 *       line at {@code S}: the span is a whole multiple of the rounding, so the next bucket opens
 *       where the last one's span ends;
 *   <li>buckets at the horizon are the measurements alive over {@code n}; with {@code
 *       expireAfterSeconds E} a bucket goes when its whole span is older than {@code E}, so up to
 *       {@code E + S} of measurements are alive (an upper bound);
 *   <li>a bucket's size is measured by the BSON library on the server's uncompressed bucket layout
 *       (version 1: {@code _id}, {@code control: {version, min, max}} with every measurement
 *       field's minimum and maximum, {@code meta} once, and {@code data} with one object per field
 *       keyed "0", "1", … per measurement). Since 5.2 closed buckets are compressed column by
 *       column (BSONColumn: delta-of-delta times, delta numbers), and since 8.0 every bucket is;
 *       how much that saves depends on the values, which the model does not give, so keyplan's
 *       bucket sizes are an upper bound and it says so.
 * </ul>
 *
 * <p>Worked number (MongoDbTimeSeriesTest): 1,000 weather sensors each reporting every 5 minutes at
 * granularity hours fill 2,592,000 / 300 = 8,640 measurements a span, so their buckets close at
 * 1,000 measurements (a measurement of 77 B is far from 125 KiB).
 *
 * @param options the collection's time-series options
 * @param measurements measurements alive at the horizon
 * @param measurementBytes one measurement's BSON size, as inserted
 * @param capacity the most measurements a bucket holds before a limit closes it
 * @param limit the limit that closes a full bucket, in words
 * @param metaValues distinct metaField values (1 without a metaField; NaN when undeclared)
 * @param rateTypical measurements per second of a typical metaField value
 * @param rateBusiest measurements per second of the busiest metaField value
 * @param fillTypical measurements in a typical value's bucket
 * @param fillBusiest measurements in the busiest value's bucket
 * @param buckets bucket documents at the horizon
 * @param bucketBytes a typical bucket's size, uncompressed layout
 * @param busiestBucketBytes the busiest value's bucket's size, uncompressed layout
 * @param notes what the figures rest on, for outputs to print
 */
public record MongoDbTimeSeries(
    MongoDbDesign.TimeSeries options,
    double measurements,
    long measurementBytes,
    int capacity,
    String limit,
    double metaValues,
    double rateTypical,
    double rateBusiest,
    double fillTypical,
    double fillBusiest,
    double buckets,
    long bucketBytes,
    long busiestBucketBytes,
    List<String> notes) {

  /** {@code timeseriesBucketMaxCount}: 1,000 measurements a bucket. */
  static final int MAX_COUNT = 1_000;

  /** {@code timeseriesBucketMaxSize}: 125 KiB, 128,000 bytes. */
  static final long MAX_SIZE = 125L * 1024;

  /** Large measurements: a bucket of fewer than 10 stays open up to 12 MiB. */
  static final int MIN_COUNT = 10;

  static final long LARGE_SIZE = 12L * 1024 * 1024;

  public MongoDbTimeSeries {
    notes = List.copyOf(notes);
  }

  /** Returns the bucket span in seconds. */
  public long span() {
    return options.bucketMaxSpanSeconds();
  }

  /**
   * Sizes the time-series collection of {@code e} whose measurement document is {@code
   * measurement}, alive {@code horizonSeconds} from now.
   */
  static MongoDbTimeSeries of(
      Entity e, MongoDbDesign.TimeSeries t, BsonDocument measurement, long horizonSeconds) {
    List<String> notes = new ArrayList<>();
    long span = t.bucketMaxSpanSeconds();
    long alive = t.expireAfterSeconds() > 0 ? t.expireAfterSeconds() + span : 0;
    double measurements = e.rowsAfter(horizonSeconds, alive);
    long m = DocumentShape.size(measurement);
    int capacity;
    String limit;
    if (MIN_COUNT * m > MAX_SIZE) {
      capacity = (int) Math.max(1, Math.min(MIN_COUNT, LARGE_SIZE / m));
      limit = "10 measurements of " + Units.bytes(m) + " (large measurements, under 12 MiB)";
    } else if (MAX_COUNT * m > MAX_SIZE) {
      capacity = (int) (MAX_SIZE / m);
      limit = "125 KiB (" + capacity + " measurements of " + Units.bytes(m) + ")";
    } else {
      capacity = MAX_COUNT;
      limit = "1,000 measurements";
    }
    Set<String> meta = new LinkedHashSet<>(t.metaAttributes());
    double values = meta.isEmpty() ? 1 : KeyCounts.distinct(e, meta, measurements);
    double share = meta.isEmpty() ? 1 : KeyCounts.busiestRowShare(e, meta, measurements);
    double growth = e.growthPerSecond();
    double rate = growth / Math.max(1, values);
    double busiestRate = Double.isNaN(share) ? rate : Math.max(rate, growth * share);
    double fill;
    double busiestFill;
    if (Double.isNaN(values)) {
      fill = capacity;
      busiestFill = capacity;
      notes.add(
          "the spread of "
              + String.join(", ", meta)
              + " is not declared: buckets are counted full ("
              + capacity
              + " measurements), the fewest there can be");
    } else if (growth == 0) {
      fill = capacity;
      busiestFill = capacity;
      notes.add(
          "no growth: the rate per metaField value is unknown, buckets are counted full ("
              + capacity
              + " measurements)");
    } else {
      fill = fill(rate, span, capacity);
      busiestFill = fill(busiestRate, span, capacity);
    }
    double buckets = measurements <= 0 ? 0 : Math.max(1, measurements / fill);
    long bytes = bucketBytes(measurement, t, (int) Math.round(fill));
    long busiestBytes = bucketBytes(measurement, t, (int) Math.round(busiestFill));
    return new MongoDbTimeSeries(
        t,
        measurements,
        m,
        capacity,
        limit,
        values,
        rate,
        busiestRate,
        fill,
        busiestFill,
        buckets,
        bytes,
        busiestBytes,
        notes);
  }

  /** Measurements in a bucket of a series writing {@code rate} a second: {@code rate × span}. */
  static double fill(double rate, long span, int capacity) {
    return Math.min(capacity, Math.max(1, rate * span));
  }

  /**
   * Returns the measurement document of {@code root} (the collection's fields, {@code _id} first):
   * a sub-document metaField gathers its attributes under its name, as the application inserts
   * them.
   */
  static BsonDocument measurement(BsonDocument root, MongoDbDesign.TimeSeries t) {
    BsonDocument out = new BsonDocument();
    BsonDocument meta = new BsonDocument();
    root.forEach(
        (k, v) -> {
          if (t.metaDocument() && t.metaAttributes().contains(k)) {
            meta.append(k, v);
          } else {
            out.append(k, v);
          }
        });
    if (t.metaDocument()) {
      out.append(t.metaField().orElseThrow(), meta);
    }
    return out;
  }

  /**
   * Returns the BSON size of a bucket of {@code n} measurements of {@code measurement}, in the
   * uncompressed (version 1) layout: {@code {_id, control: {version, min, max}, meta, data}}.
   */
  static long bucketBytes(BsonDocument measurement, MongoDbDesign.TimeSeries t, int n) {
    BsonDocument min = new BsonDocument();
    BsonDocument data = new BsonDocument();
    BsonValue meta = null;
    for (var f : measurement.entrySet()) {
      if (t.metaField().map(f.getKey()::equals).orElse(false)) {
        meta = f.getValue();
        continue;
      }
      min.append(f.getKey(), f.getValue());
      BsonDocument column = new BsonDocument();
      for (int i = 0; i < n; i++) {
        column.append(Integer.toString(i), f.getValue());
      }
      data.append(f.getKey(), column);
    }
    BsonDocument bucket =
        new BsonDocument("_id", new BsonObjectId(new ObjectId("65f1a2b3c4d5e6f708192a3b")))
            .append(
                "control",
                new BsonDocument("version", new BsonInt32(1))
                    .append("min", min)
                    .append("max", min.clone()));
    if (meta != null) {
      bucket.append("meta", meta);
    }
    bucket.append("data", data);
    return DocumentShape.size(bucket);
  }

  /**
   * Returns the indexes of the bucket collection: the compound index on metaField and timeField the
   * server creates (MongoDB 6.3+, MongoDB manual, "Time Series Indexes", Compound Indexes,
   * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-index/), then the declared ones.
   * There is no {@code _id_} index: the buckets are clustered by their {@code _id}, whose first 4
   * bytes are the bucket's start time. Each index has one entry per bucket; a metaField key holds
   * the meta value, a timeField or measurement key the bucket's {@code control.min} and {@code
   * control.max} of the field, two values (the server indexes {@code {meta: 1, control.min.t: 1,
   * control.max.t: 1}} for {@code {meta: 1, t: 1}}).
   */
  static List<MongoDbIndex> indexes(
      MongoDbDesign.Collection c,
      MongoDbDesign.TimeSeries t,
      BsonDocument measurement,
      double buckets) {
    List<MongoDbIndex> out = new ArrayList<>();
    t.metaField()
        .ifPresent(
            meta -> {
              List<IndexKey> keys =
                  List.of(
                      new IndexKey(meta, IndexKey.Kind.ASCENDING),
                      new IndexKey(t.timeField(), IndexKey.Kind.ASCENDING));
              // Flagged implicit like _id_: the server creates it, so no script writes it and no
              // rule asks to drop it.
              out.add(
                  new MongoDbIndex(
                      Index.defaultName(keys),
                      keys,
                      false,
                      false,
                      Optional.empty(),
                      0,
                      false,
                      true,
                      false,
                      buckets,
                      buckets * (keyBytes(keys, t, measurement) + 8),
                      t.location()));
            });
    for (Index ix : c.indexes()) {
      if (out.stream().anyMatch(x -> x.keys().equals(ix.keys()))) {
        continue;
      }
      out.add(index(ix, t, measurement, buckets));
    }
    c.shardKey()
        .filter(
            k ->
                out.stream()
                    .noneMatch(
                        ix ->
                            ix.keys().size() >= k.keys().size()
                                && ix.keys().subList(0, k.keys().size()).equals(k.keys())))
        .ifPresent(
            k ->
                out.add(
                    index(
                        new Index(
                            Optional.empty(),
                            k.keys(),
                            false,
                            false,
                            Optional.empty(),
                            0,
                            false,
                            k.location()),
                        t,
                        measurement,
                        buckets)));
    return out;
  }

  private static MongoDbIndex index(
      Index ix, MongoDbDesign.TimeSeries t, BsonDocument measurement, double buckets) {
    return new MongoDbIndex(
        ix.effectiveName(),
        ix.keys(),
        ix.unique(),
        ix.sparse(),
        ix.partial(),
        ix.ttlSeconds(),
        ix.caseInsensitive(),
        false,
        false,
        buckets,
        buckets * (keyBytes(ix.keys(), t, measurement) + 8),
        ix.location());
  }

  /** The bytes of one bucket's key: meta values once, other fields' minimum and maximum. */
  private static long keyBytes(
      List<IndexKey> keys, MongoDbDesign.TimeSeries t, BsonDocument measurement) {
    long bytes = 0;
    for (IndexKey k : keys) {
      BsonValue v = value(measurement, k.field());
      long one = v == null ? 0 : DocumentShape.fieldBytes("", v);
      bytes += t.isMeta(k.field()) ? one : 2 * one;
    }
    return bytes;
  }

  /** The value at dotted path {@code path} of {@code doc}, or null. */
  private static BsonValue value(BsonDocument doc, String path) {
    BsonValue v = doc;
    for (String part : path.split("\\.")) {
      if (!(v instanceof BsonDocument d) || !d.containsKey(part)) {
        return null;
      }
      v = d.get(part);
    }
    return v;
  }
}
