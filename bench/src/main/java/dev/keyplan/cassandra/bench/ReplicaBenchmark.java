package dev.keyplan.cassandra.bench;

import com.google.common.collect.HashMultimap;
import com.google.common.collect.Multimap;
import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.ReplicaPlacement;
import dev.keyplan.cassandra.ring.Ring;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.cassandra.dht.Murmur3Partitioner.LongToken;
import org.apache.cassandra.dht.Token;
import org.apache.cassandra.locator.AbstractNetworkTopologySnitch;
import org.apache.cassandra.locator.EndpointsForRange;
import org.apache.cassandra.locator.InetAddressAndPort;
import org.apache.cassandra.locator.NetworkTopologyStrategy;
import org.apache.cassandra.locator.TokenMetadata;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The replicas of one token under {@code NetworkTopologyStrategy {dc1: 3, dc2: 3}} on a ring of
 * {@value #NODES} nodes × {@value #TOKENS_PER_NODE} tokens (16,000 tokens): keyplan's {@link
 * ReplicaPlacement.NetworkTopology#replicas} against the named baseline {@link #cassandra},
 * cassandra-all 5.0.6's uncached {@code NetworkTopologyStrategy.calculateNaturalReplicas(token,
 * tokenMetadata)}.
 *
 * <p>Node {@code i} is in dc{@code 1 + i % 2} and rack r{@code 1 + (i / 2) % 3}: two datacenters of
 * 500 nodes in three racks each, so every DC needs one replica per rack. Tokens are drawn as
 * Cassandra does without an allocator ({@link Ring.Builder#randomNode}); the same ring is built in
 * Cassandra's {@code TokenMetadata}. Both look up the same pool of {@value #LOOKUPS} random tokens
 * in turn; the setup fails the trial unless both give the same replicas in the same order for every
 * one.
 *
 * <p>Target (bench/RESULTS.md, issue 5): keyplan at least as fast. Run with {@code bench/run.sh
 * cassandra}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ReplicaBenchmark {
  static final int NODES = 1_000;
  static final int TOKENS_PER_NODE = 16;
  static final int LOOKUPS = 1 << 10;

  private static final long SEED = 5_0_6L;

  private Ring ring;
  private ReplicaPlacement placement;
  private long[] tokens;
  private TokenMetadata tokenMetadata;
  private NetworkTopologyStrategy strategy;
  private LongToken[] cassandraTokens;
  private int next;

  @Setup(Level.Trial)
  public void ring() {
    CassandraClient.init();
    var builder = Ring.builder();
    for (int i = 0; i < NODES; i++) {
      builder.randomNode("n" + i, "dc" + (1 + i % 2), "r" + (1 + (i / 2) % 3), TOKENS_PER_NODE);
    }
    ring = builder.build(SEED);
    placement = new ReplicaPlacement.NetworkTopology(Map.of("dc1", 3, "dc2", 3));

    Map<InetAddressAndPort, Node> byEndpoint = new HashMap<>();
    Map<InetAddressAndPort, String> names = new HashMap<>();
    Multimap<InetAddressAndPort, Token> owned = HashMultimap.create();
    for (int i = 0; i < NODES; i++) {
      Node node = ring.nodes().get(i);
      InetAddressAndPort endpoint = endpoint(i);
      byEndpoint.put(endpoint, node);
      names.put(endpoint, node.name());
      for (long token : node.tokens()) {
        owned.put(endpoint, new LongToken(token));
      }
    }
    var snitch = new Snitch(byEndpoint);
    tokenMetadata = new TokenMetadata(snitch);
    // One call for the whole ring: per-node calls re-sort the ring each time.
    tokenMetadata.updateNormalTokens(owned);
    strategy =
        new NetworkTopologyStrategy("bench", tokenMetadata, snitch, Map.of("dc1", "3", "dc2", "3"));

    var random = new SplittableRandom(SEED + 1);
    tokens = new long[LOOKUPS];
    cassandraTokens = new LongToken[LOOKUPS];
    for (int i = 0; i < LOOKUPS; i++) {
      tokens[i] = random.nextLong();
      cassandraTokens[i] = new LongToken(tokens[i]);
    }
    for (int i = 0; i < LOOKUPS; i++) {
      List<String> keyplan = new ArrayList<>();
      placement.replicas(ring, tokens[i]).forEach(n -> keyplan.add(n.name()));
      List<String> cassandra = new ArrayList<>();
      strategy
          .calculateNaturalReplicas(cassandraTokens[i], tokenMetadata)
          .endpointList()
          .forEach(e -> cassandra.add(names.get(e)));
      if (!keyplan.equals(cassandra) || keyplan.size() != 6) {
        throw new IllegalStateException(
            "token " + tokens[i] + ": keyplan " + keyplan + ", Cassandra " + cassandra);
      }
    }
  }

  /** keyplan: the six replicas of the next token, primary first. */
  @Benchmark
  public List<Node> keyplan() {
    return placement.replicas(ring, tokens[nextToken()]);
  }

  /** Baseline: Cassandra's replicas of the same token, computed afresh (no replica cache). */
  @Benchmark
  public EndpointsForRange cassandra() {
    return strategy.calculateNaturalReplicas(cassandraTokens[nextToken()], tokenMetadata);
  }

  private int nextToken() {
    int i = next;
    next = (i + 1) & (LOOKUPS - 1);
    return i;
  }

  private static InetAddressAndPort endpoint(int index) {
    int host = index + 1;
    try {
      return InetAddressAndPort.getByAddress(new byte[] {10, 0, (byte) (host >>> 8), (byte) host});
    } catch (UnknownHostException e) {
      throw new IllegalStateException("a literal IPv4 address needs no lookup", e);
    }
  }

  /** Each endpoint's datacenter and rack, read from the keyplan node. */
  private static final class Snitch extends AbstractNetworkTopologySnitch {
    private final Map<InetAddressAndPort, Node> nodes;

    Snitch(Map<InetAddressAndPort, Node> nodes) {
      this.nodes = Map.copyOf(nodes);
    }

    @Override
    public String getRack(InetAddressAndPort endpoint) {
      return nodes.get(endpoint).rack();
    }

    @Override
    public String getDatacenter(InetAddressAndPort endpoint) {
      return nodes.get(endpoint).datacenter();
    }
  }
}
