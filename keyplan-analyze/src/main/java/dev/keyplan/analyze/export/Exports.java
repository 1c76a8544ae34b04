package dev.keyplan.analyze.export;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.BufferedWriter;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Converts a store's export file into plain JSON Lines, validating every line on the way, so that
 * nothing malformed reaches the engine (issue 19: "DuckDB opens a file only after keyplan's own
 * format checks"). The neutral entry point: the format ({@link ExportFormat}, one per store, listed
 * by {@link ExportFormats}) reads each line, this class streams, places and counts.
 *
 * <p>What the target holds (docs/analyze.md, "Store exports"): one JSON object per good line, the
 * line's attributes with their values unwrapped, and first the record's size in its store's own
 * encoding under {@link #NATIVE_BYTES_FIELD}. A record that has an attribute of that name is an
 * error at the name, so the field never hides or replaces a real attribute.
 *
 * <p>Errors: every bad line is {@code file:line:column} (columns in code points) and what was
 * expected. By default the first bad line stops the conversion with its {@link InputException}
 * (exit 2); with {@code maxBadRows} N, up to N bad lines are skipped and counted, and the N+1th
 * stops it. What stops reading altogether (a gzip file cut short, a line past the size limit) is
 * never skipped. A target left by a stopped conversion is deleted.
 */
public final class Exports {
  private Exports() {}

  /**
   * The reserved field of each target line that holds the record's native size in bytes. A name no
   * store export writes for itself: {@code mongoexport} does not take field names that start with
   * {@code $} (MongoDB Database Tools, "mongoexport Behavior", Data Import and Export Conflicts,
   * https://www.mongodb.com/docs/database-tools/mongoexport/mongoexport-behavior/), and a DynamoDB
   * attribute of this name, which DynamoDB allows, is refused at its place rather than silently
   * confused with the size.
   */
  public static final String NATIVE_BYTES_FIELD = "$keyplan_bytes";

  /** Lines between two progress updates. */
  public static final int PROGRESS_EVERY = 8192;

  /** Skipped lines whose first problem {@link ExportConversion#firstBadRows} keeps. */
  public static final int BAD_ROWS_KEPT = 20;

  /**
   * The most distinct top-level attribute names one file may have: each costs a few counters in the
   * type summary, and an export with more holds data in its names (a map written as attributes),
   * which is not what an entity's attributes are.
   */
  public static final int MAX_ATTRIBUTES = 100_000;

  private static final Pattern LINE_COLUMN = Pattern.compile("line (\\d+), column (\\d+)");

  /**
   * Converts {@code source}, named {@code displayName} in messages, to JSON Lines in {@code target}
   * (created or replaced).
   *
   * @param maxBadRows bad lines to skip and count before one stops the conversion; 0 stops at the
   *     first
   * @throws InputException for the first bad line (or the {@code maxBadRows + 1}th), a file that
   *     cannot be read or a target that cannot be written, each with its place
   */
  public static ExportConversion toJsonLines(
      Path source,
      String displayName,
      ExportFormat format,
      Path target,
      long maxBadRows,
      ExportProgress progress) {
    if (maxBadRows < 0) {
      throw new IllegalArgumentException("maxBadRows must be >= 0, was " + maxBadRows);
    }
    MessageDigest sha256 = sha256();
    boolean done = false;
    try (InputStream file = open(source, displayName);
        var digest = new DigestInputStream(file, sha256);
        var counted = new CountingStream(digest);
        BufferedWriter out = writer(target);
        ExportLines lines = ExportLines.open(displayName, counted)) {
      var run = new Run(displayName, format, maxBadRows);
      ExportLines.Line line;
      while ((line = lines.next()) != null) {
        run.line(line, out, target);
        if (line.number() % PROGRESS_EVERY == 0) {
          progress.update(line.number(), counted.count);
        }
      }
      // The gzip reader may stop before the file's end; the hash is of every byte stored.
      digest.transferTo(OutputStream.nullOutputStream());
      progress.update(run.lines, counted.count);
      done = true;
      return run.result(HexFormat.of().formatHex(sha256.digest()));
    } catch (IOException e) {
      // Reading errors are placed by ExportLines; what is left is closing and writing.
      throw new InputException(
          new Location(target.toString(), 0, 0),
          "cannot write the converted data: " + InputException.reason(e));
    } finally {
      if (!done) {
        deleteQuietly(target);
      }
    }
  }

  /** What {@link #forEachRecord} hands over of each good line. */
  @FunctionalInterface
  public interface RecordVisitor {
    /**
     * Takes one good line: its number in the file (gzip undone), its text as the export holds it,
     * and the record as the engine reads it ({@link ExportRecord#json}); returns whether to go on.
     */
    boolean visit(int line, String text, String json);
  }

  /**
   * Reads {@code source} again as {@link #toJsonLines} reads it, line for line with the same
   * numbers, and hands each line the format converts to {@code visitor}; lines it refuses are
   * passed over (the conversion placed them). For placing what the engine later found wrong in a
   * converted line (a {@code --time} value that is no time) at the export's own line, on that error
   * path only.
   *
   * @throws InputException when the file cannot be read
   */
  public static void forEachRecord(
      Path source, String displayName, ExportFormat format, RecordVisitor visitor) {
    try (InputStream file = open(source, displayName);
        ExportLines lines = ExportLines.open(displayName, file)) {
      ExportLines.Line line;
      while ((line = lines.next()) != null) {
        if (line.problem() != null || line.text().isBlank()) {
          continue;
        }
        ExportRecord record;
        try {
          record = format.convert(displayName, line.text());
        } catch (InputException e) {
          continue;
        }
        if (!visitor.visit(line.number(), line.text(), record.json())) {
          return;
        }
      }
    } catch (IOException e) {
      throw new InputException(
          new Location(displayName, 0, 0), "cannot read the file: " + InputException.reason(e));
    }
  }

  /**
   * Returns the first line of an export file, gzip undone, for {@link ExportFormat#sniff}; empty
   * for an empty file.
   *
   * @throws InputException when the file cannot be read or its first line is not UTF-8 text
   */
  public static Optional<String> firstLine(Path source, String displayName) {
    try (InputStream file = open(source, displayName);
        ExportLines lines = ExportLines.open(displayName, file)) {
      ExportLines.Line line = lines.next();
      if (line == null) {
        return Optional.empty();
      }
      if (line.problem() != null) {
        throw line.problem();
      }
      return Optional.of(line.text());
    } catch (IOException e) {
      throw new InputException(
          new Location(displayName, 0, 0), "cannot read the file: " + InputException.reason(e));
    }
  }

  /**
   * Converts the lines of {@code text} (already decoded, as a fuzz target or a test hands it over)
   * with {@code format}, stopping at the first bad line as {@link #toJsonLines} does by default,
   * and returns the target's lines. For tests and fuzzing; the CLI converts files.
   */
  public static List<String> convertText(String displayName, ExportFormat format, byte[] bytes) {
    var out = new java.io.StringWriter();
    var run = new Run(displayName, format, 0);
    try (var writer = new BufferedWriter(out);
        ExportLines lines =
            ExportLines.open(displayName, new java.io.ByteArrayInputStream(bytes))) {
      ExportLines.Line line;
      while ((line = lines.next()) != null) {
        run.line(line, writer, Path.of(displayName));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    // Each line written ends with LF: the last piece of the split is the empty rest.
    List<String> written = List.of(out.toString().split("\n", -1));
    return written.subList(0, written.size() - 1);
  }

  /** The conversion of one file: its counters, summary and bad lines. */
  private static final class Run {
    final String file;
    final ExportFormat format;
    final long maxBadRows;
    long lines;
    long rows;
    long badRows;
    final List<Diagnostic> firstBadRows = new ArrayList<>();
    // attribute -> native type -> records; and attribute -> whole numbers.
    final Map<String, Map<String, long[]>> types = new LinkedHashMap<>();
    final Map<String, long[]> wholeNumbers = new LinkedHashMap<>();

    Run(String file, ExportFormat format, long maxBadRows) {
      this.file = file;
      this.format = format;
      this.maxBadRows = maxBadRows;
    }

    void line(ExportLines.Line line, java.io.Writer out, Path target) throws IOException {
      lines++;
      ExportRecord record;
      try {
        if (line.problem() != null) {
          throw line.problem();
        }
        if (line.text().isBlank()) {
          // Placed in the line alone, as the format places its problems; moved below.
          throw new InputException(
              new Location(file, 1, 1),
              "an empty line; expected one record per line, " + format.title());
        }
        record = format.convert(file, line.text());
      } catch (InputException e) {
        bad(line, line.problem() != null ? e : moved(line, e));
        return;
      }
      for (ExportRecord.Attribute a : record.attributes()) {
        if (!types.containsKey(a.name()) && types.size() >= MAX_ATTRIBUTES) {
          throw new InputException(
              new Location(file, line.number(), 1),
              "this record brings the file's distinct attribute names past "
                  + String.format(java.util.Locale.ROOT, "%,d", MAX_ATTRIBUTES)
                  + " ('"
                  + a.name()
                  + "'); expected an entity's attributes, not data held in names (docs/analyze.md,"
                  + " 'Store exports')");
        }
        types.computeIfAbsent(a.name(), k -> new TreeMap<>())
            .computeIfAbsent(a.type(), k -> new long[1])[0]++;
        if (a.wholeNumber()) {
          wholeNumbers.computeIfAbsent(a.name(), k -> new long[1])[0]++;
        }
      }
      String json = record.json();
      out.write("{\"" + NATIVE_BYTES_FIELD + "\":" + record.nativeBytes());
      out.write(json.length() > 2 ? "," + json.substring(1) : "}");
      out.write('\n');
      rows++;
    }

    private void bad(ExportLines.Line line, InputException e) {
      badRows++;
      if (badRows > maxBadRows) {
        if (maxBadRows == 0) {
          throw e;
        }
        throw e.withNote(
            " (bad line " + badRows + ", more than the " + maxBadRows + " allowed to be skipped)");
      }
      if (firstBadRows.size() < BAD_ROWS_KEPT) {
        firstBadRows.add(e.diagnostics().get(0));
      }
    }

    /**
     * Moves a problem placed in the line's own text (line 1, columns in UTF-16 characters as the
     * JSON readers count them) to the line's place in the file, columns in code points.
     */
    private InputException moved(ExportLines.Line line, InputException e) {
      String text = line.text();
      List<Diagnostic> out = new ArrayList<>();
      for (Diagnostic d : e.diagnostics()) {
        Matcher m = LINE_COLUMN.matcher(d.message());
        var message = new StringBuilder();
        while (m.find()) {
          Location l =
              place(
                  line.number(), text, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
          m.appendReplacement(message, "line " + l.line() + ", column " + l.column());
        }
        m.appendTail(message);
        Location at = d.location();
        out.add(
            new Diagnostic(
                at.line() < 1
                    ? new Location(file, line.number(), 1)
                    : place(line.number(), text, at.line(), at.column()),
                message.toString()));
      }
      return new InputException(out);
    }

    private Location place(int lineNumber, String text, int line, int column) {
      int chars = Math.max(0, Math.min(column - 1, text.length()));
      return new Location(file, lineNumber + line - 1, text.codePointCount(0, chars) + 1);
    }

    ExportConversion result(String sha256) {
      var summary = new TreeMap<String, NativeTypes>();
      types.forEach(
          (name, counts) -> {
            var sorted = new TreeMap<String, Long>();
            counts.forEach((type, n) -> sorted.put(type, n[0]));
            long whole = wholeNumbers.getOrDefault(name, new long[1])[0];
            NativeTypes partial = new NativeTypes(sorted, whole, "");
            summary.put(name, new NativeTypes(sorted, whole, format.modelType(partial)));
          });
      return new ExportConversion(rows, badRows, firstBadRows, summary, sha256);
    }
  }

  private static InputStream open(Path source, String displayName) {
    try {
      return Files.newInputStream(source);
    } catch (IOException e) {
      throw new InputException(
          new Location(displayName, 0, 0), "cannot read the file: " + InputException.reason(e));
    }
  }

  private static BufferedWriter writer(Path target) {
    try {
      return Files.newBufferedWriter(target, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(
          new Location(target.toString(), 0, 0),
          "cannot write the converted data: " + InputException.reason(e));
    }
  }

  private static void deleteQuietly(Path target) {
    try {
      Files.deleteIfExists(target);
    } catch (IOException e) {
      // The stopping error is what the user needs to read; a leftover file is harmless.
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      // Every Java platform has SHA-256 (java.security.MessageDigest's required algorithms).
      throw new IllegalStateException(e);
    }
  }

  /** Counts the bytes read through it, for progress against the file's size. */
  private static final class CountingStream extends FilterInputStream {
    long count;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
