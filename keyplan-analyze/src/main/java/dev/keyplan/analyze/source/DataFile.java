package dev.keyplan.analyze.source;

import java.nio.file.Path;
import java.util.List;

/**
 * One data file after keyplan's own checks, ready for the engine to open.
 *
 * @param path where it is
 * @param name the name messages give it (as the user wrote it, or as a glob found it)
 * @param format its format
 * @param gzip whether it is gzip-compressed (its first two bytes are 1F 8B, RFC 1952 section 2.3.1)
 * @param columns its columns in file order: a header's names, the keys of the first lines' objects,
 *     or a Parquet file's schema (read by the engine, so empty here)
 */
public record DataFile(
    Path path, String name, DataFormat format, boolean gzip, List<String> columns) {

  public DataFile {
    columns = List.copyOf(columns);
  }
}
