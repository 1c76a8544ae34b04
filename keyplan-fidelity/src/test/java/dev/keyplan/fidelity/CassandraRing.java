package dev.keyplan.fidelity;

import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.Ring;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.cassandra.dht.Murmur3Partitioner.LongToken;
import org.apache.cassandra.dht.Token;
import org.apache.cassandra.locator.AbstractNetworkTopologySnitch;
import org.apache.cassandra.locator.InetAddressAndPort;
import org.apache.cassandra.locator.TokenMetadata;

/**
 * A keyplan {@link Ring} rebuilt as Cassandra's {@code TokenMetadata}: one endpoint per node
 * (10.0.x.y), its tokens as normal tokens, and a snitch that reports the node's datacenter and
 * rack, so Cassandra's replication strategies can be run on exactly the ring keyplan sees.
 */
final class CassandraRing {
  final Ring ring;
  final TokenMetadata tokenMetadata;
  final Snitch snitch;
  private final Map<InetAddressAndPort, String> names = new HashMap<>();

  CassandraRing(Ring ring) {
    Cassandra.init();
    this.ring = ring;
    Map<InetAddressAndPort, Node> byEndpoint = new HashMap<>();
    List<Node> nodes = ring.nodes();
    for (int i = 0; i < nodes.size(); i++) {
      InetAddressAndPort endpoint = endpoint(i);
      byEndpoint.put(endpoint, nodes.get(i));
      names.put(endpoint, nodes.get(i).name());
    }
    this.snitch = new Snitch(byEndpoint);
    this.tokenMetadata = new TokenMetadata(snitch);
    byEndpoint.forEach(
        (endpoint, node) -> {
          List<Token> tokens = new ArrayList<>();
          for (long token : node.tokens()) {
            tokens.add(new LongToken(token));
          }
          // All of a node's tokens in one call: updateNormalToken replaces the endpoint's earlier
          // tokens, so a call per vnode would leave only the last.
          tokenMetadata.updateNormalTokens(tokens, endpoint);
          tokenMetadata.updateTopology(endpoint);
        });
  }

  /** Returns the keyplan node names of Cassandra's endpoints, in Cassandra's order. */
  List<String> names(List<InetAddressAndPort> endpoints) {
    List<String> out = new ArrayList<>(endpoints.size());
    for (InetAddressAndPort endpoint : endpoints) {
      out.add(names.get(endpoint));
    }
    return out;
  }

  private static InetAddressAndPort endpoint(int index) {
    try {
      int host = index + 1;
      return InetAddressAndPort.getByAddress(new byte[] {10, 0, (byte) (host >>> 8), (byte) host});
    } catch (UnknownHostException e) {
      throw new IllegalStateException("a literal IPv4 address needs no lookup", e);
    }
  }

  /** The datacenter and rack of each endpoint, as a property-file snitch would give them. */
  static final class Snitch extends AbstractNetworkTopologySnitch {
    private final Map<InetAddressAndPort, Node> nodes;

    Snitch(Map<InetAddressAndPort, Node> nodes) {
      this.nodes = Map.copyOf(nodes);
    }

    @Override
    public String getRack(InetAddressAndPort endpoint) {
      return node(endpoint).rack();
    }

    @Override
    public String getDatacenter(InetAddressAndPort endpoint) {
      return node(endpoint).datacenter();
    }

    private Node node(InetAddressAndPort endpoint) {
      Node node = nodes.get(endpoint);
      if (node == null) {
        throw new IllegalArgumentException("no node at " + endpoint);
      }
      return node;
    }
  }
}
