package dev.keyplan.analyze.write;

import dev.keyplan.analyze.measured.MeasuredEntity;
import java.nio.file.Path;
import java.util.List;

/**
 * What merging one entity's measured figures into a model file does: each figure against the model
 * ({@link #changes}, what {@code keyplan analyze} prints without {@code --write}) and the file's
 * text with the figures written in ({@link #merged}, what {@code --write} saves). Built by {@link
 * #of}; docs/analyze.md, "Writing measured figures into a model", says what is written where.
 *
 * @param file the model file's name, as errors name it
 * @param entity the entity measured
 * @param changes every measured figure, in the model's order: count, growth, attributes, spreads
 * @param original the model file's text as given
 * @param merged the text with the measured figures written in; byte for byte the original outside
 *     the values, keys, markers and provenance comment written
 */
public record MergePlan(
    String file, String entity, List<FigureChange> changes, String original, String merged) {

  public MergePlan {
    changes = List.copyOf(changes);
  }

  /**
   * Plans the merge of {@code measured} into the model {@code text}.
   *
   * @param file the model file's name, for located errors
   * @param text the file's text, as {@code dev.keyplan.input.TextInput} decodes it; a leading
   *     byte-order mark is kept, and so are CRLF line breaks
   * @param baseDir the folder the model's relative paths (a CQL schema) are read from
   * @param measured the entity's measurement
   * @throws dev.keyplan.input.InputException located: the text is not a model the reader accepts,
   *     the entity is not in it, a value to write is shared through a YAML anchor, or the merged
   *     model would not read (a measured figure against a statement the merge does not rewrite,
   *     such as {@code belongs_to:} or {@code shares:})
   */
  public static MergePlan of(String file, String text, Path baseDir, MeasuredEntity measured) {
    return new ModelMerge(file, text, baseDir, measured).plan();
  }

  /** Whether {@code --write} would change the file. */
  public boolean changesFile() {
    return !merged.equals(original);
  }
}
