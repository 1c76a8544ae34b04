package dev.keyplan.spark;

import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSources;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A data file at a URI ({@code s3a://}, {@code hdfs://}, {@code abfss://}), opened through the
 * Hadoop file system Spark has for its scheme, and checked there as keyplan checks a local file
 * before an engine reads it (docs/analyze.md, "Apache Spark"): a glob expanded and sorted by path,
 * each match a file; a {@code .gz} name and gzip's magic bytes agreeing; a Parquet file's magic at
 * both ends; a CSV, TSV or JSON Lines file's head ({@link DataSources#headColumns}: UTF-8, the
 * header, one JSON object per line), which gives its columns; a store export refused, since keyplan
 * converts exports from local files. What lies past the head is Spark's reader's to find.
 */
final class HadoopFiles {
  private HadoopFiles() {}

  private static final Location COMMAND_LINE = new Location("<command line>", 0, 0);

  /** The files {@code f} names (itself, or a glob's matches in path order), each checked. */
  static List<DataFile> checked(DataFile f, Configuration conf) {
    String uri = f.uri().orElseThrow();
    Path path = new Path(uri);
    FileSystem fs;
    FileStatus[] matches;
    try {
      fs = path.getFileSystem(conf);
      matches = fs.globStatus(path);
    } catch (IOException | RuntimeException e) {
      throw new InputException(
          COMMAND_LINE,
          "cannot open "
              + uri
              + " through Spark's Hadoop file systems ("
              + firstLine(e)
              + "); expected a URI of a file system on Spark's class path (s3a needs hadoop-aws,"
              + " abfss hadoop-azure) and its credentials");
    }
    boolean glob = uri.matches(".*[*?\\[{].*");
    if (matches == null || matches.length == 0) {
      throw new InputException(
          COMMAND_LINE,
          glob
              ? "no file matches '" + uri + "'; expected at least one data file"
              : "no such data file: " + uri);
    }
    List<FileStatus> files = new ArrayList<>(Arrays.asList(matches));
    files.sort(Comparator.comparing(s -> s.getPath().toString()));
    List<DataFile> out = new ArrayList<>();
    for (FileStatus s : files) {
      if (!s.isFile()) {
        throw new InputException(
            COMMAND_LINE, "not a regular file: " + s.getPath() + "; expected a data file");
      }
      String name = glob ? s.getPath().toString() : f.name();
      out.add(check(fs, s, name, f.format()));
    }
    return out;
  }

  private static DataFile check(FileSystem fs, FileStatus s, String name, DataFormat format) {
    Path p = s.getPath();
    boolean gzipName = name.toLowerCase(Locale.ROOT).endsWith(".gz");
    try (FSDataInputStream in = fs.open(p)) {
      byte[] first = in.readNBytes(4);
      boolean gzip = first.length >= 2 && (first[0] & 0xff) == 0x1f && (first[1] & 0xff) == 0x8b;
      if (gzipName && !gzip) {
        throw new InputException(
            new Location(name, 1, 1),
            "not gzip data: expected the bytes 1F 8B at the start of a .gz file (RFC 1952)");
      }
      if (format == DataFormat.PARQUET) {
        byte[] last = new byte[4];
        if (s.getLen() >= 12) {
          in.readFully(s.getLen() - 4, last);
        }
        DataSources.checkParquetMagic(name, s.getLen(), first, last);
        return file(p, name, format, false, List.of());
      }
      in.seek(0);
      InputStream text = gzip ? new GZIPInputStream(in) : in;
      byte[] head = text.readNBytes(DataSources.HEAD_BYTES);
      if (format == DataFormat.JSON_LINES) {
        int end = 0;
        while (end < head.length && head[end] != '\n') {
          end++;
        }
        Optional<ExportFormat> export =
            ExportFormat.sniff(new String(head, 0, end, StandardCharsets.UTF_8));
        if (export.isPresent()) {
          throw new InputException(
              new Location(name, 1, 1),
              "a "
                  + export.get().id()
                  + " export at a URI, which keyplan cannot convert (it converts an export itself,"
                  + " line by line, from a local file); expected a local copy of the export's"
                  + " files");
        }
      }
      return file(p, name, format, gzip, DataSources.headColumns(name, format, head));
    } catch (java.util.zip.ZipException | java.io.EOFException e) {
      throw DataSources.brokenGzip(name, e);
    } catch (IOException e) {
      throw new InputException(COMMAND_LINE, "cannot read data file " + name + ": " + firstLine(e));
    }
  }

  private static DataFile file(
      Path p, String name, DataFormat format, boolean gzip, List<String> columns) {
    String path = p.toUri().getPath();
    return new DataFile(
        java.nio.file.Path.of(path == null || path.isEmpty() ? "/" : path),
        name,
        format,
        gzip,
        columns,
        Optional.of(p.toString()));
  }

  private static String firstLine(Exception e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
  }
}
