package dev.keyplan.analyze;

import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.NativeSize;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A request checked against the model and the data: what the engine measures, in resolved terms.
 *
 * @param data the data set, checked
 * @param columns the columns that map to an attribute, in the entity's order
 * @param keys the candidate keys, each a list of attribute names that all have a column
 * @param time the time attribute, with a column
 * @param sample the share of rows read, in (0, 1]; empty for all
 * @param maxBadRows malformed rows tolerated
 * @param top busiest values listed per key
 * @param redact hash listed values
 * @param engine the engine's settings
 * @param nativeSize which row size the data holds exactly in each row's reserved size field (a
 *     converted export's {@code Exports.NATIVE_BYTES_FIELD}), read instead of worked out from text
 * @param buckets the time bucket widths each key's busiest partition is measured at, with a time
 *     (their rows 0), narrowest first
 * @param original the data set as given: a store export's own files, before their conversion into
 *     {@code data}; {@code data} itself when nothing was converted. Where a value the engine found
 *     wrong is placed ({@link TimePlaces})
 */
public record Measurement(
    DataSet data,
    List<Column> columns,
    List<List<String>> keys,
    Optional<String> time,
    OptionalDouble sample,
    long maxBadRows,
    int top,
    boolean redact,
    EngineSettings engine,
    NativeSize nativeSize,
    List<Analysis.Bucket> buckets,
    DataSet original) {

  public Measurement {
    columns = List.copyOf(columns);
    buckets = List.copyOf(buckets);
    keys = keys.stream().map(List::copyOf).toList();
  }

  /** The column of attribute {@code attribute}. */
  public Column column(String attribute) {
    return columns.stream()
        .filter(c -> c.attribute().equals(attribute))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no column for " + attribute));
  }

  /**
   * One data column and the attribute it holds.
   *
   * @param column the column's name in the data
   * @param attribute the attribute's name in the model
   * @param type the model's type of the attribute
   * @param collection a list, set or map, whose elements are counted
   * @param fixedSize a type whose stored size the type gives
   */
  public record Column(
      String column, String attribute, String type, boolean collection, boolean fixedSize) {}
}
