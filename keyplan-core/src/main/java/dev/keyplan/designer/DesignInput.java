package dev.keyplan.designer;

import dev.keyplan.model.Model;
import java.nio.file.Path;

/**
 * What a designer designs from: the workload model as read, with its file's text and folder, so
 * that a designer may append a candidate section to the text and read the whole again through the
 * model reader (the section's own checks included), as {@code keyplan check} reads a designed
 * model; and the constraints and prices the caller gives.
 *
 * @param model the model, with no section for the designer's store
 * @param text the model file's text
 * @param baseDir the folder the model's relative paths resolve against
 * @param constraints what the caller fixes (shards, nodes, indexes, a budget)
 * @param prices the hourly prices the caller gives instead of the defaults
 */
public record DesignInput(
    Model model, String text, Path baseDir, Constraints constraints, Prices prices) {

  /** A workload with no constraint and the default prices: the designer sizes everything. */
  public DesignInput(Model model, String text, Path baseDir) {
    this(model, text, baseDir, Constraints.NONE, Prices.DEFAULTS);
  }

  /** A workload with constraints and the default prices. */
  public DesignInput(Model model, String text, Path baseDir, Constraints constraints) {
    this(model, text, baseDir, constraints, Prices.DEFAULTS);
  }
}
