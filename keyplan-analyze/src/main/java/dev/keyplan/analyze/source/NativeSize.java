package dev.keyplan.analyze.source;

/**
 * Which of the two row sizes {@code keyplan analyze} reports a data format gives exactly, as its
 * store counts a record against its limit: a table export holds each item's bytes, an Extended JSON
 * export each document's BSON bytes (the converters write it first on each line, {@code
 * Exports.NATIVE_BYTES_FIELD}); CSV, TSV, JSON Lines and Parquet give neither, and both sizes are
 * worked out from the values as text (docs/analyze.md, "Figures").
 */
public enum NativeSize {
  /** Neither: both sizes are estimated from the values as text. */
  NONE,
  /** The item bytes are each record's own, read from the export. */
  ITEM_BYTES,
  /** The BSON document bytes are each record's own, read from the export. */
  DOCUMENT_BYTES
}
