package dev.keyplan.analyze.measured;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * Where measured figures came from: each data file by name and content hash, and the date only when
 * the user asks for it, so that the same data gives byte-identical model files.
 *
 * @param files the files measured, in the order given
 * @param date the measurement's date, only when asked for ({@code SOURCE_DATE_EPOCH} honoured)
 */
public record Provenance(List<SourceFile> files, Optional<LocalDate> date) {

  public Provenance {
    files = List.copyOf(files);
  }

  /**
   * One file measured.
   *
   * @param name the file's name as the user gave it
   * @param sha256 the hex SHA-256 of its bytes as stored (compressed, for a gzip file); empty when
   *     the run writes nothing and so did not read the file again for it
   */
  public record SourceFile(String name, String sha256) {}
}
