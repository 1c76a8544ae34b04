package dev.keyplan.designer;

import dev.keyplan.model.Model;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * What a designer designs from: the workload model as read, with its file's text and folder, so
 * that a designer may append a candidate section to the text and read the whole again through the
 * model reader (the section's own checks included), as {@code keyplan check} reads a designed
 * model; and the constraints and prices the caller gives.
 *
 * @param model the model, with no section for the designer's store
 * @param text the model file's text
 * @param baseDir the folder the model's relative paths resolve against
 * @param shards the cluster size to design for, in the store's own unit (shards of a sharded
 *     cluster), when the caller fixes one; empty to size it from the workload
 * @param prices the hourly prices the caller gives instead of the defaults
 */
public record DesignInput(
    Model model, String text, Path baseDir, OptionalInt shards, Prices prices) {

  /** A workload with no constraint and the default prices: the designer sizes everything. */
  public DesignInput(Model model, String text, Path baseDir) {
    this(model, text, baseDir, OptionalInt.empty(), Prices.DEFAULTS);
  }

  /** A workload with a shard count (or none) and the default prices. */
  public DesignInput(Model model, String text, Path baseDir, OptionalInt shards) {
    this(model, text, baseDir, shards, Prices.DEFAULTS);
  }
}
