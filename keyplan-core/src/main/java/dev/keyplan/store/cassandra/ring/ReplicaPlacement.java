package dev.keyplan.store.cassandra.ring;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A keyspace replication strategy: which nodes hold the replicas of a token, primary first.
 *
 * <p>Both strategies walk the ring clockwise from the token's primary owner ({@code
 * TokenMetadata.ringIterator}). Sources: apache/cassandra 5.0 {@code src/java/org/apache/
 * cassandra/locator/SimpleStrategy.java} and {@code NetworkTopologyStrategy.java} ({@code
 * calculateNaturalReplicas}, {@code DatacenterEndpoints}).
 */
public sealed interface ReplicaPlacement {

  /** Returns the replicas of {@code token} on {@code ring}, primary first, without repeats. */
  List<Node> replicas(Ring ring, long token);

  /** Returns the strategy as CQL writes it, e.g. {@code {'class': 'SimpleStrategy', ...}}. */
  String describe();

  /**
   * {@code SimpleStrategy}: the first {@code replicationFactor} distinct nodes met walking
   * clockwise from the token, ignoring datacenters and racks.
   */
  record Simple(int replicationFactor) implements ReplicaPlacement {
    public Simple {
      if (replicationFactor < 1) {
        throw new IllegalArgumentException("replication_factor must be at least 1");
      }
    }

    @Override
    public List<Node> replicas(Ring ring, long token) {
      Set<Node> replicas = new LinkedHashSet<>();
      int start = ring.ceilingIndex(token);
      for (int i = 0; i < ring.tokenCount() && replicas.size() < replicationFactor; i++) {
        replicas.add(ring.ownerAt(start + i));
      }
      return List.copyOf(replicas);
    }

    @Override
    public String describe() {
      return "{'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}";
    }
  }

  /**
   * {@code NetworkTopologyStrategy} as Cassandra 5.0 computes it, in one clockwise walk.
   *
   * <p>Per datacenter with nodes, {@code rfLeft = min(rf, nodes in the DC)} and {@code
   * acceptableRackRepeats = rf - racks in the DC}. A node already chosen is skipped. A node in a
   * (datacenter, rack) not seen yet is taken; a node in a seen rack is taken only while rack
   * repeats are left, which happens when the DC has fewer racks than its RF. The walk ends when
   * every datacenter is done or the ring is exhausted. Older versions and the Java driver pick
   * the same set in a possibly different order.
   *
   * @param factors replication factor per datacenter name; datacenters absent here get none
   */
  record NetworkTopology(Map<String, Integer> factors) implements ReplicaPlacement {
    public NetworkTopology {
      for (Map.Entry<String, Integer> e : factors.entrySet()) {
        if (e.getValue() < 0) {
          throw new IllegalArgumentException("replication factor of " + e.getKey()
              + " must not be negative");
        }
      }
      factors = Collections.unmodifiableMap(new TreeMap<>(factors));
    }

    @Override
    public List<Node> replicas(Ring ring, long token) {
      Map<String, Set<String>> racks = new HashMap<>();
      Map<String, Integer> nodeCounts = new HashMap<>();
      for (Node node : ring.nodes()) {
        racks.computeIfAbsent(node.datacenter(), dc -> new HashSet<>()).add(node.rack());
        nodeCounts.merge(node.datacenter(), 1, Integer::sum);
      }
      // Per datacenter still to fill, as in DatacenterEndpoints.
      Map<String, Integer> rfLeft = new HashMap<>();
      Map<String, Integer> rackRepeatsLeft = new HashMap<>();
      for (Map.Entry<String, Integer> e : factors.entrySet()) {
        int rf = e.getValue();
        int nodeCount = nodeCounts.getOrDefault(e.getKey(), 0);
        if (rf > 0 && nodeCount > 0) {
          rfLeft.put(e.getKey(), Math.min(rf, nodeCount));
          rackRepeatsLeft.put(e.getKey(), rf - racks.get(e.getKey()).size());
        }
      }
      int dcsToFill = rfLeft.size();
      Set<Node> replicas = new LinkedHashSet<>();
      Set<List<String>> seenRacks = new HashSet<>();
      int start = ring.ceilingIndex(token);
      for (int i = 0; i < ring.tokenCount() && dcsToFill > 0; i++) {
        Node node = ring.ownerAt(start + i);
        String dc = node.datacenter();
        int left = rfLeft.getOrDefault(dc, 0);
        if (left == 0 || replicas.contains(node)) {
          continue;
        }
        if (!seenRacks.add(List.of(dc, node.rack()))) {
          int repeats = rackRepeatsLeft.get(dc);
          if (repeats <= 0) {
            continue;
          }
          rackRepeatsLeft.put(dc, repeats - 1);
        }
        replicas.add(node);
        rfLeft.put(dc, left - 1);
        if (left == 1) {
          dcsToFill--;
        }
      }
      return List.copyOf(replicas);
    }

    @Override
    public String describe() {
      var parts = new ArrayList<String>();
      parts.add("'class': 'NetworkTopologyStrategy'");
      for (Map.Entry<String, Integer> e : factors.entrySet()) {
        parts.add("'" + e.getKey() + "': " + e.getValue());
      }
      return "{" + String.join(", ", parts) + "}";
    }
  }
}
