package dev.keyplan.analyze.source;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
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
