package dev.keyplan.analyze;

import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.analyze.measured.Provenance;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What {@code keyplan analyze} measured about one entity from one data set: every figure of
 * docs/analyze.md, each with its formula there. Figures of a sampled run are scaled back to the
 * whole data set where a count scales ({@link Data#scale}) and say so; distinct values are not
 * scaled (a sample's distinct count is a lower bound of the whole's).
 *
 * @param entity the entity's name in the model
 * @param data what was read
 * @param attributes one per attribute that has a column, in the entity's order
 * @param keys one per candidate key, in the order asked or found
 * @param rowSizes the rows' sizes against the stores' item and document limits
 * @param time the time span, with {@code --time}
 * @param notes what the figures do not say, one sentence each
 * @param provenance the files measured, for the model writer
 */
public record Analysis(
    String entity,
    Data data,
    List<AttributeFigures> attributes,
    List<KeyFigures> keys,
    RowSizes rowSizes,
    Optional<TimeSpan> time,
    List<String> notes,
    Provenance provenance) {

  /**
   * The item size limit, 400 KB = 409,600 bytes
   * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html#limits-items).
   */
  public static final long ITEM_LIMIT_BYTES = 400L * 1024;

  /**
   * The BSON document size limit, 16 MiB = 16,777,216 bytes
   * (https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-BSON-Document-Size).
   */
  public static final long DOCUMENT_LIMIT_BYTES = 16L << 20;

  public Analysis {
    attributes = List.copyOf(attributes);
    keys = List.copyOf(keys);
    notes = List.copyOf(notes);
  }

  /**
   * What was read.
   *
   * @param files the files, in the order read
   * @param format the format's name
   * @param engine the engine that measured it ({@link Measurer#name})
   * @param rowsRead rows the engine read (after any sample)
   * @param badRows malformed rows skipped under {@code --max-bad-rows}
   * @param sample the share sampled; empty when every row was read
   * @param columns data column to attribute, for the columns that map to one
   * @param unmappedColumns columns that map to no attribute, ignored
   * @param attributesWithoutColumn attributes of the entity no column holds
   */
  public record Data(
      List<String> files,
      String format,
      String engine,
      long rowsRead,
      long badRows,
      OptionalDouble sample,
      Map<String, String> columns,
      List<String> unmappedColumns,
      List<String> attributesWithoutColumn) {
    public Data {
      files = List.copyOf(files);
      columns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
      unmappedColumns = List.copyOf(unmappedColumns);
      attributesWithoutColumn = List.copyOf(attributesWithoutColumn);
    }

    /** The factor a sampled count is multiplied by: 1 / sample, or 1. */
    public double scale() {
      return 1 / sample.orElse(1);
    }

    /** The rows of the whole data set: rows read, scaled back. */
    public double rows() {
      return rowsRead * scale();
    }
  }

  /**
   * One attribute's figures.
   *
   * @param name the attribute
   * @param column the data column holding it
   * @param type the model's type for it
   * @param present share of rows that hold a value
   * @param averageBytes average UTF-8 bytes of a present value as the data writes it
   * @param p99Bytes 99th percentile of those bytes
   * @param maxBytes the largest
   * @param fixedSize true for a type of fixed size, whose stored size the type gives
   * @param elements a collection's elements per row; empty for a scalar or an unreadable form
   */
  public record AttributeFigures(
      String name,
      String column,
      String type,
      double present,
      double averageBytes,
      double p99Bytes,
      double maxBytes,
      boolean fixedSize,
      Optional<Quantiles> elements) {}

  /**
   * Three points of a distribution, and its mean.
   *
   * @param average the mean
   * @param p50 the median (an observed value: {@code quantile_disc})
   * @param p99 the 99th percentile (an observed value)
   * @param max the largest
   */
  public record Quantiles(double average, double p50, double p99, double max) {}

  /**
   * One candidate key's figures, from one pass over the data grouped by the key.
   *
   * @param attributes the key's attributes, in order
   * @param rows rows that hold every attribute of the key (scaled)
   * @param distinct distinct key values among them (in the sample, when sampled)
   * @param distinctExact true: counted exactly by grouping, no sketch
   * @param top the busiest values, busiest first, ties by value
   * @param busiestShare the busiest value's share of the rows
   * @param zipf the fitted Zipf law, when one was fitted
   * @param rowsPerValue rows per key value (scaled)
   * @param bytesPerValue data bytes per key value (scaled)
   * @param monotonicity the key's correlation with insertion order or time
   * @param busiestPerSecond the busiest value's rows per second over the time span, with a time
   * @param buckets per time bucket width, the busiest (key value, bucket)'s rows, with a time
   */
  public record KeyFigures(
      List<String> attributes,
      double rows,
      long distinct,
      boolean distinctExact,
      List<TopValue> top,
      double busiestShare,
      Optional<ZipfFit> zipf,
      Quantiles rowsPerValue,
      Quantiles bytesPerValue,
      Monotonicity monotonicity,
      OptionalDouble busiestPerSecond,
      List<Bucket> buckets) {
    public KeyFigures {
      attributes = List.copyOf(attributes);
      top = List.copyOf(top);
      buckets = List.copyOf(buckets);
    }

    /** The key as written: {@code a} or {@code (a, b)}. */
    public String name() {
      return attributes.size() == 1 ? attributes.get(0) : "(" + String.join(", ", attributes) + ")";
    }
  }

  /**
   * One busy key value.
   *
   * @param value the value as the data writes it (a composite's parts joined by {@code |}), or its
   *     SHA-256 with {@code --redact}
   * @param rows its rows (scaled)
   * @param share its share of the key's rows
   */
  public record TopValue(String value, double rows, double share) {}

  /**
   * A Zipf law fitted to the rank-frequency of a key's busiest values.
   *
   * @param exponent the fitted {@code s}
   * @param ranks the ranks fitted (the head where counts order the values reliably)
   * @param ksDistance the Kolmogorov–Smirnov distance between the observed and the fitted shares of
   *     those ranks
   * @param ksCritical the distance the fit must stay within: {@code 1.36 / √M} for the head's
   *     {@code M} rows ({@link ZipfEstimator})
   * @param follows true when {@code ksDistance} is at most {@code ksCritical}
   */
  public record ZipfFit(
      double exponent, int ranks, double ksDistance, double ksCritical, boolean follows) {}

  /**
   * The correlation of a key's order with the rows' order, as analyzeShardKey's
   * recordIdCorrelationCoefficient.
   *
   * @param coefficient Pearson's r, in [-1, 1]
   * @param timeOrdered |r| at or above {@link Analyzer#MONOTONIC_THRESHOLD}
   * @param order {@code file order} or {@code time column NAME}
   */
  public record Monotonicity(double coefficient, boolean timeOrdered, String order) {}

  /**
   * The busiest partition of one time bucket width.
   *
   * @param width the width's name ({@code 1h})
   * @param seconds the width in seconds
   * @param busiestRows rows of the busiest (key value, bucket) pair (scaled)
   */
  public record Bucket(String width, long seconds, double busiestRows) {}

  /**
   * The data's time span.
   *
   * @param attribute the time attribute
   * @param from the earliest time, ISO-8601
   * @param to the latest, ISO-8601
   * @param seconds the span
   * @param rowsPerSecond rows (scaled) over the span: the entity's growth
   */
  public record TimeSpan(
      String attribute, String from, String to, double seconds, double rowsPerSecond) {}

  /**
   * Rows' sizes, two ways, against two limits.
   *
   * @param itemBytes the sum over present values of attribute name + value UTF-8 bytes: an item's
   *     size when every value is a string
   * @param documentBytes a BSON document of string fields: 4 + Σ (1 + name + 1 + 4 + value + 1) + 1
   * @param itemsOverItemLimit rows over the 400 KB item limit (scaled)
   * @param rowsOverDocumentLimit rows over the 16 MiB document limit (scaled)
   * @param nativeSize which of the two is instead each row's own size as its store counts it, read
   *     from a store's export ({@code NONE} for CSV, TSV, JSON Lines and Parquet)
   */
  public record RowSizes(
      Quantiles itemBytes,
      Quantiles documentBytes,
      double itemsOverItemLimit,
      double rowsOverDocumentLimit,
      dev.keyplan.analyze.source.NativeSize nativeSize) {}

  /**
   * Returns what was measured in the model's terms, for the model writer: the rows, growth, each
   * attribute's size, items and presence, and the spread of each single-attribute key.
   */
  public MeasuredEntity measured() {
    Map<String, MeasuredAttribute> attrs = new LinkedHashMap<>();
    for (AttributeFigures a : attributes) {
      boolean measuredAlone = keys.stream().anyMatch(k -> k.attributes().equals(List.of(a.name())));
      boolean ordered =
          keys.stream()
              .anyMatch(
                  k -> k.attributes().equals(List.of(a.name())) && k.monotonicity().timeOrdered());
      attrs.put(
          a.name(),
          new MeasuredAttribute(
              a.name(),
              a.type(),
              a.fixedSize() ? OptionalDouble.empty() : OptionalDouble.of(a.averageBytes()),
              a.elements().map(q -> OptionalDouble.of(q.average())).orElse(OptionalDouble.empty()),
              a.present(),
              ordered,
              measuredAlone));
    }
    Map<String, MeasuredSpread> spreads = new LinkedHashMap<>();
    for (KeyFigures k : keys) {
      if (k.attributes().size() != 1) {
        continue;
      }
      String a = k.attributes().get(0);
      spreads.put(
          a,
          new MeasuredSpread(
              a,
              k.distinct(),
              0,
              k.busiestShare(),
              k.busiestPerSecond(),
              k.zipf()
                  .filter(ZipfFit::follows)
                  .map(z -> OptionalDouble.of(z.exponent()))
                  .orElse(OptionalDouble.empty()),
              Map.of()));
    }
    // A measured pair (a, b) says how many b values one a value holds, on average: the model's
    // per: on b (docs/model.md, "Spread"), when b's own spread was measured too.
    for (KeyFigures k : keys) {
      if (k.attributes().size() != 2) {
        continue;
      }
      String a = k.attributes().get(0);
      String b = k.attributes().get(1);
      Optional<KeyFigures> first =
          keys.stream().filter(x -> x.attributes().equals(List.of(a))).findFirst();
      MeasuredSpread spread = spreads.get(b);
      if (first.isEmpty() || spread == null || first.get().distinct() == 0) {
        continue;
      }
      Map<String, Double> per = new LinkedHashMap<>(spread.per());
      per.put(a, (double) k.distinct() / first.get().distinct());
      spreads.put(
          b,
          new MeasuredSpread(
              b,
              spread.distinct(),
              spread.distinctRelativeError(),
              spread.busiestShare(),
              spread.busiestPerSecond(),
              spread.zipfExponent(),
              per));
    }
    return new MeasuredEntity(
        entity,
        data.rows(),
        time.map(t -> OptionalDouble.of(t.rowsPerSecond())).orElse(OptionalDouble.empty()),
        attrs,
        spreads,
        provenance);
  }
}
