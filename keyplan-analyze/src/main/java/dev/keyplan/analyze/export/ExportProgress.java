package dev.keyplan.analyze.export;

/** Told how far a conversion has got, for a progress bar; called from the converting thread. */
@FunctionalInterface
public interface ExportProgress {

  /** A progress that shows nothing. */
  ExportProgress NONE = (rows, sourceBytes) -> {};

  /**
   * Called every {@link Exports#PROGRESS_EVERY} lines and once at the end.
   *
   * @param lines lines read so far, good and bad
   * @param sourceBytes bytes of the source file read so far (compressed bytes for a gzip file), to
   *     compare with the file's size for an estimate
   */
  void update(long lines, long sourceBytes);
}
