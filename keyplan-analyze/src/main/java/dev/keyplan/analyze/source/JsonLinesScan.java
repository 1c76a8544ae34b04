package dev.keyplan.analyze.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Reads JSON Lines files line by line to place what the engine refused: the engine says a file is
 * malformed but not reliably where (its line counts a value that runs past a line feed as one
 * object), so keyplan finds each bad line itself — a line that is not UTF-8 or not one JSON object
 * — at its line and column. Run only when the engine failed or bad rows are to be counted.
 */
public final class JsonLinesScan {
  private JsonLinesScan() {}

  /**
   * The bad lines found.
   *
   * @param count every bad line of the files
   * @param first the first {@code listed} of them, each at its place
   */
  public record BadLines(long count, List<Diagnostic> first) {
    public BadLines {
      first = List.copyOf(first);
    }
  }

  /** Returns the bad lines of {@code data}'s files, listing at most {@code listed}. */
  public static BadLines scan(DataSet data, int listed) {
    long count = 0;
    List<Diagnostic> first = new ArrayList<>();
    for (DataFile f : data.files()) {
      try (InputStream file = Files.newInputStream(f.path());
          InputStream raw = f.gzip() ? new GZIPInputStream(file) : file;
          InputStream in = new BufferedInputStream(raw, 1 << 16)) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int lineNumber = 1;
        int b;
        boolean more = true;
        while (more) {
          b = in.read();
          if (b >= 0 && b != '\n') {
            line.write(b);
            continue;
          }
          more = b >= 0;
          Diagnostic bad = check(f.name(), lineNumber, line.toByteArray());
          if (bad != null) {
            count++;
            if (first.size() < listed) {
              first.add(bad);
            }
          }
          line.reset();
          lineNumber++;
        }
      } catch (IOException e) {
        throw new InputException(
            new Location(f.name(), 1, 1), "cannot read it: " + InputException.reason(e));
      }
    }
    return new BadLines(count, first);
  }

  /**
   * The places of the first {@code listed} lines whose top-level member {@code field} holds one of
   * {@code values} (a string's text, or another value's JSON text), in file order, each at the
   * value's line and column, with the value: how a value the engine found wrong (a {@code --time}
   * that is no time) is placed, on that error path only. Lines that are not one JSON object are
   * passed over: the engine's own check places those.
   */
  public static List<Found> find(DataSet data, String field, Set<String> values, int listed) {
    List<Found> out = new ArrayList<>();
    JsonFactory json = new JsonFactory();
    for (DataFile f : data.files()) {
      try (InputStream file = Files.newInputStream(f.path());
          InputStream raw = f.gzip() ? new GZIPInputStream(file) : file;
          BufferedReader in =
              new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8), 1 << 16)) {
        String line;
        int lineNumber = 0;
        while ((line = in.readLine()) != null && out.size() < listed) {
          lineNumber++;
          try (JsonParser p = json.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
              continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
              boolean wanted = p.currentName().equals(field);
              JsonToken t = p.nextToken();
              if (wanted && t != null && t.isScalarValue() && values.contains(p.getText())) {
                // Jackson's column counts chars from 1; keyplan's count code points.
                int chars = (int) p.currentTokenLocation().getColumnNr() - 1;
                int column = line.codePointCount(0, Math.min(chars, line.length())) + 1;
                out.add(new Found(new Location(f.name(), lineNumber, column), p.getText()));
                break;
              }
              p.skipChildren();
            }
          } catch (IOException e) {
            // Not one JSON object: not this search's to place.
          }
        }
      } catch (IOException e) {
        throw new InputException(
            new Location(f.name(), 1, 1), "cannot read it: " + InputException.reason(e));
      }
    }
    return out;
  }

  /**
   * A value found at its place.
   *
   * @param at where: a text file's line and column, or a Parquet file's row group and column
   * @param value the value as the engine read it
   * @param detail what the place does not say, for the message ({@code " (row 19,001 of the
   *     file)"}), or empty
   */
  public record Found(Location at, String value, String detail) {
    public Found(Location at, String value) {
      this(at, value, "");
    }
  }

  private static Diagnostic check(String file, int lineNumber, byte[] bytes) {
    try {
      String text = TextInput.decode(file, bytes);
      if (text.isBlank()) {
        return null;
      }
      DataSources.objectKeys(file, lineNumber, text);
      return null;
    } catch (InputException e) {
      Diagnostic d = e.diagnostics().get(0);
      Location at = d.location();
      // decode places a bad byte within the line's own text: move it to the line in the file.
      return at.line() == lineNumber
          ? d
          : new Diagnostic(new Location(file, lineNumber, at.column()), d.message());
    }
  }
}
