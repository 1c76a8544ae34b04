package dev.keyplan.analyze.export;

import java.util.Optional;

/**
 * A store's export format that keyplan analyze converts into plain JSON Lines before its engine
 * reads them (docs/analyze.md, "Store exports"). Each store that has one provides an implementation
 * in its own package ({@code dev.keyplan.<store>.export}); {@link ExportFormats} is the one list of
 * them, so this neutral package names no store.
 *
 * <p>A format converts one line at a time: the line's text (without its line end) in, one {@link
 * ExportRecord} out, or an {@link dev.keyplan.input.InputException} whose places are in the line
 * (line 1, columns in UTF-16 characters as the JSON readers count them); {@link Exports} moves them
 * to the line's place in the file and counts the columns in code points.
 */
public interface ExportFormat {

  /** The format's name in options and messages, such as {@code dynamodb-json}. */
  String id();

  /** What the format is, in words for messages: "a DynamoDB S3 export (DYNAMODB_JSON)". */
  String title();

  /**
   * Returns whether {@code firstLine}, the first line of a data file, looks like this format: a
   * cheap look at its first characters, not a validation (the conversion validates).
   */
  boolean recognises(String firstLine);

  /**
   * Converts one line. {@code file} is the name used in diagnostics.
   *
   * @throws dev.keyplan.input.InputException when the line is not one record of this format, each
   *     problem at its place in {@code text} (line 1)
   */
  ExportRecord convert(String file, String text);

  /**
   * Returns the model type (the model's CQL-like vocabulary, docs/model.md) that an attribute with
   * these native types reads as, by this format's conventions (docs/analyze.md, "Store exports").
   */
  String modelType(NativeTypes types);

  /**
   * Returns the format whose {@link #recognises} takes {@code firstLine}, or empty when none does
   * (a plain JSON Lines or CSV file, which the engine reads itself).
   */
  static Optional<ExportFormat> sniff(String firstLine) {
    String line = firstLine.startsWith("\uFEFF") ? firstLine.substring(1) : firstLine;
    return ExportFormats.all().stream().filter(f -> f.recognises(line)).findFirst();
  }
}
