package dev.keyplan.cassandra.ring;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.TextInput;
import dev.keyplan.input.YamlChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * A ring description read from YAML: the nodes with their datacenter, rack and tokens, and the
 * keyspace replication to place replicas with. The format is documented in {@code
 * docs/cassandra-ring.md}:
 *
 * <pre>{@code
 * replication: {class: NetworkTopologyStrategy, dc1: 3, dc2: 1}
 * seed: 42
 * nodes:
 *   - {name: n1, dc: dc1, rack: r1, tokens: [-9000000000000000000]}
 *   - {name: n4, dc: dc2, rack: r1, num_tokens: 16}
 * }</pre>
 *
 * <p>Every problem of a file is reported at once, at its line and column, in one {@link
 * InputException}. Replication options follow CQL's {@code CREATE KEYSPACE}: a class name with or
 * without the {@code org.apache.cassandra.locator.} prefix, and for NetworkTopologyStrategy a
 * {@code replication_factor} that applies to every datacenter not listed (Cassandra's
 * auto-expansion, CASSANDRA-14303). Where Cassandra only warns about a replication factor larger
 * than a datacenter's nodes, keyplan refuses the file: its replica lists would be short.
 *
 * @param seed the seed the {@code num_tokens} nodes' random tokens were drawn from (default 0)
 */
public record RingFile(Ring ring, ReplicaPlacement replication, long seed) {

  /** keyplan's own limit on {@code num_tokens}, far above any real setting (Cassandra: 16). */
  public static final int MAX_NUM_TOKENS = 65_536;

  private static final String LOCATOR_PACKAGE = "org.apache.cassandra.locator.";
  private static final String SIMPLE = "SimpleStrategy";
  private static final String NETWORK_TOPOLOGY = "NetworkTopologyStrategy";
  private static final String RF = "replication_factor";
  private static final List<String> TOP_KEYS = List.of("replication", "seed", "nodes");
  private static final String EXPECTED = "a mapping with keys replication, seed and nodes";
  private static final List<String> NODE_KEYS =
      List.of("name", "dc", "rack", "tokens", "num_tokens");

  /**
   * Reads the ring file at {@code path}.
   *
   * @throws InputException if the file cannot be read or describes no valid ring
   */
  public static RingFile read(Path path) {
    // The toolkit's reader: bounded in size, and a byte that is not UTF-8 is placed.
    return parse(path.toString(), TextInput.read(path, "the ring file"));
  }

  /**
   * Parses a ring description; {@code fileName} labels the diagnostics.
   *
   * @throws InputException listing every problem, in file order
   */
  public static RingFile parse(String fileName, String yaml) {
    return new Parser(fileName).parse(yaml);
  }

  /** One pass over the YAML tree that collects every problem before giving up. */
  private static final class Parser {
    private final String file;
    private final List<Diagnostic> errors = new ArrayList<>();

    Parser(String file) {
      this.file = file;
    }

    RingFile parse(String yaml) {
      // The model reader's checks, shared: syntax errors placed, an empty file, a second
      // document, tags, aliases and nesting depth.
      Node root = YamlChecks.compose(file, yaml, "ring file", EXPECTED);
      if (!(root instanceof MappingNode top)) {
        throw new InputException(location(root), "expected " + EXPECTED);
      }
      Map<String, NodeTuple> fields = fields(top, TOP_KEYS, "the ring file");
      long seed = 0;
      if (fields.containsKey("seed")) {
        seed =
            integer(fields.get("seed").getValueNode(), "seed", Long.MIN_VALUE, Long.MAX_VALUE)
                .orElse(0L);
      }
      Ring.Builder builder = Ring.builder();
      Map<String, Integer> nodesPerDc = new TreeMap<>();
      if (require(fields, "nodes", top, "a list of nodes")) {
        readNodes(fields.get("nodes").getValueNode(), builder, nodesPerDc);
      }
      ReplicaPlacement replication = null;
      if (require(
          fields, "replication", top, "a mapping like {class: NetworkTopologyStrategy, dc1: 3}")) {
        replication = readReplication(fields.get("replication").getValueNode(), nodesPerDc);
      }
      if (!errors.isEmpty()) {
        var sorted = new ArrayList<>(errors);
        sorted.sort(
            Comparator.comparingInt((Diagnostic d) -> d.location().line())
                .thenComparingInt(d -> d.location().column()));
        throw new InputException(sorted);
      }
      return new RingFile(builder.build(seed), replication, seed);
    }

    private void readNodes(Node value, Ring.Builder builder, Map<String, Integer> nodesPerDc) {
      if (!(value instanceof SequenceNode list) || list.getValue().isEmpty()) {
        error(value, "expected a non-empty list of nodes");
        return;
      }
      Map<String, Location> names = new HashMap<>();
      Map<Long, String> owners = new HashMap<>();
      for (Node item : list.getValue()) {
        if (!(item instanceof MappingNode map)) {
          error(item, "expected a node mapping like {name: n1, dc: dc1, rack: r1, num_tokens: 16}");
          continue;
        }
        Map<String, NodeTuple> f = fields(map, NODE_KEYS, "a node");
        Optional<String> name = text(f, "name", map);
        Optional<String> dc = text(f, "dc", map);
        Optional<String> rack = text(f, "rack", map);
        if (name.isPresent()) {
          Node nameNode = f.get("name").getValueNode();
          Location first = names.putIfAbsent(name.get(), location(nameNode));
          if (first != null) {
            error(
                nameNode,
                "duplicate node name '" + name.get() + "' (first at line " + first.line() + ")");
            name = Optional.empty();
          }
        }
        String label = name.orElse("?");
        List<Long> tokens = null;
        Optional<Long> numTokens = Optional.empty();
        if (f.containsKey("tokens") && f.containsKey("num_tokens")) {
          error(
              f.get("num_tokens").getKeyNode(),
              "give either tokens or num_tokens for node " + label + ", not both");
        } else if (f.containsKey("tokens")) {
          tokens = readTokens(f.get("tokens").getValueNode(), label, owners);
        } else if (f.containsKey("num_tokens")) {
          numTokens = integer(f.get("num_tokens").getValueNode(), "num_tokens", 1, MAX_NUM_TOKENS);
        } else {
          error(map, "node " + label + " needs tokens: [...] or num_tokens: N");
        }
        dc.ifPresent(d -> nodesPerDc.merge(d, 1, Integer::sum));
        if (name.isPresent() && dc.isPresent() && rack.isPresent()) {
          if (tokens != null && !tokens.isEmpty()) {
            builder.node(name.get(), dc.get(), rack.get(), tokens);
          } else if (numTokens.isPresent()) {
            builder.randomNode(name.get(), dc.get(), rack.get(), numTokens.get().intValue());
          }
        }
      }
    }

    private List<Long> readTokens(Node value, String node, Map<Long, String> owners) {
      if (!(value instanceof SequenceNode list) || list.getValue().isEmpty()) {
        error(value, "expected a non-empty list of tokens like [-9000000000000000000]");
        return null;
      }
      List<Long> tokens = new ArrayList<>();
      for (Node item : list.getValue()) {
        Optional<Long> token = integer(item, "a token", Long.MIN_VALUE, Long.MAX_VALUE);
        if (token.isEmpty()) {
          continue;
        }
        String owner = owners.putIfAbsent(token.get(), node);
        if (owner != null) {
          error(item, "duplicate token " + token.get() + ": node " + owner + " already has it");
          continue;
        }
        tokens.add(token.get());
      }
      return tokens;
    }

    private ReplicaPlacement readReplication(Node value, Map<String, Integer> nodesPerDc) {
      if (!(value instanceof MappingNode map)) {
        error(value, "expected a mapping like {class: NetworkTopologyStrategy, dc1: 3}");
        return null;
      }
      Map<String, NodeTuple> options = fields(map, null, "replication");
      Optional<String> strategy = text(options, "class", map);
      if (strategy.isEmpty()) {
        return null;
      }
      String simpleName =
          strategy.get().startsWith(LOCATOR_PACKAGE)
              ? strategy.get().substring(LOCATOR_PACKAGE.length())
              : strategy.get();
      Node classNode = options.get("class").getValueNode();
      if (simpleName.equals(SIMPLE)) {
        return readSimple(map, options, nodesPerDc);
      }
      if (simpleName.equals(NETWORK_TOPOLOGY)) {
        return readNetworkTopology(map, options, nodesPerDc);
      }
      error(
          classNode,
          "unsupported replication class '"
              + strategy.get()
              + "'"
              + hint(simpleName, List.of(SIMPLE, NETWORK_TOPOLOGY))
              + " (expected SimpleStrategy or NetworkTopologyStrategy)");
      return null;
    }

    private ReplicaPlacement readSimple(
        MappingNode map, Map<String, NodeTuple> options, Map<String, Integer> nodesPerDc) {
      for (NodeTuple option : options.values()) {
        String key = scalar(option.getKeyNode());
        if (!key.equals("class") && !key.equals(RF)) {
          error(
              option.getKeyNode(),
              "unknown SimpleStrategy option '"
                  + key
                  + "'"
                  + hint(key, List.of(RF))
                  + " (expected class and replication_factor)");
        }
      }
      if (!require(options, RF, map, "a replication_factor for SimpleStrategy")) {
        return null;
      }
      Node rfNode = options.get(RF).getValueNode();
      Optional<Long> rf = integer(rfNode, RF, 1, Integer.MAX_VALUE);
      if (rf.isEmpty()) {
        return null;
      }
      int nodeCount = nodesPerDc.values().stream().mapToInt(Integer::intValue).sum();
      if (nodeCount > 0 && rf.get() > nodeCount) {
        error(
            rfNode,
            "replication_factor "
                + rf.get()
                + " is larger than the "
                + nodeCount
                + " node"
                + (nodeCount == 1 ? "" : "s")
                + " of the ring");
      }
      return new ReplicaPlacement.Simple(rf.get().intValue());
    }

    private ReplicaPlacement readNetworkTopology(
        MappingNode map, Map<String, NodeTuple> options, Map<String, Integer> nodesPerDc) {
      Map<String, Integer> factors = new LinkedHashMap<>();
      Map<String, Node> where = new HashMap<>();
      Optional<Long> everyDc = Optional.empty();
      Node everyDcNode = null;
      for (NodeTuple option : options.values()) {
        String key = scalar(option.getKeyNode());
        Node valueNode = option.getValueNode();
        if (key.equals("class")) {
          continue;
        }
        if (key.equals(RF)) {
          everyDc = integer(valueNode, RF, 0, Integer.MAX_VALUE);
          everyDcNode = valueNode;
          continue;
        }
        if (!nodesPerDc.isEmpty() && !nodesPerDc.containsKey(key)) {
          error(
              option.getKeyNode(),
              "unknown datacenter '"
                  + key
                  + "'"
                  + hint(key, nodesPerDc.keySet())
                  + " (the nodes are in "
                  + String.join(", ", nodesPerDc.keySet())
                  + ")");
          continue;
        }
        integer(valueNode, "the replication factor of " + key, 0, Integer.MAX_VALUE)
            .ifPresent(rf -> factors.put(key, rf.intValue()));
        where.put(key, valueNode);
      }
      if (everyDc.isPresent()) {
        for (String dc : nodesPerDc.keySet()) {
          if (!factors.containsKey(dc)) {
            factors.put(dc, everyDc.get().intValue());
            where.put(dc, everyDcNode);
          }
        }
      }
      if (factors.values().stream().allMatch(rf -> rf == 0)) {
        error(
            map,
            "NetworkTopologyStrategy needs a replication factor above 0 for at least one"
                + " datacenter, like {class: NetworkTopologyStrategy, dc1: 3}");
        return null;
      }
      for (Map.Entry<String, Integer> e : factors.entrySet()) {
        int nodes = nodesPerDc.getOrDefault(e.getKey(), 0);
        if (nodes > 0 && e.getValue() > nodes) {
          error(
              where.get(e.getKey()),
              "replication factor "
                  + e.getValue()
                  + " for datacenter "
                  + e.getKey()
                  + " is larger than its "
                  + nodes
                  + " node"
                  + (nodes == 1 ? "" : "s"));
        }
      }
      return new ReplicaPlacement.NetworkTopology(factors);
    }

    /**
     * Returns the entries of {@code map} by key, reporting non-scalar and duplicate keys, and keys
     * outside {@code allowed} unless it is null.
     */
    private Map<String, NodeTuple> fields(MappingNode map, List<String> allowed, String what) {
      Map<String, NodeTuple> fields = new LinkedHashMap<>();
      for (NodeTuple tuple : map.getValue()) {
        Node keyNode = tuple.getKeyNode();
        if (!(keyNode instanceof ScalarNode)) {
          error(keyNode, "expected a plain key in " + what);
          continue;
        }
        String key = scalar(keyNode);
        NodeTuple first = fields.putIfAbsent(key, tuple);
        if (first != null) {
          error(
              keyNode,
              "duplicate key '"
                  + key
                  + "' in "
                  + what
                  + " (first at line "
                  + location(first.getKeyNode()).line()
                  + ")");
        } else if (allowed != null && !allowed.contains(key)) {
          fields.remove(key);
          error(
              keyNode,
              "unknown key '"
                  + key
                  + "' in "
                  + what
                  + hint(key, allowed)
                  + " (expected "
                  + String.join(", ", allowed)
                  + ")");
        }
      }
      return fields;
    }

    private boolean require(
        Map<String, NodeTuple> fields, String key, Node parent, String expected) {
      if (fields.containsKey(key)) {
        return true;
      }
      error(parent, "missing key '" + key + "': expected " + expected);
      return false;
    }

    private Optional<String> text(Map<String, NodeTuple> fields, String key, Node parent) {
      if (!require(fields, key, parent, "a " + key)) {
        return Optional.empty();
      }
      Node value = fields.get(key).getValueNode();
      if (!(value instanceof ScalarNode)
          || value.getTag().equals(Tag.NULL)
          || scalar(value).isBlank()) {
        error(value, "expected a non-empty " + key);
        return Optional.empty();
      }
      return Optional.of(scalar(value));
    }

    private Optional<Long> integer(Node value, String what, long min, long max) {
      String expected = "expected " + what + " as a whole number from " + min + " to " + max;
      if (!(value instanceof ScalarNode) || !scalar(value).matches("[+-]?\\d+")) {
        error(
            value, expected + (value instanceof ScalarNode ? ", got '" + scalar(value) + "'" : ""));
        return Optional.empty();
      }
      try {
        long parsed = Long.parseLong(scalar(value));
        if (parsed >= min && parsed <= max) {
          return Optional.of(parsed);
        }
      } catch (NumberFormatException e) {
        // Out of the long range: reported below like any other out-of-range value.
      }
      error(value, expected + ", got " + scalar(value));
      return Optional.empty();
    }

    private static String hint(String typed, Collection<String> known) {
      return Suggest.closest(typed, known).map(s -> "; did you mean '" + s + "'?").orElse("");
    }

    private static String scalar(Node node) {
      return ((ScalarNode) node).getValue();
    }

    private void error(Node node, String message) {
      errors.add(new Diagnostic(location(node), message));
    }

    private Location location(Node node) {
      return node.getStartMark().map(this::location).orElse(fileOnly());
    }

    private Location location(Mark mark) {
      return new Location(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    private Location fileOnly() {
      return new Location(file, 0, 0);
    }
  }
}
