package dev.keyplan.analyze;

import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.simulate.Progress;

/**
 * An engine that measures a checked request: DuckDB embedded in the CLI, Apache Spark in
 * keyplan-spark. Both load the data their own way and then run the same figure queries ({@code
 * dev.keyplan.analyze.sql.SqlFigures}), so one formula gives every engine's figures.
 *
 * <p>An engine is one class and one line in {@link Measurers}, or a {@code
 * META-INF/services/dev.keyplan.analyze.Measurer} entry in a separate artifact.
 */
public interface Measurer {
  /** The engine's name as {@code --engine} takes it: lower case, one word. */
  String name();

  /**
   * Returns {@code data} as the engine will read it: each Parquet file's columns read from its
   * footer, and each remote file ({@link dev.keyplan.analyze.source.DataFile#remote}, a URI only
   * the engine's own file systems open) checked as keyplan checks a local one, or refused by an
   * engine that does not read URIs; any other file as it is. A footer the engine cannot read is an
   * error at the file.
   */
  DataSet withEngineChecks(DataSet data, EngineSettings settings);

  /**
   * Measures {@code m}; {@code progress} hears each finished step.
   *
   * @throws dev.keyplan.input.InputException for malformed data, placed as exactly as the engine
   *     can
   */
  MeasuredFigures measure(Measurement m, Progress progress);
}
