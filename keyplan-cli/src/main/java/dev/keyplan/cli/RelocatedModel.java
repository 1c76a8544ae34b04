package dev.keyplan.cli;

import dev.keyplan.input.YamlChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * A model's text moved to another folder: every relative path a store section names (its schema,
 * prices, getIndexes and sharding files) rewritten so it still names the same file from the new
 * folder. {@code keyplan design -o OTHER/designed.yaml} copies the model's text, and {@code schema:
 * books.cql} would otherwise name {@code OTHER/books.cql}, which does not exist, and {@code check}
 * would refuse the designed model it was promised to accept.
 */
final class RelocatedModel {
  /** The keys of a store section whose values are files, relative to the model's folder. */
  private static final Set<String> FILE_KEYS =
      Set.of("schema", "prices", "indexes_file", "sharding_file");

  private RelocatedModel() {}

  /**
   * Returns {@code text}, read from folder {@code from}, as it reads from folder {@code to}: each
   * relative file path of a store section replaced by the path from {@code to} to the same file
   * (absolute when no relative one exists, as across drives). The rest of the text, comments and
   * layout included, is unchanged; an unchanged folder returns the text itself.
   */
  static String of(String file, String text, Path from, Path to) {
    Path a = from.toAbsolutePath().normalize();
    Path b = to.toAbsolutePath().normalize();
    if (a.equals(b)) {
      return text;
    }
    Node root = YamlChecks.compose(file, text, "model file", "a model");
    if (!(root instanceof MappingNode top)) {
      return text;
    }
    List<ScalarNode> paths = new ArrayList<>();
    for (NodeTuple section : top.getValue()) {
      if (!(section.getValueNode() instanceof MappingNode m)) {
        continue;
      }
      for (NodeTuple t : m.getValue()) {
        if (t.getKeyNode() instanceof ScalarNode k
            && FILE_KEYS.contains(k.getValue())
            && t.getValueNode() instanceof ScalarNode v
            && v.getStartMark().isPresent()
            && v.getEndMark().isPresent()
            && !Path.of(v.getValue()).isAbsolute()) {
          paths.add(v);
        }
      }
    }
    // From the end, so the earlier values' offsets still hold.
    paths.sort(
        Comparator.comparingInt((ScalarNode v) -> v.getStartMark().get().getIndex()).reversed());
    StringBuilder out = new StringBuilder(text);
    for (ScalarNode v : paths) {
      Path target = a.resolve(v.getValue()).normalize();
      String moved;
      try {
        moved = b.relativize(target).toString();
      } catch (IllegalArgumentException e) {
        moved = target.toString();
      }
      moved = moved.replace('\\', '/');
      out.replace(
          offset(text, v.getStartMark().get().getIndex()),
          offset(text, v.getEndMark().get().getIndex()),
          quoted(moved));
    }
    return out.toString();
  }

  /** The char offset of code point {@code index} (the engine's marks count code points). */
  private static int offset(String text, int index) {
    return text.offsetByCodePoints(0, index);
  }

  /** A double-quoted YAML scalar: backslashes and quotes escaped. */
  private static String quoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
