package dev.keyplan.analyze;

import dev.keyplan.analyze.Analysis.AttributeFigures;
import dev.keyplan.analyze.Analysis.KeyFigures;
import dev.keyplan.analyze.Analysis.RowSizes;
import dev.keyplan.analyze.Analysis.TimeSpan;
import java.util.List;
import java.util.Optional;

/**
 * What an engine measured, before {@link Analyzer} adds what the figures rest on.
 *
 * @param engine the engine's name ({@link Measurer#name})
 * @param rowsRead rows loaded (after any sample)
 * @param badRows malformed rows skipped
 * @param attributes per attribute
 * @param keys per key
 * @param rowSizes row sizes
 * @param time the time span
 */
public record MeasuredFigures(
    String engine,
    long rowsRead,
    long badRows,
    List<AttributeFigures> attributes,
    List<KeyFigures> keys,
    RowSizes rowSizes,
    Optional<TimeSpan> time) {
  public MeasuredFigures {
    attributes = List.copyOf(attributes);
    keys = List.copyOf(keys);
  }
}
