package dev.keyplan.cassandra.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keyplan.cassandra.ring.ReplicaPlacement;
import dev.keyplan.cassandra.ring.Ring;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ClusterTest {
  @Test
  void rangeOf_isTheFirstTokenAtOrAfter_wrappingToZero() {
    // The sliced look-up must agree with the definition on random tokens, on node tokens and
    // their neighbours, and at both ends of the ring.
    List<String[]> joining = new java.util.ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      joining.add(new String[] {"n" + i, "dc1", "r" + (i % 3 + 1)});
    }
    var nodes = TokenAllocation.RANDOM.allocate(List.of(), joining, 16, new SplittableRandom(9));
    Cluster c = new Cluster(Ring.of(nodes), new ReplicaPlacement.Simple(3), "dc1");
    SplittableRandom r = new SplittableRandom(1);
    List<Long> probes =
        new java.util.ArrayList<>(List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE, 0L));
    for (long t : c.tokens) {
      probes.add(t);
      probes.add(t - 1);
      probes.add(t + 1);
    }
    for (int i = 0; i < 100_000; i++) {
      probes.add(r.nextLong());
    }
    for (long t : probes) {
      int expected = 0;
      while (expected < c.tokens.length && c.tokens[expected] < t) {
        expected++;
      }
      assertEquals(expected == c.tokens.length ? 0 : expected, c.rangeOf(t), "token " + t);
    }
  }
}
