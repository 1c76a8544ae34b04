package dev.keyplan.cassandra.ring;

import java.util.List;

/**
 * The replica-placement fixture of the keyplan research notes §4.4: six single-token nodes, run
 * against cassandra-all 5.0.6 {@code SimpleStrategy} and {@code NetworkTopologyStrategy}.
 */
final class SixNodeRing {
  static final long N1 = -9_000_000_000_000_000_000L;
  static final long N2 = -6_000_000_000_000_000_000L;
  static final long N3 = -3_000_000_000_000_000_000L;
  static final long N4 = 0L;
  static final long N5 = 3_000_000_000_000_000_000L;
  static final long N6 = 6_000_000_000_000_000_000L;

  private SixNodeRing() {}

  static Ring ring() {
    return Ring.of(
        List.of(
            new Node("n1", "dc1", "r1", List.of(N1)),
            new Node("n2", "dc1", "r1", List.of(N2)),
            new Node("n3", "dc1", "r2", List.of(N3)),
            new Node("n4", "dc2", "r1", List.of(N4)),
            new Node("n5", "dc1", "r3", List.of(N5)),
            new Node("n6", "dc2", "r2", List.of(N6))));
  }
}
