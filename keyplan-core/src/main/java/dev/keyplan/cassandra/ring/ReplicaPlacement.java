package dev.keyplan.cassandra.ring;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
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
      int tokens = ring.tokenCount();
      int[] chosen = new int[Math.min(replicationFactor, ring.nodes().size())];
      int count = 0;
      int at = ring.ceilingIndex(token);
      for (int i = 0; i < tokens && count < chosen.length; i++) {
        int node = ring.ownerIndexAt(at);
        if (!contains(chosen, count, node)) {
          chosen[count++] = node;
        }
        at = at + 1 == tokens ? 0 : at + 1;
      }
      return nodes(ring, chosen, count);
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
   * every datacenter is done or the ring is exhausted. Older versions and the Java driver pick the
   * same set in a possibly different order.
   *
   * @param factors replication factor per datacenter name; datacenters absent here get none
   */
  record NetworkTopology(Map<String, Integer> factors) implements ReplicaPlacement {
    public NetworkTopology {
      for (Map.Entry<String, Integer> e : factors.entrySet()) {
        if (e.getValue() < 0) {
          throw new IllegalArgumentException(
              "replication factor of " + e.getKey() + " must not be negative");
        }
      }
      factors = Collections.unmodifiableMap(new TreeMap<>(factors));
    }

    @Override
    public List<Node> replicas(Ring ring, long token) {
      // Per datacenter of the ring, as in DatacenterEndpoints: replicas still to choose (0 once
      // done or when not replicated) and rack repeats still allowed.
      int datacenters = ring.datacenterCount();
      int[] rfLeft = new int[datacenters];
      int[] rackRepeatsLeft = new int[datacenters];
      int dcsToFill = 0;
      int replicaCount = 0;
      for (int dc = 0; dc < datacenters; dc++) {
        int rf = factors.getOrDefault(ring.datacenterName(dc), 0);
        if (rf > 0) {
          rfLeft[dc] = Math.min(rf, ring.nodesIn(dc));
          rackRepeatsLeft[dc] = rf - ring.racksIn(dc);
          replicaCount += rfLeft[dc];
          dcsToFill++;
        }
      }
      int[] chosen = new int[replicaCount];
      int count = 0;
      boolean[] seenRacks = new boolean[ring.rackCount()];
      int tokens = ring.tokenCount();
      int at = ring.ceilingIndex(token);
      for (int i = 0; i < tokens && dcsToFill > 0; i++, at = at + 1 == tokens ? 0 : at + 1) {
        int node = ring.ownerIndexAt(at);
        int dc = ring.datacenterOf(node);
        int left = rfLeft[dc];
        if (left == 0 || contains(chosen, count, node)) {
          continue;
        }
        int rack = ring.rackOf(node);
        if (seenRacks[rack]) {
          if (rackRepeatsLeft[dc] <= 0) {
            continue;
          }
          rackRepeatsLeft[dc]--;
        }
        seenRacks[rack] = true;
        chosen[count++] = node;
        rfLeft[dc] = left - 1;
        if (left == 1) {
          dcsToFill--;
        }
      }
      return nodes(ring, chosen, count);
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

  /**
   * Returns whether {@code node} is among the first {@code count} of {@code chosen}. A replica list
   * holds the sum of the replication factors, a handful, so a scan beats hashing.
   */
  private static boolean contains(int[] chosen, int count, int node) {
    for (int i = 0; i < count; i++) {
      if (chosen[i] == node) {
        return true;
      }
    }
    return false;
  }

  /** Returns the nodes numbered by the first {@code count} of {@code chosen}, in that order. */
  private static List<Node> nodes(Ring ring, int[] chosen, int count) {
    Node[] out = new Node[count];
    for (int i = 0; i < count; i++) {
      out[i] = ring.nodes().get(chosen[i]);
    }
    return List.of(out);
  }
}
