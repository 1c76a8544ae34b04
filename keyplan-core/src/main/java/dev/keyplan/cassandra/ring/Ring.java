package dev.keyplan.cassandra.ring;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A Cassandra token ring: nodes and the tokens they own, with the lookup Cassandra uses to find the
 * node a token belongs to.
 *
 * <p>A token {@code t} belongs to the first node token at or after {@code t}, wrapping to the
 * smallest token past the end of the ring; that node owns {@code (predecessor, token]}. Source:
 * apache/cassandra {@code src/java/org/apache/cassandra/locator/TokenMetadata.java} ({@code
 * firstToken}, {@code ringIterator}), and cassandra-dtest {@code replication_test.py} ({@code
 * get_replicas_for_token}, "if token <= r").
 *
 * <p>Nodes without explicit tokens get {@code num_tokens} random tokens, as Cassandra does when no
 * token allocator is configured ({@code BootStrapper.getRandomTokens}: draw {@code
 * Murmur3Partitioner.getRandomToken()}, skip tokens already taken). keyplan draws from {@code new
 * SplittableRandom(seed)}, nodes in the order given, so the same seed gives the same ring; real
 * clusters with {@code allocate_tokens_for_local_replication_factor} are more even than this.
 */
public final class Ring {
  private final List<Node> nodes;
  private final long[] tokens;
  private final Node[] owners;

  // The topology replica placement reads at every step of its walk, as indices computed once
  // (what TokenMetadata.Topology caches for Cassandra): per token its owner's index in nodes; per
  // node its datacenter and its rack, a (datacenter, rack) pair numbered across the ring; per
  // datacenter, numbered in order of first appearance, its name and node and rack counts.
  private final int[] ownerIndex;
  private final int[] nodeDatacenter;
  private final int[] nodeRack;
  private final String[] datacenters;
  private final int[] datacenterNodes;
  private final int[] datacenterRacks;
  private final int rackCount;

  private Ring(List<Node> nodes) {
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a ring needs at least one node");
    }
    Map<String, Node> byName = new HashMap<>();
    Map<Long, Node> byToken = new HashMap<>();
    for (Node node : nodes) {
      Node clash = byName.putIfAbsent(node.name(), node);
      if (clash != null) {
        throw new IllegalArgumentException("two nodes are named " + node.name());
      }
      for (long token : node.tokens()) {
        Node holder = byToken.putIfAbsent(token, node);
        if (holder != null) {
          throw new IllegalArgumentException(
              "token " + token + " is claimed by both " + holder.name() + " and " + node.name());
        }
      }
    }
    this.nodes = List.copyOf(nodes);
    this.tokens = byToken.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
    this.owners = new Node[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      owners[i] = byToken.get(tokens[i]);
    }

    // Datacenters and (datacenter, rack) pairs are numbered in order of first appearance.
    int count = this.nodes.size();
    Map<String, Integer> indexByName = new HashMap<>();
    Map<String, Integer> dcIndex = new LinkedHashMap<>();
    Map<List<String>, Integer> rackIndex = new HashMap<>();
    this.nodeDatacenter = new int[count];
    this.nodeRack = new int[count];
    for (int n = 0; n < count; n++) {
      Node node = this.nodes.get(n);
      indexByName.put(node.name(), n);
      nodeDatacenter[n] = dcIndex.computeIfAbsent(node.datacenter(), dc -> dcIndex.size());
      nodeRack[n] =
          rackIndex.computeIfAbsent(
              List.of(node.datacenter(), node.rack()), rack -> rackIndex.size());
    }
    this.datacenters = dcIndex.keySet().toArray(new String[0]);
    this.datacenterNodes = new int[datacenters.length];
    this.datacenterRacks = new int[datacenters.length];
    for (int n = 0; n < count; n++) {
      datacenterNodes[nodeDatacenter[n]]++;
    }
    for (List<String> rack : rackIndex.keySet()) {
      datacenterRacks[dcIndex.get(rack.get(0))]++;
    }
    this.rackCount = rackIndex.size();
    this.ownerIndex = new int[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      ownerIndex[i] = indexByName.get(owners[i].name());
    }
  }

  /**
   * Returns the ring of {@code nodes}, each with its tokens.
   *
   * @throws IllegalArgumentException if there are no nodes, two share a name or a token
   */
  public static Ring of(List<Node> nodes) {
    return new Ring(nodes);
  }

  /** Returns a builder mixing nodes with explicit tokens and nodes with random vnode tokens. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the nodes, in the order they were given. */
  public List<Node> nodes() {
    return nodes;
  }

  /** Returns the node named {@code name}. */
  public Optional<Node> node(String name) {
    return nodes.stream().filter(n -> n.name().equals(name)).findFirst();
  }

  /** Returns every token of the ring, ascending. */
  public List<Long> sortedTokens() {
    return Arrays.stream(tokens).boxed().toList();
  }

  /** Returns the range holding {@code token}: it ends at the first node token ≥ it, wrapping. */
  public TokenRange rangeOf(long token) {
    int i = ceilingIndex(token);
    return new TokenRange(tokens[Math.floorMod(i - 1, tokens.length)], tokens[i], owners[i]);
  }

  /** Returns the primary owner of {@code token}. */
  public Node primary(long token) {
    return owners[ceilingIndex(token)];
  }

  /** Returns every range of the ring in token order, each with its primary owner. */
  public List<TokenRange> ranges() {
    List<TokenRange> ranges = new ArrayList<>(tokens.length);
    for (int i = 0; i < tokens.length; i++) {
      ranges.add(new TokenRange(tokens[Math.floorMod(i - 1, tokens.length)], tokens[i], owners[i]));
    }
    return Collections.unmodifiableList(ranges);
  }

  /**
   * Returns, per node name in node order, the fraction of the ring it primarily owns (the sum of
   * its ranges' {@link TokenRange#fraction}); like {@code nodetool ring}'s ownership without
   * replication. The fractions add up to 1.
   */
  public Map<String, Double> primaryOwnership() {
    Map<String, Double> share = new LinkedHashMap<>();
    for (Node node : nodes) {
      share.put(node.name(), 0.0);
    }
    for (TokenRange range : ranges()) {
      share.merge(range.owner().name(), range.fraction(), Double::sum);
    }
    return Collections.unmodifiableMap(share);
  }

  /** Returns the number of tokens on the ring. */
  int tokenCount() {
    return tokens.length;
  }

  /** Returns the index in {@link #nodes} of the owner of the {@code i}-th token, 0 ≤ i < count. */
  int ownerIndexAt(int i) {
    return ownerIndex[i];
  }

  /** Returns the number of datacenters with nodes. */
  int datacenterCount() {
    return datacenters.length;
  }

  /** Returns the name of datacenter {@code dc}, numbered in order of its first node. */
  String datacenterName(int dc) {
    return datacenters[dc];
  }

  /** Returns how many nodes datacenter {@code dc} has. */
  int nodesIn(int dc) {
    return datacenterNodes[dc];
  }

  /** Returns how many distinct racks datacenter {@code dc} has. */
  int racksIn(int dc) {
    return datacenterRacks[dc];
  }

  /** Returns the number of distinct (datacenter, rack) pairs on the ring. */
  int rackCount() {
    return rackCount;
  }

  /** Returns the datacenter number of node {@code n} (its index in {@link #nodes}). */
  int datacenterOf(int n) {
    return nodeDatacenter[n];
  }

  /** Returns the (datacenter, rack) number of node {@code n}; equal numbers, same rack. */
  int rackOf(int n) {
    return nodeRack[n];
  }

  /** Returns the index of the first token ≥ {@code token}, or 0 past the last token. */
  int ceilingIndex(long token) {
    int i = Arrays.binarySearch(tokens, token);
    if (i < 0) {
      i = -i - 1;
    }
    return i == tokens.length ? 0 : i;
  }

  /** Collects nodes; random tokens are drawn when {@link #build} is called. */
  public static final class Builder {
    private sealed interface Spec permits Fixed, Drawn {}

    private record Fixed(Node node) implements Spec {}

    private record Drawn(String name, String datacenter, String rack, int numTokens)
        implements Spec {}

    private final List<Spec> specs = new ArrayList<>();

    private Builder() {}

    /** Adds a node with explicit tokens ({@code initial_token}). */
    public Builder node(String name, String datacenter, String rack, List<Long> tokens) {
      specs.add(new Fixed(new Node(name, datacenter, rack, tokens)));
      return this;
    }

    /** Adds a node that gets {@code numTokens} random tokens ({@code num_tokens}). */
    public Builder randomNode(String name, String datacenter, String rack, int numTokens) {
      if (numTokens < 1) {
        throw new IllegalArgumentException("node " + name + ": num_tokens must be at least 1");
      }
      specs.add(new Drawn(name, datacenter, rack, numTokens));
      return this;
    }

    /**
     * Returns the ring, drawing random tokens from {@code new SplittableRandom(seed)} for the
     * random nodes in the order they were added, skipping tokens already taken.
     *
     * @throws IllegalArgumentException as {@link Ring#of} does
     */
    public Ring build(long seed) {
      Set<Long> taken = new HashSet<>();
      for (Spec spec : specs) {
        if (spec instanceof Fixed fixed) {
          taken.addAll(fixed.node().tokens());
        }
      }
      var random = new SplittableRandom(seed);
      List<Node> nodes = new ArrayList<>();
      for (Spec spec : specs) {
        if (spec instanceof Fixed fixed) {
          nodes.add(fixed.node());
        } else if (spec instanceof Drawn drawn) {
          List<Long> tokens = new ArrayList<>(drawn.numTokens());
          while (tokens.size() < drawn.numTokens()) {
            long token = Murmur3Token.normalize(random.nextLong());
            if (taken.add(token)) {
              tokens.add(token);
            }
          }
          nodes.add(new Node(drawn.name(), drawn.datacenter(), drawn.rack(), tokens));
        }
      }
      return new Ring(nodes);
    }
  }
}
