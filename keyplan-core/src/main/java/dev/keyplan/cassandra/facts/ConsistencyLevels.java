package dev.keyplan.cassandra.facts;

import java.util.Locale;

/**
 * How many replicas a consistency level waits for, from the replication factor. Source: Apache
 * Cassandra docs, "Dynamo" architecture page, tunable consistency: QUORUM is {@code floor(sum of RF
 * over all DCs / 2) + 1}; LOCAL_QUORUM is {@code floor(local RF / 2) + 1}; EACH_QUORUM waits for a
 * quorum in every DC.
 *
 * <p>Example: RF 3 in one DC, LOCAL_QUORUM reads and writes: 2 + 2 = 4 &gt; 3, so a read overlaps
 * the latest acknowledged write (seed 000, "Tunable consistency").
 */
public final class ConsistencyLevels {
  private ConsistencyLevels() {}

  /**
   * Returns the replicas that must answer at {@code level}.
   *
   * @param localRf the replication factor in the coordinator's datacenter
   * @param totalRf the replication factor summed over all datacenters
   * @param dcs the number of datacenters with replicas
   */
  public static int replicas(String level, int localRf, int totalRf, int dcs) {
    switch (level.toUpperCase(Locale.ROOT)) {
      case "ANY":
      case "ONE":
      case "LOCAL_ONE":
        return 1;
      case "TWO":
        return Math.min(2, totalRf);
      case "THREE":
        return Math.min(3, totalRf);
      case "QUORUM":
      case "SERIAL":
        return totalRf / 2 + 1;
      case "LOCAL_QUORUM":
      case "LOCAL_SERIAL":
        return localRf / 2 + 1;
      case "EACH_QUORUM":
        // A quorum in each DC; assuming equal RF per DC, that is dcs × (localRf / 2 + 1).
        return dcs * (localRf / 2 + 1);
      case "ALL":
        return totalRf;
      default:
        throw new IllegalArgumentException("unknown consistency level " + level);
    }
  }

  /** Returns true for levels that only count replicas in the coordinator's datacenter. */
  public static boolean isLocal(String level) {
    String l = level.toUpperCase(Locale.ROOT);
    return l.startsWith("LOCAL_");
  }

  /**
   * Returns true if every read at {@code readLevel} must reach a replica that acknowledged a write
   * at {@code writeLevel}: R + W &gt; RF, counted where the read looks. A LOCAL_* read looks at the
   * local datacenter only, so only the write's replicas that must be local count there: all of a
   * LOCAL_* write's, a quorum of the local RF for EACH_QUORUM, and {@code W − (totalRf − localRf)}
   * for a global level (the rest may all be remote). Example: RF {dc1: 3, dc2: 3}, a QUORUM write
   * (4 of 6) can be 3 in dc2 and 1 in dc1, so a LOCAL_QUORUM read (2 of 3) in dc1 can miss it: 2 +
   * max(0, 4 − 3) = 3 ≤ 3.
   */
  public static boolean overlaps(
      String readLevel, String writeLevel, int localRf, int totalRf, int dcs) {
    return replicas(readLevel, localRf, totalRf, dcs)
            + writeReplicasSeen(readLevel, writeLevel, localRf, totalRf, dcs)
        > rfSeen(readLevel, localRf, totalRf);
  }

  /**
   * Returns the replicas of a write at {@code writeLevel} that must lie where a read at {@code
   * readLevel} looks.
   */
  public static int writeReplicasSeen(
      String readLevel, String writeLevel, int localRf, int totalRf, int dcs) {
    int w = replicas(writeLevel, localRf, totalRf, dcs);
    if (!isLocal(readLevel) || isLocal(writeLevel)) {
      return w;
    }
    if (writeLevel.equalsIgnoreCase("EACH_QUORUM")) {
      return localRf / 2 + 1;
    }
    return Math.max(0, w - (totalRf - localRf));
  }

  /**
   * Returns the replication factor a read at {@code readLevel} counts against: local RF for
   * LOCAL_*.
   */
  public static int rfSeen(String readLevel, int localRf, int totalRf) {
    return isLocal(readLevel) ? localRf : totalRf;
  }
}
