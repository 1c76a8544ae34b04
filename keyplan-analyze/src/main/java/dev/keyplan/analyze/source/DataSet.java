package dev.keyplan.analyze.source;

import java.util.LinkedHashSet;
import java.util.List;

/**
 * The files that form one data set, in a deterministic order (sorted where a glob found them), all
 * of one format.
 *
 * @param files the files, each checked
 * @param format their format
 */
public record DataSet(List<DataFile> files, DataFormat format) {

  public DataSet {
    files = List.copyOf(files);
    if (files.isEmpty()) {
      throw new IllegalArgumentException("a data set has at least one file");
    }
  }

  /** Every column any file names, in first-seen order. */
  public List<String> columns() {
    LinkedHashSet<String> out = new LinkedHashSet<>();
    files.forEach(f -> out.addAll(f.columns()));
    return List.copyOf(out);
  }

  /** The names messages give the files, in order. */
  public List<String> names() {
    return files.stream().map(DataFile::name).toList();
  }
}
