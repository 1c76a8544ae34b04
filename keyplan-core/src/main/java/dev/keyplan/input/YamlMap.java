package dev.keyplan.input;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * A YAML mapping read with its positions, checked against the keys it may have.
 *
 * <p>Unknown and duplicate keys are reported where they are written, with a did-you-mean when a
 * known key is close; every problem goes to the shared list so one run reports a whole file.
 */
public final class YamlMap {
  private final String file;
  private final Node node;
  private final Map<String, NodeTuple> entries = new LinkedHashMap<>();
  private final List<Diagnostic> problems;

  private YamlMap(String file, Node node, List<Diagnostic> problems) {
    this.file = file;
    this.node = node;
    this.problems = problems;
  }

  /** Returns the mapping at {@code node}, or empty (with a problem) if it is not a mapping. */
  public static Optional<YamlMap> of(
      String file, Node node, String what, List<Diagnostic> problems) {
    if (!(node instanceof MappingNode)) {
      problems.add(
          new Diagnostic(location(file, node), "expected " + what + " (a mapping of key: value)"));
      return Optional.empty();
    }
    var map = new YamlMap(file, node, problems);
    for (NodeTuple t : ((MappingNode) node).getValue()) {
      if (!(t.getKeyNode() instanceof ScalarNode)) {
        problems.add(new Diagnostic(location(file, t.getKeyNode()), "expected a plain key"));
        continue;
      }
      String key = ((ScalarNode) t.getKeyNode()).getValue();
      if (map.entries.containsKey(key)) {
        problems.add(
            new Diagnostic(
                location(file, t.getKeyNode()),
                "duplicate key '"
                    + key
                    + "' (first at "
                    + location(file, map.entries.get(key).getKeyNode())
                    + ")"));
        continue;
      }
      map.entries.put(key, t);
    }
    return Optional.of(map);
  }

  /** Reports every key that is not one of {@code allowed}, suggesting the closest one. */
  public YamlMap allow(Set<String> allowed, String where) {
    for (var e : entries.entrySet()) {
      if (!allowed.contains(e.getKey())) {
        String hint =
            Suggest.closest(e.getKey(), allowed)
                .map(s -> " (did you mean '" + s + "'?)")
                .orElse(
                    "; expected one of: " + String.join(", ", new java.util.TreeSet<>(allowed)));
        problems.add(
            new Diagnostic(
                location(file, e.getValue().getKeyNode()),
                "unknown key '" + e.getKey() + "' in " + where + hint));
      }
    }
    return this;
  }

  public Location location() {
    return location(file, node);
  }

  public boolean has(String key) {
    return entries.containsKey(key);
  }

  public Set<String> keys() {
    return entries.keySet();
  }

  public Optional<Node> node(String key) {
    return Optional.ofNullable(entries.get(key)).map(NodeTuple::getValueNode);
  }

  public Location keyLocation(String key) {
    NodeTuple t = entries.get(key);
    return t == null ? location() : location(file, t.getKeyNode());
  }

  public Location valueLocation(String key) {
    NodeTuple t = entries.get(key);
    return t == null ? location() : location(file, t.getValueNode());
  }

  /**
   * Returns a scalar's text, reporting what was expected if it is missing (when required) or not a
   * scalar.
   */
  public Optional<String> scalar(String key, String expected, boolean required) {
    NodeTuple t = entries.get(key);
    if (t == null) {
      if (required) {
        problems.add(new Diagnostic(location(), "missing '" + key + "': expected " + expected));
      }
      return Optional.empty();
    }
    return scalarOf(t.getValueNode(), expected);
  }

  public Optional<String> scalarOf(Node n, String expected) {
    if (n instanceof ScalarNode) {
      return Optional.of(((ScalarNode) n).getValue());
    }
    problems.add(new Diagnostic(location(file, n), "expected " + expected));
    return Optional.empty();
  }

  public void error(Location at, String message) {
    problems.add(new Diagnostic(at, message));
  }

  /** Returns the items of a sequence value, reporting a problem if it is something else. */
  public List<Node> sequence(String key, String expected) {
    NodeTuple t = entries.get(key);
    if (t == null) {
      return List.of();
    }
    if (!(t.getValueNode() instanceof SequenceNode)) {
      problems.add(new Diagnostic(location(file, t.getValueNode()), "expected " + expected));
      return List.of();
    }
    return new ArrayList<>(((SequenceNode) t.getValueNode()).getValue());
  }

  /** Returns the 1-based location where {@code n} starts. */
  public static Location location(String file, Node n) {
    return n.getStartMark()
        .map(m -> new Location(file, m.getLine() + 1, m.getColumn() + 1))
        .orElse(new Location(file, 0, 0));
  }

  /** Returns where the text of a scalar starts: after its opening quote, if it has one. */
  public static Location textLocation(String file, Node n) {
    Location at = location(file, n);
    if (n instanceof ScalarNode) {
      var style = ((ScalarNode) n).getScalarStyle();
      if (style == ScalarStyle.DOUBLE_QUOTED || style == ScalarStyle.SINGLE_QUOTED) {
        return new Location(file, at.line(), at.column() + 1);
      }
    }
    return at;
  }
}
