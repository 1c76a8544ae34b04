package dev.keyplan.analyze.source;

import java.util.Locale;
import java.util.Optional;

/**
 * The formats of a data file {@code keyplan analyze} reads (docs/analyze.md, "Data"), each also
 * gzip-compressed. The two export formats are converted to JSON Lines by their own readers, which
 * are built apart from the engine; until they are wired in, a file in either is refused plainly.
 */
public enum DataFormat {
  /** Comma-separated values with a header line (RFC 4180 quoting, as cqlsh COPY TO writes it). */
  CSV("csv", true),
  /** Tab-separated values with a header line. */
  TSV("tsv", true),
  /** One JSON object per line (https://jsonlines.org/). */
  JSON_LINES("jsonl", true),
  /** Apache Parquet (https://parquet.apache.org/docs/file-format/). */
  PARQUET("parquet", true),
  /** A table export as its S3 export writes it: one {@code {"Item": {...}}} per line. */
  TABLE_EXPORT("dynamodb", false),
  /** Extended JSON lines as the shell's export tool writes them. */
  EXTENDED_JSON_EXPORT("mongoexport", false);

  private final String id;
  private final boolean built;

  DataFormat(String id, boolean built) {
    this.id = id;
    this.built = built;
  }

  /** The name {@code --format-in} and the output use. */
  public String id() {
    return id;
  }

  /** False for a format whose converter is not wired into the engine yet. */
  public boolean built() {
    return built;
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
