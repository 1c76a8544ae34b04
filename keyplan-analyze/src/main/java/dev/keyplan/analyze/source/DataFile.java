package dev.keyplan.analyze.source;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One data file after keyplan's own checks, ready for the engine to open.
 *
 * @param path where it is on this machine; for a remote file (a URI of a scheme other than {@code
 *     file}, which only an engine with its own file systems reads) the URI's path, never opened
 * @param name the name messages give it (as the user wrote it, or as a glob found it)
 * @param format its format
 * @param gzip whether it is gzip-compressed (its first two bytes are 1F 8B, RFC 1952 section 2.3.1;
 *     for a remote file, until the engine has read them, whether its name ends {@code .gz})
 * @param columns its columns in file order: a header's names, the keys of the first lines' objects,
 *     or a Parquet file's schema (read by the engine, so empty here)
 * @param uri the URI as given ({@code file:///data/a.csv}, {@code s3a://bucket/a.csv}), which an
 *     engine that reads through Hadoop's file systems is handed as it is; empty for a plain path
 */
public record DataFile(
    Path path,
    String name,
    DataFormat format,
    boolean gzip,
    List<String> columns,
    Optional<String> uri) {

  public DataFile {
    columns = List.copyOf(columns);
  }

  /** A file named by a plain path. */
  public DataFile(Path path, String name, DataFormat format, boolean gzip, List<String> columns) {
    this(path, name, format, gzip, columns, Optional.empty());
  }

  /** The same file with {@code columns}. */
  public DataFile withColumns(List<String> columns) {
    return new DataFile(path, name, format, gzip, columns, uri);
  }

  /**
   * Whether only the engine can read it: a URI of a scheme other than {@code file} ({@code s3a},
   * {@code hdfs}, {@code abfss}…), which keyplan's own checks cannot open.
   */
  public boolean remote() {
    return uri.isPresent() && !DataSources.isFileUri(uri.get());
  }

  /** What an engine is handed to read it: the URI as given, or the path. */
  public String location() {
    return uri.orElse(path.toString());
  }
}
