package dev.keyplan.cassandra.design;

import dev.keyplan.input.Location;
import dev.keyplan.model.AccessPattern;
import java.util.List;

/**
 * Consistency arithmetic for one pattern.
 *
 * @param level the consistency level the pattern runs at
 * @param replicas replicas that must answer at that level
 * @param replicationFactor the replication factor the level counts against (local RF for LOCAL_*)
 * @param overlapsWrites for a read: every write of its entity is acknowledged by enough replicas
 *     that R + W &gt; RF; for a write: its W with the entity's reads
 * @param paxosRoundTrips round trips of a lightweight transaction, 0 for a plain statement
 * @param remaining anomalies that remain at these levels, in words
 */
public record ConsistencyCheck(
    AccessPattern pattern,
    String level,
    Location levelLocation,
    int replicas,
    int replicationFactor,
    boolean overlapsWrites,
    int paxosRoundTrips,
    List<String> remaining) {

  public ConsistencyCheck {
    remaining = List.copyOf(remaining);
  }
}
