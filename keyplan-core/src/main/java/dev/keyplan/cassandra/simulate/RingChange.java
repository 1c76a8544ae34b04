package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.simulate.CassandraRun.Movement;
import dev.keyplan.cassandra.simulate.CassandraRun.NodeMove;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The data that streams when nodes join or leave: for every stretch of the ring between the tokens
 * of the two rings, the nodes that become its replicas receive its bytes and the nodes that stop
 * being replicas give them up (Cassandra streams a joining node's ranges from their previous
 * replicas, and a leaving node's to their new ones). A stretch's bytes are the tail's bytes per
 * token times its width, plus the heavy partitions whose tokens fall in it.
 */
final class RingChange {
  private RingChange() {}

  static Movement of(
      String change,
      Cluster before,
      Cluster after,
      double tailBytesPerToken,
      List<HeavyPartition> heavy,
      Map<HeavyPartition, Double> heavyBytes) {
    TreeSet<Long> cuts = new TreeSet<>();
    for (long t : before.tokens) {
      cuts.add(t);
    }
    for (long t : after.tokens) {
      cuts.add(t);
    }
    Map<String, double[]> moves = new LinkedHashMap<>();
    before.nodes.forEach(n -> moves.put(n.name(), new double[2]));
    after.nodes.forEach(n -> moves.putIfAbsent(n.name(), new double[2]));
    double moved = 0;
    double stored = 0;
    Long[] points = cuts.toArray(new Long[0]);
    for (int i = 0; i < points.length; i++) {
      long end = points[i];
      long start = points[(i - 1 + points.length) % points.length];
      double width = points.length == 1 ? Math.pow(2, 64) : Cluster.unsigned(end - start);
      double bytes = width * tailBytesPerToken;
      List<String> was = names(before, before.replicas[before.rangeOf(end)]);
      stored += bytes * was.size();
      moved += move(moves, bytes, was, names(after, after.replicas[after.rangeOf(end)]));
    }
    for (HeavyPartition p : heavy) {
      double bytes = heavyBytes.getOrDefault(p, 0.0);
      List<String> was = names(before, before.replicas[p.range]);
      stored += bytes * was.size();
      moved += move(moves, bytes, was, names(after, after.replicas[after.rangeOf(p.token)]));
    }
    List<NodeMove> perNode = new ArrayList<>();
    moves.forEach((n, m) -> perNode.add(new NodeMove(n, m[0], m[1])));
    return new Movement(change, moved, stored > 0 ? moved / stored : 0, perNode);
  }

  /**
   * Books {@code bytes} in to each new replica and out of each former one; returns the bytes
   * streamed.
   */
  private static double move(
      Map<String, double[]> moves, double bytes, List<String> was, List<String> is) {
    double streamed = 0;
    for (String n : is) {
      if (!was.contains(n)) {
        moves.get(n)[0] += bytes;
        streamed += bytes;
      }
    }
    for (String n : was) {
      if (!is.contains(n)) {
        moves.get(n)[1] += bytes;
      }
    }
    return streamed;
  }

  private static List<String> names(Cluster c, int[] replicas) {
    List<String> out = new ArrayList<>(replicas.length);
    for (int x : replicas) {
      out.add(c.nodes.get(x).name());
    }
    return out;
  }
}
