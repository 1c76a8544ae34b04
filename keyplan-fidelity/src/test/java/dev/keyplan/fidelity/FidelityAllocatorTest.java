package dev.keyplan.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.Ring;
import dev.keyplan.cassandra.ring.TokenAllocator;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.dht.Token;
import org.apache.cassandra.dht.tokenallocator.TokenAllocation;
import org.apache.cassandra.locator.AbstractNetworkTopologySnitch;
import org.apache.cassandra.locator.IEndpointSnitch;
import org.apache.cassandra.locator.InetAddressAndPort;
import org.apache.cassandra.locator.NetworkTopologyStrategy;
import org.apache.cassandra.locator.TokenMetadata;
import org.junit.jupiter.api.Test;

/**
 * keyplan's {@link TokenAllocator} spreads ownership as cassandra-all 5.0.6's own allocator does
 * (issue 15 §6), for {@code allocate_tokens_for_local_replication_factor} 1 and 3, one datacenter
 * of 1 and 3 racks, 3 to 24 nodes of 16 tokens.
 *
 * <p>The oracle is the path a real bootstrap takes: {@code TokenAllocation.allocateTokens(
 * TokenMetadata, replicas, endpoint, numTokens)} with a snitch that reports each node's rack, each
 * node's tokens then added to the ring before the next joins, nodes dealt to racks in turn (as
 * keyplan simulate deals them). {@code OfflineTokenAllocator} (the {@code generatetokens} tool) is
 * not used: in 5.0.6 it gives the same tokens for 1 and 3 racks, so it does not see racks (run
 * 2026-12, this module's classpath).
 *
 * <p>Ownership is measured the same way on both rings, by cassandra-all's {@code
 * NetworkTopologyStrategy} {dc1: RF}: a node's share is the part of the ring it holds a replica of,
 * divided by RF (so shares add up to 1; for RF 1 it is the primary share). Tolerance, from the
 * issue's decisions: keyplan's std-dev of shares within 20% of Cassandra's, and its largest share
 * within 2 percentage points. With RF 3 and 3 nodes every node holds every range, both std-devs are
 * 0 up to rounding, so the std-dev check allows 1e-9 besides the 20%.
 *
 * <p>Cassandra's allocator is deterministic but for a fresh ring's first token, which only turns
 * the ring; the oracle's partitioner draws it from a seeded {@link Random} so runs repeat exactly.
 */
final class FidelityAllocatorTest {
  private static final int TOKENS = 16;
  private static final int MAX_NODES = 24;
  private static final int MIN_NODES = 3;
  private static final double STD_DEV_TOLERANCE = 0.20;
  private static final double MAX_SHARE_TOLERANCE = 0.02;

  @Test
  void ownershipSpread_matchesCassandrasAllocator_forEveryListedTopology() {
    Cassandra.init();
    List<String> failures = new ArrayList<>();
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "%-3s %-5s %-5s | %-24s | %-24s | %s%n",
            "RF",
            "racks",
            "nodes",
            "std-dev of shares, %",
            "largest share, %",
            "primary shares, std-dev / largest, %"));
    table.append(
        String.format(
            Locale.ROOT,
            "%-3s %-5s %-5s | %11s %12s | %11s %12s | %s%n",
            "",
            "",
            "",
            "Cassandra",
            "keyplan",
            "Cassandra",
            "keyplan",
            "Cassandra; keyplan"));
    for (int rf : new int[] {1, 3}) {
      for (int racks : new int[] {1, 3}) {
        List<List<Node>> cassandra = cassandraRings(rf, racks);
        List<List<Node>> keyplan = keyplanRings(rf, racks);
        for (int n = MIN_NODES; n <= MAX_NODES; n++) {
          Spread c = spread(cassandra.get(n - 1), rf, false);
          Spread k = spread(keyplan.get(n - 1), rf, false);
          // Primary shares are printed, not held to the tolerance: with RF 3 it is the replicated
          // share that the allocator balances and that load follows.
          Spread primary = spread(cassandra.get(n - 1), rf, true);
          Spread keyplanPrimary = spread(keyplan.get(n - 1), rf, true);
          table.append(
              String.format(
                  Locale.ROOT,
                  "%-3d %-5d %-5d | %11.3f %12.3f | %11.2f %12.2f | %.2f / %.2f; %.2f / %.2f%n",
                  rf,
                  racks,
                  n,
                  100 * c.stdDev,
                  100 * k.stdDev,
                  100 * c.max,
                  100 * k.max,
                  100 * primary.stdDev,
                  100 * primary.max,
                  100 * keyplanPrimary.stdDev,
                  100 * keyplanPrimary.max));
          if (Math.abs(k.stdDev - c.stdDev) > Math.max(STD_DEV_TOLERANCE * c.stdDev, 1e-9)) {
            failures.add(
                String.format(
                    Locale.ROOT,
                    "RF %d, %d racks, %d nodes: std-dev %.4f%%, Cassandra %.4f%%",
                    rf,
                    racks,
                    n,
                    100 * k.stdDev,
                    100 * c.stdDev));
          }
          if (Math.abs(k.max - c.max) > MAX_SHARE_TOLERANCE) {
            failures.add(
                String.format(
                    Locale.ROOT,
                    "RF %d, %d racks, %d nodes: largest share %.2f%%, Cassandra %.2f%%",
                    rf,
                    racks,
                    n,
                    100 * k.max,
                    100 * c.max));
          }
        }
      }
    }
    System.out.print(table);
    assertThat(failures).isEmpty();
  }

  /**
   * The node's rack when nodes are dealt to {@code racks} racks in turn, as simulate deals them.
   */
  private static String rack(int node, int racks) {
    return "r" + (node % racks + 1);
  }

  /** keyplan's rings after each of {@code MAX_NODES} joins; element i has i + 1 nodes. */
  private static List<List<Node>> keyplanRings(int rf, int racks) {
    SplittableRandom random = new SplittableRandom(15);
    List<Node> nodes = new ArrayList<>();
    List<List<Node>> out = new ArrayList<>();
    for (int i = 0; i < MAX_NODES; i++) {
      String rack = rack(i, racks);
      List<Long> tokens = TokenAllocator.allocate(nodes, "dc1", rack, rf, TOKENS, random).tokens();
      nodes.add(new Node("n" + (i + 1), "dc1", rack, tokens));
      out.add(List.copyOf(nodes));
    }
    return out;
  }

  /**
   * cassandra-all's rings after each of {@code MAX_NODES} bootstraps through {@code
   * TokenAllocation.allocateTokens}; element i has i + 1 nodes.
   */
  private static List<List<Node>> cassandraRings(int rf, int racks) {
    Map<InetAddressAndPort, String> rackOf = new HashMap<>();
    IEndpointSnitch snitch = new RackSnitch(rackOf);
    IEndpointSnitch before = DatabaseDescriptor.getEndpointSnitch();
    // allocateTokens(TokenMetadata, int, …) asks DatabaseDescriptor for the snitch, as a node does.
    DatabaseDescriptor.setEndpointSnitch(snitch);
    try {
      TokenMetadata metadata = new TokenMetadata(snitch).cloneWithNewPartitioner(new Seeded(15));
      List<Node> nodes = new ArrayList<>();
      List<List<Node>> out = new ArrayList<>();
      for (int i = 0; i < MAX_NODES; i++) {
        InetAddressAndPort endpoint = endpoint(i);
        String rack = rack(i, racks);
        rackOf.put(endpoint, rack);
        Collection<Token> tokens = TokenAllocation.allocateTokens(metadata, rf, endpoint, TOKENS);
        metadata.updateNormalTokens(tokens, endpoint);
        List<Long> values = new ArrayList<>();
        tokens.forEach(t -> values.add((Long) t.getTokenValue()));
        nodes.add(new Node("n" + (i + 1), "dc1", rack, values));
        out.add(List.copyOf(nodes));
      }
      return out;
    } finally {
      DatabaseDescriptor.setEndpointSnitch(before);
    }
  }

  /** Std-dev (population) and largest of the nodes' shares. */
  private record Spread(double stdDev, double max) {}

  /**
   * The spread of each node's replicated share (or, with {@code primary}, its primary share) under
   * cassandra-all's NetworkTopologyStrategy {dc1: rf}.
   */
  private static Spread spread(List<Node> nodes, int rf, boolean primary) {
    CassandraRing cassandra = new CassandraRing(Ring.of(nodes));
    NetworkTopologyStrategy strategy =
        new NetworkTopologyStrategy(
            "keyplan_ring",
            cassandra.tokenMetadata,
            cassandra.snitch,
            Map.of("dc1", Integer.toString(rf)));
    Map<String, Double> share = new HashMap<>();
    nodes.forEach(n -> share.put(n.name(), 0.0));
    List<Long> tokens = cassandra.ring.sortedTokens();
    for (int i = 0; i < tokens.size(); i++) {
      long end = tokens.get(i);
      long start = tokens.get((i - 1 + tokens.size()) % tokens.size());
      double size =
          new Murmur3Partitioner.LongToken(start).size(new Murmur3Partitioner.LongToken(end));
      List<String> replicas =
          cassandra.names(
              strategy
                  .calculateNaturalReplicas(
                      new Murmur3Partitioner.LongToken(end), cassandra.tokenMetadata)
                  .endpointList());
      if (primary) {
        share.merge(replicas.get(0), size, Double::sum);
      } else {
        replicas.forEach(r -> share.merge(r, size / rf, Double::sum));
      }
    }
    double mean = 1.0 / nodes.size();
    double squares = 0;
    double max = 0;
    for (double s : share.values()) {
      squares += (s - mean) * (s - mean);
      max = Math.max(max, s);
    }
    return new Spread(Math.sqrt(squares / nodes.size()), max);
  }

  private static InetAddressAndPort endpoint(int index) {
    try {
      return InetAddressAndPort.getByAddress(new byte[] {10, 1, 0, (byte) (index + 1)});
    } catch (UnknownHostException e) {
      throw new IllegalStateException("a literal IPv4 address needs no lookup", e);
    }
  }

  /** One datacenter, dc1; racks as the map says. */
  private static final class RackSnitch extends AbstractNetworkTopologySnitch {
    private final Map<InetAddressAndPort, String> racks;

    RackSnitch(Map<InetAddressAndPort, String> racks) {
      this.racks = racks;
    }

    @Override
    public String getRack(InetAddressAndPort endpoint) {
      return racks.get(endpoint);
    }

    @Override
    public String getDatacenter(InetAddressAndPort endpoint) {
      return "dc1";
    }

    @Override
    public String getLocalDatacenter() {
      return "dc1";
    }
  }

  /** Murmur3Partitioner whose random token (a fresh ring's first) comes from a seed. */
  private static final class Seeded extends Murmur3Partitioner {
    private final Random random;

    Seeded(long seed) {
      this.random = new Random(seed);
    }

    @Override
    public LongToken getRandomToken() {
      long value = random.nextLong();
      return new LongToken(value == Long.MIN_VALUE ? Long.MAX_VALUE : value);
    }
  }
}
