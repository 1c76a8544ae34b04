package dev.keyplan.cassandra.ring;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A Cassandra node on the token ring: its name, its datacenter and rack as the snitch reports them,
 * and the tokens it owns (one, or {@code num_tokens} vnodes), kept in ascending order.
 */
public record Node(String name, String datacenter, String rack, List<Long> tokens) {

  public Node {
    requireName(name, "name");
    requireName(datacenter, "datacenter");
    requireName(rack, "rack");
    if (tokens.isEmpty()) {
      throw new IllegalArgumentException("node " + name + " has no tokens");
    }
    var sorted = new ArrayList<>(tokens);
    Collections.sort(sorted);
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).equals(sorted.get(i - 1))) {
        throw new IllegalArgumentException(
            "node " + name + " lists token " + sorted.get(i) + " twice");
      }
    }
    tokens = List.copyOf(sorted);
  }

  private static void requireName(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("a node needs a non-blank " + what);
    }
  }

  @Override
  public String toString() {
    return name + " (" + datacenter + "/" + rack + ")";
  }
}
