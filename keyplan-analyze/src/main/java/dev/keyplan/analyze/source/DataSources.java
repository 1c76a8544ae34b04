package dev.keyplan.analyze.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Finds the files of a data set and runs keyplan's own checks on each before the engine opens it
 * (issue 19: "DuckDB opens a file only after keyplan's own format checks"; issue 18: every bad
 * input is an error at {@code file:line:column}, exit 2).
 *
 * <p>What is checked, and only in a file's first {@link #HEAD_BYTES} (decompressed): that it exists
 * and is a regular file; that a {@code .gz} file starts with gzip's magic bytes; that a Parquet
 * file has {@code PAR1} at both ends; that the head is UTF-8 (the first bad byte at its line and
 * column, through {@link TextInput#decode}); that a CSV or TSV file has a header naming every
 * column once and at least one row; that each complete line of a JSON Lines head is one JSON
 * object. What lies past the head is read by the engine, whose errors {@code DataErrors} places.
 *
 * <p>Data files have no size limit of keyplan's own (docs/analyze.md, "Limits"): the engine streams
 * them within its memory limit and spills to disk. Only the head is held in memory.
 */
public final class DataSources {
  private DataSources() {}

  /**
   * The most bytes of a file's start keyplan reads itself: 1 MiB. A header or a first line longer
   * than that is refused (docs/reliability.md, "Input size").
   */
  public static final int HEAD_BYTES = 1 << 20;

  private static final Location COMMAND_LINE = new Location("<command line>", 0, 0);
  private static final Pattern GLOB = Pattern.compile("[*?\\[{]");

  /** Bytes of a file's first line read to tell an export by: its first characters decide. */
  private static final int SNIFF_BYTES = 4096;

  private static final JsonFactory JSON = JsonFactory.builder().build();
  private static final byte[] PAR1 = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /**
   * Returns the data set the arguments name: each a file or a glob ({@code data/*.csv.gz}, matched
   * by {@link java.nio.file.FileSystem#getPathMatcher}'s glob syntax), globs expanded and sorted by
   * path so the order is the same on every machine; every file checked.
   *
   * @param arguments the {@code DATA…} arguments as given
   * @param formatIn the format {@code --format-in} names; empty to tell it from each file
   * @throws InputException a file that is missing, a glob that matches nothing, a file that fails a
   *     check, or files of different formats
   */
  public static DataSet open(List<String> arguments, Optional<DataFormat> formatIn) {
    List<DataFile> files = new ArrayList<>();
    for (String a : arguments) {
      if (isUri(a) && !isFileUri(a)) {
        files.add(remote(a, formatIn));
      } else if (isUri(a)) {
        // A file URI names a local file: every check runs on it, and an engine with its own file
        // systems is handed the URI.
        for (String n : expand(localPath(a))) {
          String uri = Path.of(n).toAbsolutePath().toUri().toString();
          DataFile f = check(n, formatIn, true);
          files.add(
              new DataFile(
                  f.path(),
                  GLOB.matcher(a).find() ? uri : a,
                  f.format(),
                  f.gzip(),
                  f.columns(),
                  Optional.of(uri)));
        }
      } else {
        for (String n : expand(a)) {
          files.add(check(n, formatIn, true));
        }
      }
    }
    List<Boolean> empty = new ArrayList<>();
    for (DataFile f : files) {
      empty.add(
          !f.remote() && f.format() == DataFormat.JSON_LINES && formatIn.isEmpty() && isEmpty(f));
    }
    // An empty file says nothing of its format: it takes the data set's. A table export writes one
    // for each empty partition among its data files, so a glob over an export finds some.
    DataFormat first =
        files.stream()
            .filter(f -> !empty.get(files.indexOf(f)))
            .map(DataFile::format)
            .findFirst()
            .orElse(DataFormat.JSON_LINES);
    for (int i = 0; i < files.size(); i++) {
      DataFile f = files.get(i);
      if (empty.get(i)) {
        if (first.export().isEmpty()) {
          throw new InputException(
              new Location(f.name(), 1, 1), "an empty file; expected one JSON object per line");
        }
        files.set(i, new DataFile(f.path(), f.name(), first, f.gzip(), List.of(), f.uri()));
      } else if (f.format() != first) {
        throw new InputException(
            new Location(f.name(), 1, 1),
            "a "
                + f.format().id()
                + " file in a "
                + first.id()
                + " data set; expected every file of one data set in one format");
      }
    }
    return new DataSet(files, first);
  }

  private static final Pattern URI_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*://");

  /** Whether {@code argument} is a URI ({@code scheme://…}) rather than a path. */
  public static boolean isUri(String argument) {
    return URI_SCHEME.matcher(argument).find();
  }

  /** Whether {@code argument} is a {@code file://} URI, which names a file on this machine. */
  public static boolean isFileUri(String argument) {
    return argument.regionMatches(true, 0, "file://", 0, "file://".length());
  }

  /** The local path a {@code file://} URI names, as text (a glob's characters kept). */
  private static String localPath(String uri) {
    String rest = uri.substring("file://".length());
    if (!rest.startsWith("/")) {
      throw new InputException(
          COMMAND_LINE,
          "'"
              + uri
              + "' names a file on host '"
              + rest.substring(0, Math.max(0, rest.indexOf('/')))
              + "'; expected a file:// URI of this machine, file:///path (RFC 8089)");
    }
    try {
      return java.net.URLDecoder.decode(rest.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new InputException(COMMAND_LINE, "not a file URI: '" + uri + "': " + e.getMessage());
    }
  }

  /**
   * A file at a URI of another scheme ({@code s3a://}, {@code hdfs://}, {@code abfss://}): keyplan
   * cannot open it, so it is left to an engine that reads through its own file systems, which
   * checks its head as keyplan checks a local file's (the Spark engine; the embedded engine refuses
   * it). Its format is {@code --format-in}'s or its name's; a store export is refused, since
   * keyplan converts an export itself from a local file.
   */
  private static DataFile remote(String uri, Optional<DataFormat> formatIn) {
    DataFormat format =
        formatIn
            .or(() -> DataFormat.ofExtension(uri))
            .orElseThrow(
                () ->
                    new InputException(
                        COMMAND_LINE,
                        "cannot tell the format of "
                            + uri
                            + " from its name (keyplan does not open a file at a URI); expected"
                            + " a name ending in .csv, .tsv, .jsonl, .ndjson, .json or .parquet"
                            + " (each optionally .gz), or --format-in"));
    if (format.export().isPresent()) {
      throw new InputException(
          COMMAND_LINE,
          uri
              + ": a "
              + format.id()
              + " export at a URI, which keyplan cannot convert (it converts an export itself, line"
              + " by line, from a local file); expected a local copy of the export's files");
    }
    String path = uri.substring(uri.indexOf("://") + 3);
    return new DataFile(
        Path.of(path.isEmpty() ? "/" : path),
        uri,
        format,
        uri.toLowerCase(java.util.Locale.ROOT).endsWith(".gz"),
        List.of(),
        Optional.of(uri));
  }

  /** Returns the file names one argument stands for: itself, or a glob's matches, sorted. */
  static List<String> expand(String argument) {
    if (argument.isEmpty()) {
      throw new InputException(COMMAND_LINE, "an empty data file name; expected a file or a glob");
    }
    if (!GLOB.matcher(argument).find()) {
      return List.of(argument);
    }
    // The directory is everything before the segment holding the first glob character.
    int glob = firstGlob(argument);
    int slash = argument.lastIndexOf('/', glob);
    String dir = slash < 0 ? "." : argument.substring(0, Math.max(1, slash));
    String pattern = slash < 0 ? argument : argument.substring(slash + 1);
    Path base;
    PathMatcher matcher;
    try {
      base = Path.of(dir);
      matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
    } catch (IllegalArgumentException e) {
      throw new InputException(
          COMMAND_LINE, "not a file name or glob: '" + argument + "': " + e.getMessage());
    }
    if (!Files.isDirectory(base)) {
      throw new InputException(
          COMMAND_LINE, "no directory " + dir + " for the glob '" + argument + "'");
    }
    // A '**' crosses directories; otherwise the pattern's own segments bound the depth.
    int depth = pattern.contains("**") ? Integer.MAX_VALUE : pattern.split("/", -1).length;
    List<String> out = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(base, depth)) {
      walk.filter(Files::isRegularFile)
          .filter(p -> matcher.matches(base.relativize(p)))
          .map(p -> slash < 0 ? base.relativize(p).toString() : p.toString())
          .sorted()
          .forEach(out::add);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new InputException(
          COMMAND_LINE, "cannot list " + dir + " for the glob '" + argument + "': " + e);
    }
    if (out.isEmpty()) {
      throw new InputException(
          COMMAND_LINE, "no file matches '" + argument + "'; expected at least one data file");
    }
    return out;
  }

  private static int firstGlob(String s) {
    var m = GLOB.matcher(s);
    return m.find() ? m.start() : s.length();
  }

  /** Returns the file {@code name} after keyplan's checks, its format told or found. */
  static DataFile check(String name, Optional<DataFormat> formatIn) {
    return check(name, formatIn, false);
  }

  /**
   * As {@link #check(String, Optional)}; with {@code emptyAllowed}, a file of no content whose name
   * says JSON is returned without columns, for {@link #open} to give the data set's format.
   */
  private static DataFile check(String name, Optional<DataFormat> formatIn, boolean emptyAllowed) {
    Path path;
    try {
      path = Path.of(name);
    } catch (InvalidPathException e) {
      throw new InputException(COMMAND_LINE, "not a file name: '" + name + "'");
    }
    if (!Files.exists(path)) {
      throw new InputException(COMMAND_LINE, "no such data file: " + name);
    }
    if (!Files.isRegularFile(path)) {
      throw new InputException(COMMAND_LINE, "not a regular file: " + name);
    }
    byte[] raw = start(path, name, 4);
    boolean gzip = name.toLowerCase(java.util.Locale.ROOT).endsWith(".gz");
    boolean gzipMagic = raw.length >= 2 && (raw[0] & 0xff) == 0x1f && (raw[1] & 0xff) == 0x8b;
    if (gzip && !gzipMagic) {
      throw new InputException(
          new Location(name, 1, 1),
          "not gzip data: expected the bytes 1F 8B at the start of a .gz file (RFC 1952)");
    }
    gzip = gzipMagic;
    // A store's export is converted line by line by its own reader, which checks every line and
    // places each problem (Exports.toJsonLines): keyplan's head checks would only read it twice,
    // and place a cut gzip member or a later line's byte-order mark differently.
    Optional<DataFormat> told = formatIn.or(() -> DataFormat.ofExtension(name));
    if (told.isPresent() && told.get().export().isPresent()) {
      return new DataFile(path, name, told.get(), gzip, List.of());
    }
    if (formatIn.isEmpty() && (told.isEmpty() || told.get() == DataFormat.JSON_LINES)) {
      Optional<DataFormat> export = ExportFormat.sniff(firstLine(path, gzip)).map(DataFormat::of);
      if (export.isPresent()) {
        return new DataFile(path, name, export.get(), gzip, List.of());
      }
    }
    byte[] head = head(path, name, gzip);
    DataFormat format = told.orElseGet(() -> sniff(name, head));
    if (format != DataFormat.PARQUET) {
      if (head.length == 0
          && emptyAllowed
          && format == DataFormat.JSON_LINES
          && formatIn.isEmpty()) {
        return new DataFile(path, name, format, gzip, List.of());
      }
      return new DataFile(path, name, format, gzip, headColumns(name, format, head));
    }
    if (format == DataFormat.PARQUET) {
      if (gzip) {
        throw new InputException(
            new Location(name, 1, 1),
            "a gzip-compressed Parquet file; expected the .parquet file itself (Parquet compresses"
                + " its own pages)");
      }
      checkParquet(path, name);
      return new DataFile(path, name, format, false, List.of());
    }
    throw new IllegalStateException("every format but Parquet is checked above");
  }

  /**
   * keyplan's checks of a CSV, TSV or JSON Lines file's head (its first {@link #HEAD_BYTES},
   * decompressed), wherever it was read from: UTF-8, then a header naming every column once and a
   * row after it, or each complete line one JSON object; returns the columns.
   *
   * @throws InputException the first problem, at its line and column in {@code name}
   */
  public static List<String> headColumns(String name, DataFormat format, byte[] head) {
    if (head.length == 0) {
      throw new InputException(
          new Location(name, 1, 1),
          format == DataFormat.CSV || format == DataFormat.TSV
              ? "an empty file; expected a header line naming the columns"
              : "an empty file; expected one JSON object per line");
    }
    String text = TextInput.decode(name, completeLines(head));
    if (format == DataFormat.CSV || format == DataFormat.TSV) {
      return header(name, text, format);
    }
    return jsonKeys(name, text);
  }

  /**
   * The start of a file's first line (gzip undone), at most {@link #SNIFF_BYTES}, for {@link
   * ExportFormat#sniff}: bytes that are not UTF-8 become U+FFFD and a file cut short gives what it
   * holds, since only the first characters are looked at; the reader that takes the file reports
   * such problems at their places.
   */
  private static String firstLine(Path path, boolean gzip) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (InputStream file = new java.io.BufferedInputStream(Files.newInputStream(path));
        InputStream in = gzip ? new GZIPInputStream(file) : file) {
      int b;
      while (out.size() < SNIFF_BYTES && (b = in.read()) >= 0 && b != '\n') {
        out.write(b);
      }
    } catch (IOException e) {
      // What was read before the problem is enough to tell a format, or to tell none.
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** True when the file holds no bytes, or is gzip of none. */
  private static boolean isEmpty(DataFile f) {
    try (InputStream file = Files.newInputStream(f.path());
        InputStream in = f.gzip() ? new GZIPInputStream(file) : file) {
      return in.read() < 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** The format of a file whose name says none: Parquet's magic, a JSON object, else unknown. */
  static DataFormat sniff(String name, byte[] head) {
    if (head.length >= 4 && java.util.Arrays.equals(head, 0, 4, PAR1, 0, 4)) {
      return DataFormat.PARQUET;
    }
    int i = 0;
    while (i < head.length && Character.isWhitespace(head[i])) {
      i++;
    }
    if (i < head.length && head[i] == '{') {
      return DataFormat.JSON_LINES;
    }
    throw new InputException(
        new Location(name, 1, 1),
        "cannot tell this file's format; expected a name ending in .csv, .tsv, .jsonl, .ndjson,"
            + " .json or .parquet (each optionally .gz), or --format-in");
  }

  private static byte[] start(Path path, String name, int n) {
    try (InputStream in = Files.newInputStream(path)) {
      return in.readNBytes(n);
    } catch (IOException e) {
      throw new InputException(
          COMMAND_LINE, "cannot read data file " + name + ": " + InputException.reason(e));
    }
  }

  /** The first {@link #HEAD_BYTES} of the file, decompressed when it is gzip. */
  private static byte[] head(Path path, String name, boolean gzip) {
    try (InputStream file = Files.newInputStream(path);
        InputStream in = gzip ? new GZIPInputStream(file) : file) {
      return in.readNBytes(HEAD_BYTES);
    } catch (java.util.zip.ZipException | java.io.EOFException e) {
      throw brokenGzip(name, e);
    } catch (IOException e) {
      throw new InputException(
          COMMAND_LINE, "cannot read data file " + name + ": " + InputException.reason(e));
    }
  }

  /**
   * The head cut after its last line feed, so a character the cut would split is not taken for a
   * bad byte; the whole head when the file is no longer, or when it holds no line feed at all (a
   * first line longer than the head is refused by the header check).
   */
  private static byte[] completeLines(byte[] head) {
    if (head.length < HEAD_BYTES) {
      return head;
    }
    for (int i = head.length - 1; i >= 0; i--) {
      if (head[i] == '\n') {
        return java.util.Arrays.copyOf(head, i + 1);
      }
    }
    return head;
  }

  /**
   * The names of a header line, split as RFC 4180 says (https://www.rfc-editor.org/rfc/rfc4180,
   * section 2: a field in double quotes may hold the separator, a doubled quote is one quote); each
   * name once, none empty, and at least one row after it.
   */
  static List<String> header(String name, String text, DataFormat format) {
    char sep = format == DataFormat.TSV ? '\t' : ',';
    int end = text.indexOf('\n');
    if (end < 0 && text.length() >= HEAD_BYTES) {
      throw new InputException(
          new Location(name, 1, 1),
          "a header line longer than 1 MiB; expected a header line naming the columns");
    }
    String line = end < 0 ? text : text.substring(0, end);
    if (line.endsWith("\r")) {
      line = line.substring(0, line.length() - 1);
    }
    if (line.isBlank()) {
      throw new InputException(
          new Location(name, 1, 1),
          "an empty first line; expected a header line naming the columns");
    }
    List<String> names = new ArrayList<>();
    List<Integer> columns = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    int fieldStart = 0;
    boolean quoted = false;
    boolean wasQuoted = false;
    for (int i = 0; i <= line.length(); i++) {
      char c = i < line.length() ? line.charAt(i) : sep;
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else if (i == line.length()) {
          throw new InputException(
              TextInput.at(name, text, fieldStart),
              "a quoted column name without its closing quote; expected '\"' before the end of the"
                  + " header line");
        } else {
          field.append(c);
        }
      } else if (c == sep) {
        names.add(wasQuoted ? field.toString() : field.toString().strip());
        columns.add(fieldStart);
        field.setLength(0);
        fieldStart = i + 1;
        wasQuoted = false;
      } else if (c == '"' && field.toString().isBlank() && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    LinkedHashSet<String> seen = new LinkedHashSet<>();
    List<Diagnostic> problems = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      Location at = TextInput.at(name, text, columns.get(i));
      if (names.get(i).isEmpty()) {
        problems.add(
            new Diagnostic(
                at, "an empty column name in the header; expected a name for each column"));
      } else if (!seen.add(names.get(i))) {
        problems.add(
            new Diagnostic(
                at,
                "column '"
                    + names.get(i)
                    + "' named twice in the header; expected each column once"));
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    boolean rows = end >= 0 && !text.substring(end + 1).isBlank();
    if (!rows) {
      throw new InputException(
          new Location(name, 2, 1),
          "a header and no rows; expected at least one data row after the header");
    }
    return List.copyOf(names);
  }

  /**
   * The top-level keys of the objects on the head's complete lines, in first-seen order; a line
   * that is not one JSON object is an error at its line and column (Jackson's own place for the
   * token that broke it). Blank lines are allowed, as JSON Lines readers skip them.
   */
  static List<String> jsonKeys(String name, String text) {
    LinkedHashSet<String> keys = new LinkedHashSet<>();
    String[] lines = text.split("\n", -1);
    // The last piece has no line feed after it: unless the head is the whole file, it may be cut.
    int complete = text.endsWith("\n") ? lines.length - 1 : lines.length;
    int objects = 0;
    for (int i = 0; i < complete; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      keys.addAll(objectKeys(name, i + 1, line));
      objects++;
    }
    if (objects == 0) {
      throw new InputException(
          new Location(name, 1, 1), "no JSON object in the file; expected one object per line");
    }
    return List.copyOf(keys);
  }

  /**
   * The top-level keys of one line's object; anything else on the line is an error at its place.
   *
   * @throws InputException when the line is not exactly one JSON object
   */
  public static List<String> objectKeys(String file, int lineNumber, String line) {
    List<String> keys = new ArrayList<>();
    try (JsonParser p = JSON.createParser(line)) {
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_OBJECT) {
        throw new InputException(
            at(file, lineNumber, p), "expected a JSON object ('{') at the start of the line");
      }
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        keys.add(p.currentName());
        p.nextToken();
        p.skipChildren();
      }
      if (p.nextToken() != null) {
        throw new InputException(
            at(file, lineNumber, p), "more after the line's object; expected one object per line");
      }
    } catch (JsonProcessingException e) {
      int column = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getColumnNr());
      // Jackson's words up to where it starts quoting its own source location.
      String what =
          e.getOriginalMessage()
              .lines()
              .findFirst()
              .orElse("bad JSON")
              .replaceAll("\\s*\\(start marker at .*$", "")
              .strip();
      throw new InputException(
          new Location(file, lineNumber, column),
          "not JSON (" + what + "); expected one object per line");
    } catch (IOException e) {
      throw new InputException(new Location(file, lineNumber, 1), "cannot read the line: " + e);
    }
    return keys;
  }

  private static Location at(String file, int line, JsonParser p) {
    return new Location(file, line, Math.max(1, p.currentTokenLocation().getColumnNr()));
  }

  /**
   * Checks Parquet's magic number, {@code PAR1}, at both ends
   * (https://parquet.apache.org/docs/file-format/): a file without them is no Parquet file, or one
   * cut short. Binary files have no lines: the error is placed at line 1 with the byte offset + 1
   * as its column.
   */
  static void checkParquet(Path path, String name) {
    try {
      long size = Files.size(path);
      byte[] first = start(path, name, 4);
      byte[] last = new byte[4];
      if (size >= 12) {
        try (var ch = Files.newByteChannel(path)) {
          ch.position(size - 4);
          java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(last);
          while (buf.hasRemaining() && ch.read(buf) >= 0) {
            // read the four bytes
          }
        }
      }
      checkParquetMagic(name, size, first, last);
    } catch (IOException e) {
      throw new InputException(
          COMMAND_LINE, "cannot read data file " + name + ": " + InputException.reason(e));
    }
  }

  /**
   * Checks Parquet's magic number at both ends of a file of {@code size} bytes, wherever it was
   * read from: {@code first} its first four bytes, {@code last} its last four (unread when it is
   * shorter than 12 bytes).
   */
  public static void checkParquetMagic(String name, long size, byte[] first, byte[] last) {
    if (first.length < 4 || !java.util.Arrays.equals(first, PAR1)) {
      throw new InputException(
          new Location(name, 1, 1),
          "not a Parquet file: expected the magic bytes PAR1 at its start");
    }
    if (size < 12) {
      throw new InputException(
          new Location(name, 1, (int) Math.min(Integer.MAX_VALUE, size + 1)),
          "a Parquet file of "
              + size
              + " bytes ends early; expected a footer and the magic bytes PAR1 at its end");
    }
    if (!java.util.Arrays.equals(last, PAR1)) {
      throw new InputException(
          new Location(name, 1, (int) Math.min(Integer.MAX_VALUE, size - 3)),
          "a Parquet file without the magic bytes PAR1 at its end; expected a whole file (cut"
              + " short?)");
    }
  }

  /** A gzip file whose data is broken or ends early, placed at its start. */
  public static InputException brokenGzip(String name, IOException e) {
    return new InputException(
        new Location(name, 1, 1),
        "broken gzip data ("
            + (e.getMessage() == null ? "ends early" : e.getMessage())
            + "); expected a whole gzip file (RFC 1952)");
  }
}
