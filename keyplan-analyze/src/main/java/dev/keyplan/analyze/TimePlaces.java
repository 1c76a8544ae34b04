package dev.keyplan.analyze;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.keyplan.analyze.duckdb.ParquetRows;
import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.source.CsvScan;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.JsonLinesScan;
import dev.keyplan.analyze.source.JsonLinesScan.Found;
import dev.keyplan.analyze.sql.SqlFigures;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Places the {@code --time} values an engine found to be no time, by keyplan's own reading of the
 * files once the engine has named the values (docs/analyze.md, "Data"): a CSV or TSV field at its
 * line and column ({@link CsvScan}), a JSON Lines value at its line and column ({@link
 * JsonLinesScan}), a converted store export's value at the export's own line and column (the export
 * read again as its conversion read it, {@link Exports#forEachRecord}), a Parquet value at its row
 * group and column, with its row ({@link ParquetRows}). Where none of the values is found again (a
 * file only the engine can reach), the error is at the file, with a value.
 */
public final class TimePlaces {
  private TimePlaces() {}

  /** Most values that are no time listed in one error: the rest are counted. */
  public static final int LISTED = 10;

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The error for {@code count} rows of {@code m} whose {@code --time} value is no time, {@code
   * values} being some of those values (as the engine read them as text, at most {@link #LISTED}):
   * each row found holding one, at its place, or the file with the first value.
   */
  public static InputException notTimes(Measurement m, long count, List<String> values) {
    String column = m.column(m.time().orElseThrow()).column();
    Set<String> wanted = new LinkedHashSet<>(values);
    List<Found> found;
    try {
      found = find(m, column, wanted);
    } catch (InputException | java.io.UncheckedIOException e) {
      // A file that cannot be read again is not what the user has to fix first: the values are.
      found = List.of();
    }
    return found.isEmpty()
        ? SqlFigures.notTimes(m, count, values.isEmpty() ? "" : values.get(0))
        : SqlFigures.notTimes(m, count, found);
  }

  private static List<Found> find(Measurement m, String column, Set<String> values) {
    if (values.isEmpty() || m.data().files().stream().anyMatch(DataFile::remote)) {
      // A file at a URI is the engine's to open, not keyplan's.
      return List.of();
    }
    Optional<ExportFormat> export = m.original().format().export();
    if (export.isPresent()) {
      return inExports(m.original(), export.get(), column, values);
    }
    DataSet data = m.data();
    return switch (data.format()) {
      case CSV, TSV -> CsvScan.find(data, column, values, LISTED);
      case JSON_LINES -> JsonLinesScan.find(data, column, values, LISTED);
      case PARQUET -> ParquetRows.find(data, column, values, LISTED, m.engine());
      default -> List.of();
    };
  }

  /**
   * The export lines whose record holds one of {@code values} under {@code attribute}, each at the
   * place in the export's line of the value as the store wrote it (a DynamoDB item's {@code "S"}
   * string, a mongoexport field's value).
   */
  private static List<Found> inExports(
      DataSet original, ExportFormat format, String attribute, Set<String> values) {
    List<Found> out = new ArrayList<>();
    for (DataFile f : original.files()) {
      if (out.size() >= LISTED) {
        break;
      }
      Exports.forEachRecord(
          f.path(),
          f.name(),
          format,
          (line, text, json) -> {
            Optional<String> value = topLevel(json, attribute).filter(values::contains);
            if (value.isPresent()) {
              int chars = placeIn(text, attribute, value.get());
              out.add(
                  new Found(
                      new Location(f.name(), line, text.codePointCount(0, chars) + 1),
                      value.get()));
            }
            return out.size() < LISTED;
          });
    }
    return out;
  }

  /** The text of {@code json}'s top-level scalar member {@code name}, if it has one. */
  private static Optional<String> topLevel(String json, String name) {
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return Optional.empty();
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        boolean wanted = p.currentName().equals(name);
        JsonToken t = p.nextToken();
        if (wanted) {
          return t != null && t.isScalarValue() ? Optional.of(p.getText()) : Optional.empty();
        }
        p.skipChildren();
      }
    } catch (IOException e) {
      // The converter wrote it: one JSON object.
    }
    return Optional.empty();
  }

  /**
   * The offset, in UTF-16 characters, of the first scalar whose text is {@code value} within the
   * shallowest member named {@code name} of an export's line (a DynamoDB item's attribute is a
   * member of its {@code Item}, a document's field a member of the document); 0 when none is.
   */
  static int placeIn(String text, String name, String value) {
    int best = 0;
    int bestDepth = Integer.MAX_VALUE;
    try (JsonParser p = JSON.createParser(text)) {
      int depth = 0;
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
          depth++;
        } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
          depth--;
        } else if (t == JsonToken.FIELD_NAME && p.currentName().equals(name) && depth < bestDepth) {
          int at = depth;
          int inner = 0;
          do {
            t = p.nextToken();
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
              inner++;
            } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
              inner--;
            } else if (t != null && t.isScalarValue() && p.getText().equals(value)) {
              best = (int) p.currentTokenLocation().getColumnNr() - 1;
              bestDepth = at;
              p.skipChildren();
              break;
            }
          } while (t != null && inner > 0);
          // Unwind what is left of the member's value, so depth stays this level's.
          while (inner > 0 && (t = p.nextToken()) != null) {
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
              inner++;
            } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
              inner--;
            }
          }
        }
      }
    } catch (IOException e) {
      // The converter read this line: it is JSON. Place the line, then.
    }
    return Math.max(0, Math.min(best, text.length()));
  }
}
