package dev.keyplan.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.ReplicaPlacement;
import dev.keyplan.cassandra.ring.Ring;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.cassandra.dht.Murmur3Partitioner.LongToken;
import org.apache.cassandra.locator.AbstractReplicationStrategy;
import org.apache.cassandra.locator.NetworkTopologyStrategy;
import org.apache.cassandra.locator.SimpleStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * keyplan's replica placement ({@link ReplicaPlacement}) equals cassandra-all 5.0.6's {@code
 * calculateNaturalReplicas} on 20 seeded random rings, 1,000 tokens each, for {@code
 * SimpleStrategy} RF 1-5 and seven {@code NetworkTopologyStrategy} layouts.
 *
 * <p>A ring has 3-30 nodes of 1-16 tokens each (drawn per node, so rings mix vnode counts), in
 * datacenters dc1 and dc2 with 1-4 racks each; every fifth ring has dc1 only. So the layouts meet
 * RF above the racks of a DC (rack repeats), above its nodes, a DC with no nodes and an RF of 0
 * ({@link #randomRings_coverTheLayoutsTheStrategiesNeed} keeps the seed honest about that). The
 * tokens looked up are random, exactly a node token, one either side of one, and the ring's ends.
 *
 * <p>Compared per token: the replica set, the primary (first replica) and, since keyplan and 5.0
 * both choose in one clockwise walk, the whole order. Older Cassandra versions order NTS replicas
 * differently (shared/notes/cassandra.md §4.3); the set and primary are what must never differ.
 */
final class FidelityReplicaTest {
  private static final int RINGS = 20;
  private static final int TOKENS_PER_RING = 1_000;
  private static final long SEED = 5_0_6L;

  private static List<CassandraRing> rings;
  private static List<long[]> lookups;

  @BeforeAll
  static void buildRings() {
    Cassandra.init();
    var random = new SplittableRandom(SEED);
    rings = new ArrayList<>();
    lookups = new ArrayList<>();
    for (int r = 0; r < RINGS; r++) {
      Ring ring = randomRing(random, /* datacenters= */ r % 5 == 4 ? 1 : 2);
      rings.add(new CassandraRing(ring));
      lookups.add(lookupTokens(ring, random));
    }
  }

  static Stream<Arguments> strategies() {
    List<Arguments> all = new ArrayList<>();
    for (int rf = 1; rf <= 5; rf++) {
      all.add(Arguments.of(new ReplicaPlacement.Simple(rf)));
    }
    for (Map<String, Integer> factors :
        List.of(
            Map.of("dc1", 3, "dc2", 2),
            Map.of("dc1", 3, "dc2", 3),
            Map.of("dc1", 1),
            Map.of("dc2", 2),
            // Above 4 racks and often above the DC's node count.
            Map.of("dc1", 5, "dc2", 4),
            // dc3 has no nodes: Cassandra skips it instead of waiting for it.
            Map.of("dc1", 2, "dc2", 1, "dc3", 2),
            Map.of("dc1", 0, "dc2", 3))) {
      all.add(Arguments.of(new ReplicaPlacement.NetworkTopology(factors)));
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("strategies")
  void replicas_onRandomRings_matchCalculateNaturalReplicas(ReplicaPlacement placement) {
    int tokensOnRings = rings.stream().mapToInt(r -> r.ring.sortedTokens().size()).sum();
    var tally =
        new Tally(
            String.format(
                Locale.ROOT,
                "%s: %d rings (%,d node tokens), %,d lookups",
                placement.describe(),
                RINGS,
                tokensOnRings,
                RINGS * TOKENS_PER_RING));
    for (int r = 0; r < RINGS; r++) {
      CassandraRing cassandra = rings.get(r);
      AbstractReplicationStrategy strategy = cassandraStrategy(placement, cassandra);
      for (long token : lookups.get(r)) {
        List<String> keyplan = names(placement.replicas(cassandra.ring, token));
        List<String> expected =
            cassandra.names(
                strategy
                    .calculateNaturalReplicas(new LongToken(token), cassandra.tokenMetadata)
                    .endpointList());
        int ring = r;
        tally.check(
            "replica set",
            new HashSet<>(keyplan).equals(new HashSet<>(expected)),
            () ->
                "ring "
                    + ring
                    + " token "
                    + token
                    + " keyplan "
                    + keyplan
                    + ", Cassandra "
                    + expected);
        // Both empty when no listed DC has nodes, e.g. {dc2: 2} on a dc1-only ring.
        tally.check(
            "primary",
            Objects.equals(first(keyplan), first(expected)),
            () ->
                "ring "
                    + ring
                    + " token "
                    + token
                    + " keyplan "
                    + keyplan
                    + ", Cassandra "
                    + expected);
        tally.check(
            "order",
            keyplan.equals(expected),
            () ->
                "ring "
                    + ring
                    + " token "
                    + token
                    + " keyplan "
                    + keyplan
                    + ", Cassandra "
                    + expected);
      }
    }
    tally.assertAllSame();
    assertThat(tally.compared("replica set")).isEqualTo(RINGS * TOKENS_PER_RING);
  }

  /** The rings are the same on both sides: same tokens, each owned by the same node. */
  @Test
  void rings_haveCassandrasSortedTokensAndOwners() {
    var tally = new Tally(RINGS + " rings");
    for (CassandraRing cassandra : rings) {
      List<Long> cassandraTokens = new ArrayList<>();
      cassandra
          .tokenMetadata
          .sortedTokens()
          .forEach(t -> cassandraTokens.add(((LongToken) t).token));
      tally.check(
          "sorted tokens",
          cassandra.ring.sortedTokens().equals(cassandraTokens),
          () -> cassandra.ring.nodes().toString());
      for (long token : cassandraTokens) {
        String owner =
            cassandra
                .names(List.of(cassandra.tokenMetadata.getEndpoint(new LongToken(token))))
                .get(0);
        tally.check(
            "owner",
            cassandra.ring.primary(token).name().equals(owner),
            () ->
                "token "
                    + token
                    + " keyplan "
                    + cassandra.ring.primary(token)
                    + ", Cassandra "
                    + owner);
      }
    }
    tally.assertAllSame();
  }

  /**
   * The seeded rings hold what the strategies above are meant to meet: a DC with fewer racks than
   * RF 3 (rack repeats), one with fewer nodes than RF 5, a ring without dc2, one-token and 16-token
   * nodes, and rings of both 3 and more than 25 nodes.
   */
  @Test
  void randomRings_coverTheLayoutsTheStrategiesNeed() {
    boolean fewerRacksThanRf3 = false;
    boolean fewerNodesThanRf5 = false;
    boolean withoutDc2 = false;
    boolean oneToken = false;
    boolean sixteenTokens = false;
    int smallest = Integer.MAX_VALUE;
    int largest = 0;
    for (CassandraRing cassandra : rings) {
      List<Node> nodes = cassandra.ring.nodes();
      smallest = Math.min(smallest, nodes.size());
      largest = Math.max(largest, nodes.size());
      for (String dc : List.of("dc1", "dc2")) {
        List<Node> inDc = nodes.stream().filter(n -> n.datacenter().equals(dc)).toList();
        long racks = inDc.stream().map(Node::rack).distinct().count();
        withoutDc2 |= inDc.isEmpty();
        fewerRacksThanRf3 |= !inDc.isEmpty() && racks < 3;
        fewerNodesThanRf5 |= !inDc.isEmpty() && inDc.size() < 5;
      }
      oneToken |= nodes.stream().anyMatch(n -> n.tokens().size() == 1);
      sixteenTokens |= nodes.stream().anyMatch(n -> n.tokens().size() == 16);
    }
    assertThat(List.of(fewerRacksThanRf3, fewerNodesThanRf5, withoutDc2, oneToken, sixteenTokens))
        .as("fewer racks than RF 3, fewer nodes than RF 5, no dc2, 1-token and 16-token nodes")
        .containsOnly(true);
    assertThat(smallest).isEqualTo(3);
    assertThat(largest).isGreaterThan(25);
  }

  private static AbstractReplicationStrategy cassandraStrategy(
      ReplicaPlacement placement, CassandraRing ring) {
    Map<String, String> options = new HashMap<>();
    if (placement instanceof ReplicaPlacement.Simple simple) {
      options.put("replication_factor", Integer.toString(simple.replicationFactor()));
      return new SimpleStrategy("fidelity", ring.tokenMetadata, ring.snitch, options);
    }
    var nts = (ReplicaPlacement.NetworkTopology) placement;
    nts.factors().forEach((dc, rf) -> options.put(dc, Integer.toString(rf)));
    return new NetworkTopologyStrategy("fidelity", ring.tokenMetadata, ring.snitch, options);
  }

  /**
   * 3-30 nodes, each in one of {@code datacenters} (dc1, dc2) and one of that DC's 1-4 racks, with
   * 1-16 random tokens.
   */
  private static Ring randomRing(SplittableRandom random, int datacenters) {
    int nodes = random.nextInt(3, 31);
    int[] racks = {random.nextInt(1, 5), random.nextInt(1, 5)};
    var builder = Ring.builder();
    for (int n = 0; n < nodes; n++) {
      int dc = random.nextInt(datacenters);
      builder.randomNode(
          "n" + (n + 1),
          "dc" + (dc + 1),
          "r" + (random.nextInt(racks[dc]) + 1),
          random.nextInt(1, 17));
    }
    return builder.build(random.nextLong());
  }

  /**
   * 1,000 tokens: the ring's ends (Long.MIN_VALUE, which precedes every token, and MAX_VALUE, which
   * wraps), then a mix: seven in ten random, one a node token, two one above or below one.
   */
  private static long[] lookupTokens(Ring ring, SplittableRandom random) {
    List<Long> nodeTokens = ring.sortedTokens();
    long[] tokens = new long[TOKENS_PER_RING];
    tokens[0] = Long.MIN_VALUE;
    tokens[1] = Long.MAX_VALUE;
    tokens[2] = nodeTokens.get(0);
    tokens[3] = nodeTokens.get(nodeTokens.size() - 1);
    for (int i = 4; i < tokens.length; i++) {
      long near = nodeTokens.get(random.nextInt(nodeTokens.size()));
      int kind = random.nextInt(10);
      tokens[i] = kind < 7 ? random.nextLong() : kind == 7 ? near : kind == 8 ? near + 1 : near - 1;
    }
    return tokens;
  }

  private static String first(List<String> replicas) {
    return replicas.isEmpty() ? null : replicas.get(0);
  }

  private static List<String> names(List<Node> nodes) {
    List<String> out = new ArrayList<>(nodes.size());
    for (Node node : nodes) {
      out.add(node.name());
    }
    return out;
  }
}
