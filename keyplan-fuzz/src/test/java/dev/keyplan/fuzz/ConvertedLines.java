package dev.keyplan.fuzz;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.input.InputException;
import dev.keyplan.input.InputLimits;
import java.io.IOException;

/**
 * The property of the export fuzz targets: any bytes (plain or gzip, any encoding) either convert
 * or are refused with a located {@link InputException}; and what converts is what the engine can
 * read, each line one JSON object that starts with the reserved size field. A line the engine could
 * not read would fail inside DuckDB, where keyplan no longer places the error.
 */
public final class ConvertedLines {
  private static final JsonFactory JSON = JsonFactory.builder().build();

  private ConvertedLines() {}

  /**
   * Converts {@code data} with {@code format} and checks the property. Lines are bounded at 1 MiB
   * here: 64 KiB of gzip can inflate to 64 MiB of zeros, a line the size guard refuses only after
   * reading it, which would make the run about that guard's speed rather than the readers.
   */
  public static void check(String file, ExportFormat format, byte[] data) {
    if (data.length > HostileBytes.MAX_BYTES) {
      return;
    }
    String old = System.getProperty(InputLimits.FILE_BYTES_PROPERTY);
    System.setProperty(InputLimits.FILE_BYTES_PROPERTY, "1MiB");
    try {
      for (String line : Exports.convertText(file, format, data)) {
        requireObjectWithSize(line);
      }
    } catch (InputException e) {
      HostileBytes.requireLocated(file, e);
    } finally {
      if (old == null) {
        System.clearProperty(InputLimits.FILE_BYTES_PROPERTY);
      } else {
        System.setProperty(InputLimits.FILE_BYTES_PROPERTY, old);
      }
    }
  }

  private static void requireObjectWithSize(String line) {
    try (JsonParser p = JSON.createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT
          || p.nextToken() != JsonToken.FIELD_NAME
          || !p.currentName().equals(Exports.NATIVE_BYTES_FIELD)
          || p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
        throw new AssertionError("not an object that starts with its size: " + line);
      }
      p.skipChildren();
      int depth = 1;
      while (depth > 0) {
        JsonToken t = p.nextToken();
        if (t == null) {
          throw new AssertionError("unclosed object: " + line);
        }
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
          depth++;
        } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
          depth--;
        }
      }
      if (p.nextToken() != null) {
        throw new AssertionError("more than one value on a line: " + line);
      }
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + line, e);
    }
  }
}
