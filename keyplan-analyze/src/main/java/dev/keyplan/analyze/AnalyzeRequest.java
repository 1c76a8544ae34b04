package dev.keyplan.analyze;

import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.model.Model;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One {@code keyplan analyze} run: what to measure, from which data, and how (docs/analyze.md,
 * "Options"). Values only; {@link Analyzer} checks them against the model and the data.
 *
 * @param model the workload model
 * @param entity the entity the data holds rows of
 * @param data the data files or globs, as given
 * @param formatIn the data's format when {@code --format-in} names one
 * @param map data column to attribute name, for columns named otherwise ({@code --map})
 * @param keys the candidate keys to measure, each a list of attributes; empty for the model's own
 * @param time the attribute that holds each row's time ({@code --time}); empty for file order
 * @param sample the share of rows to read ({@code --sample}), in (0, 1]; empty for all
 * @param maxBadRows malformed rows tolerated and counted ({@code --max-bad-rows}); 0 refuses any
 * @param top how many of each key's busiest values to list
 * @param redact whether values are hashed before they reach any output ({@code --redact})
 * @param engine how the engine may use the machine
 * @param hashFiles whether each data file's SHA-256 is computed for the provenance a written model
 *     records: reading every byte once more, so only when something is written ({@code --write},
 *     {@code --new}); without it the provenance names the files with an empty hash
 */
public record AnalyzeRequest(
    Model model,
    String entity,
    List<String> data,
    Optional<DataFormat> formatIn,
    Map<String, String> map,
    Optional<List<List<String>>> keys,
    Optional<String> time,
    OptionalDouble sample,
    long maxBadRows,
    int top,
    boolean redact,
    EngineSettings engine,
    boolean hashFiles) {

  /** Ten busiest values by default, twice analyzeShardKey's five (its mostCommonValues). */
  public static final int DEFAULT_TOP = 10;

  /** The seed of {@code --sample}'s Bernoulli sample: fixed, so a sampled run is reproducible. */
  public static final int SAMPLE_SEED = 19;

  /** A request whose files are hashed, as a library caller that writes a model wants. */
  public AnalyzeRequest(
      Model model,
      String entity,
      List<String> data,
      Optional<DataFormat> formatIn,
      Map<String, String> map,
      Optional<List<List<String>>> keys,
      Optional<String> time,
      OptionalDouble sample,
      long maxBadRows,
      int top,
      boolean redact,
      EngineSettings engine) {
    this(
        model,
        entity,
        data,
        formatIn,
        map,
        keys,
        time,
        sample,
        maxBadRows,
        top,
        redact,
        engine,
        true);
  }

  public AnalyzeRequest {
    data = List.copyOf(data);
    map = Map.copyOf(map);
    keys = keys.map(ks -> ks.stream().map(List::copyOf).toList());
  }
}
