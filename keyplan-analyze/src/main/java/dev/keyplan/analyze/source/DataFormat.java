package dev.keyplan.analyze.source;

import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.ExportFormats;
import java.util.Locale;
import java.util.Optional;

/**
 * The formats of a data file {@code keyplan analyze} reads (docs/analyze.md, "Data"), each also
 * gzip-compressed. The two store export formats are converted to JSON Lines by their own readers
 * ({@link #export()}, docs/analyze.md, "Store exports") before the engine reads them.
 */
public enum DataFormat {
  /** Comma-separated values with a header line (RFC 4180 quoting, as cqlsh COPY TO writes it). */
  CSV("csv", NativeSize.NONE),
  /** Tab-separated values with a header line. */
  TSV("tsv", NativeSize.NONE),
  /** One JSON object per line (https://jsonlines.org/). */
  JSON_LINES("jsonl", NativeSize.NONE),
  /** Apache Parquet (https://parquet.apache.org/docs/file-format/). */
  PARQUET("parquet", NativeSize.NONE),
  /**
   * A table export as its S3 export writes it: one {@code {"Item": {...}}} per line. The id is its
   * converter's ({@link ExportFormat#id}), so one name serves {@code --format-in} and the API.
   */
  TABLE_EXPORT(ExportFormats.TABLE, NativeSize.ITEM_BYTES),
  /** Extended JSON lines as the shell's export tool writes them; the id is its converter's. */
  EXTENDED_JSON_EXPORT(ExportFormats.EXTENDED_JSON, NativeSize.DOCUMENT_BYTES);

  private final String id;
  private final Optional<ExportFormat> export;
  private final NativeSize nativeSize;

  DataFormat(String id, NativeSize nativeSize) {
    this.id = id;
    this.export = Optional.empty();
    this.nativeSize = nativeSize;
  }

  /** A store's export format: its id is its converter's, registered in {@link ExportFormats}. */
  DataFormat(ExportFormat export, NativeSize nativeSize) {
    this.id = export.id();
    this.export = Optional.of(export);
    this.nativeSize = nativeSize;
  }

  /** The name {@code --format-in} and the output use. */
  public String id() {
    return id;
  }

  /**
   * The converter of a store's export format, which turns a file into JSON Lines for the engine;
   * empty for a format the engine reads itself.
   */
  public Optional<ExportFormat> export() {
    return export;
  }

  /** Which row size the format gives exactly, as its store counts it. */
  public NativeSize nativeSize() {
    return nativeSize;
  }

  /** Returns the data format of an export format ({@link ExportFormat#sniff}'s answer). */
  public static DataFormat of(ExportFormat format) {
    return ofId(format.id())
        .orElseThrow(() -> new IllegalStateException("no data format for " + format.id()));
  }

  /** Returns the format {@code --format-in} names, if any. */
  public static Optional<DataFormat> ofId(String id) {
    for (DataFormat f : values()) {
      if (f.id.equals(id.toLowerCase(Locale.ROOT))) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /**
   * Returns the format a file name's extension says (after any {@code .gz}): {@code .csv}, {@code
   * .tsv}, {@code .jsonl}, {@code .ndjson} and {@code .json} (one object per line), {@code
   * .parquet}; empty for any other name, which the content then decides.
   */
  public static Optional<DataFormat> ofExtension(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    if (n.endsWith(".gz")) {
      n = n.substring(0, n.length() - 3);
    }
    if (n.endsWith(".csv")) {
      return Optional.of(CSV);
    }
    if (n.endsWith(".tsv")) {
      return Optional.of(TSV);
    }
    if (n.endsWith(".jsonl") || n.endsWith(".ndjson") || n.endsWith(".json")) {
      return Optional.of(JSON_LINES);
    }
    if (n.endsWith(".parquet")) {
      return Optional.of(PARQUET);
    }
    return Optional.empty();
  }
}
