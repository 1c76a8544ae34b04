package dev.keyplan.analyze.source;

import dev.keyplan.analyze.export.ExportConversion;
import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.ExportProgress;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.export.NativeTypes;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleConsumer;
import java.util.stream.Stream;

/**
 * A data set as the engine reads it: a store's export files converted to JSON Lines in a temporary
 * directory of their own ({@link Exports#toJsonLines}, which checks every line and places each
 * problem at {@code file:line:column}), or any other data set as it is. Closing it deletes the
 * converted files, also after an error.
 *
 * <p>The converted files keep the user's names, so the engine's messages and the output name the
 * export files, never a temporary one; each file's SHA-256 is the conversion's, of the export's
 * bytes as stored. The reserved size field each converted line starts with ({@link
 * Exports#NATIVE_BYTES_FIELD}) is no column: it is never mapped to an attribute or listed as an
 * ignored column, and the engine reads it only as the row's size ({@link NativeSize}).
 */
public final class ConvertedExports implements AutoCloseable {
  private final DataSet original;
  private final DataSet data;
  private final Optional<Path> directory;
  private final long badRows;
  private final List<Diagnostic> firstBadRows;
  private final Map<String, String> sha256;
  private final Map<String, NativeTypes> nativeTypes;

  private ConvertedExports(
      DataSet original,
      DataSet data,
      Optional<Path> directory,
      long badRows,
      List<Diagnostic> firstBadRows,
      Map<String, String> sha256,
      Map<String, NativeTypes> nativeTypes) {
    this.original = original;
    this.data = data;
    this.directory = directory;
    this.badRows = badRows;
    this.firstBadRows = List.copyOf(firstBadRows);
    this.sha256 = Map.copyOf(sha256);
    this.nativeTypes = Map.copyOf(nativeTypes);
  }

  /** A file's size for the share converted; 0 when it cannot be read (the converter says why). */
  private static long sizeOf(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      return 0;
    }
  }

  /**
   * Converts {@code original} when its format is a store's export; returns it as it is otherwise.
   *
   * @param maxBadRows bad lines tolerated over every file of the data set together ({@code
   *     --max-bad-rows}): each file may skip what the files before it left of the allowance
   * @param parent where to make the temporary directory; empty for {@code java.io.tmpdir}
   * @param share told the share of the data set's bytes (compressed bytes, for gzip) converted so
   *     far, every {@link Exports#PROGRESS_EVERY} lines, for the progress bar
   * @throws InputException the first bad line past the allowance, at its place; a data set of no
   *     record at all, at its first file
   */
  public static ConvertedExports of(
      DataSet original, long maxBadRows, Optional<Path> parent, DoubleConsumer share) {
    Optional<ExportFormat> format = original.format().export();
    if (format.isEmpty()) {
      return new ConvertedExports(
          original, original, Optional.empty(), 0, List.of(), Map.of(), Map.of());
    }
    Path dir;
    try {
      dir =
          parent.isPresent()
              ? Files.createTempDirectory(parent.get(), "keyplan-exports-")
              : Files.createTempDirectory("keyplan-exports-");
    } catch (IOException e) {
      throw new InputException(
          new Location("<command line>", 0, 0),
          "cannot make a temporary directory for the converted exports: "
              + InputException.reason(e));
    }
    try {
      long bad = 0;
      long rows = 0;
      List<Diagnostic> firstBad = new ArrayList<>();
      Map<String, String> hashes = new LinkedHashMap<>();
      Map<String, NativeTypes> types = new LinkedHashMap<>();
      List<DataFile> converted = new ArrayList<>();
      // Each file's size once: the share converted is the bytes before it plus its own so far.
      long[] sizes = original.files().stream().mapToLong(f -> sizeOf(f.path())).toArray();
      long all = Math.max(1, java.util.Arrays.stream(sizes).sum());
      long before = 0;
      for (int i = 0; i < original.files().size(); i++) {
        DataFile f = original.files().get(i);
        Path target = dir.resolve(i + ".jsonl");
        long done = before;
        ExportProgress progress =
            (lines, sourceBytes) -> share.accept(Math.min(1, (double) (done + sourceBytes) / all));
        before += sizes[i];
        ExportConversion c;
        try {
          c =
              Exports.toJsonLines(
                  f.path(), f.name(), format.get(), target, maxBadRows - bad, progress);
        } catch (InputException e) {
          throw bad > 0 ? withEarlier(e, bad, maxBadRows) : e;
        }
        bad += c.badRows();
        rows += c.rows();
        for (Diagnostic d : c.firstBadRows()) {
          if (firstBad.size() < Exports.BAD_ROWS_KEPT) {
            firstBad.add(d);
          }
        }
        hashes.put(f.name(), c.sha256());
        c.attributeTypes()
            .forEach((name, t) -> types.merge(name, t, (a, b) -> a.plus(b, format.get())));
        // A file of no record (an empty partition's) adds nothing for the engine to read.
        if (c.rows() > 0) {
          converted.add(
              new DataFile(target, f.name(), DataFormat.JSON_LINES, false, columns(target, c)));
        }
      }
      if (rows == 0) {
        throw new InputException(
            new Location(original.files().get(0).name(), 1, 1),
            (original.files().size() == 1 ? "no record in the export" : "no record in any file")
                + (bad > 0 ? " but the " + bad + " bad line(s) skipped" : "")
                + " (an empty file is what an export writes for an empty partition); expected at"
                + " least one record to measure");
      }
      return new ConvertedExports(
          original,
          new DataSet(converted, DataFormat.JSON_LINES),
          Optional.of(dir),
          bad,
          firstBad,
          hashes,
          types);
    } catch (RuntimeException e) {
      delete(dir);
      throw e;
    }
  }

  /** The data set the engine reads: JSON Lines for an export, else the data set given. */
  public DataSet data() {
    return data;
  }

  /** The data set as given: its files, names and format. */
  public DataSet original() {
    return original;
  }

  /** Bad lines the conversion skipped under {@code --max-bad-rows}, over every file. */
  public long badRows() {
    return badRows;
  }

  /** The first problem of each of the first skipped lines, each at its place. */
  public List<Diagnostic> firstBadRows() {
    return firstBadRows;
  }

  /** Each converted file's SHA-256 as stored, by its name; empty when nothing was converted. */
  public Optional<String> sha256(String name) {
    return Optional.ofNullable(sha256.get(name));
  }

  /**
   * Each column of the converted data, in its order, with the model type its values read as by the
   * export's own native types over every file ({@link ExportFormat#modelType}: an {@code N} that
   * was always a whole number is {@code bigint}, a {@code $date} a {@code timestamp}); empty when
   * nothing was converted. {@code keyplan analyze --new} takes its attributes' types from here.
   */
  public Map<String, String> modelTypes() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String c : data.columns()) {
      NativeTypes t = nativeTypes.get(c);
      if (t != null) {
        out.put(c, t.modelType());
      }
    }
    return out;
  }

  /** Which row size the data gives exactly, as its store counts it. */
  public NativeSize nativeSize() {
    return original.format().nativeSize();
  }

  /** Deletes the converted files and their directory. */
  @Override
  public void close() {
    directory.ifPresent(ConvertedExports::delete);
  }

  /**
   * The columns of a converted file in the order the export first writes them (its first lines, as
   * the engine's JSON Lines head check reads them), then any other attribute the conversion saw
   * further on, by name; the reserved size field left out.
   */
  private static List<String> columns(Path target, ExportConversion c) {
    LinkedHashSet<String> out = new LinkedHashSet<>();
    try (BufferedReader r = Files.newBufferedReader(target, StandardCharsets.UTF_8)) {
      long read = 0;
      int number = 0;
      String line;
      while (read < DataSources.HEAD_BYTES && (line = r.readLine()) != null) {
        number++;
        read += line.length() + 1L;
        out.addAll(DataSources.objectKeys(target.toString(), number, line));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.addAll(c.attributeTypes().keySet());
    out.remove(Exports.NATIVE_BYTES_FIELD);
    return List.copyOf(out);
  }

  /** The stopping error, saying what earlier files of the data set already skipped. */
  private static InputException withEarlier(InputException e, long earlier, long maxBadRows) {
    return e.withNote(
        " (after "
            + earlier
            + " bad line(s) skipped in earlier files: --max-bad-rows "
            + maxBadRows
            + " counts the whole data set)");
  }

  private static void delete(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A leftover temporary directory is not worth hiding the run's own result or error for.
    }
  }
}
