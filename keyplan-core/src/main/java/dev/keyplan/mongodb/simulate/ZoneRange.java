package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A zone in {@link KeySpace} coordinates: the range {@code [lo, hi)} of shard key values pinned to
 * some shards (MongoDB manual, "Zones in Sharded Clusters"). The balancer first moves chunks off
 * shards outside their zone, then balances each zone over its own shards, and the values in no zone
 * over every shard.
 *
 * @param shards the zone's shards, by position
 */
record ZoneRange(String name, double lo, double hi, List<Integer> shards) {
  ZoneRange {
    shards = List.copyOf(shards);
  }

  /** Returns the model's zones over {@code space}, sorted by name as the balancer visits them. */
  static List<ZoneRange> of(List<MongoDbDesign.Zone> zones, KeySpace space, int shardCount) {
    List<ZoneRange> out = new ArrayList<>();
    for (MongoDbDesign.Zone z : zones) {
      if (space.monotonic() && !(z.min().equals("MinKey") && z.max().equals("MaxKey"))) {
        throw new dev.keyplan.simulate.SetupException(
            "zone "
                + z.name()
                + ": zones on a shard key that grows with time ("
                + space.field()
                + ") are not simulated; only MinKey to MaxKey is");
      }
      List<Integer> shards = new ArrayList<>();
      for (String s : z.shards()) {
        int position = position(z, s);
        if (position < 0 || position >= shardCount) {
          throw new dev.keyplan.simulate.SetupException(
              "zone "
                  + z.name()
                  + " names shard "
                  + s
                  + " but the run has "
                  + shardCount
                  + " shards (0 to "
                  + (shardCount - 1)
                  + ")");
        }
        shards.add(position);
      }
      double lo = bound(space, z.min());
      double hi = bound(space, z.max());
      if (!(lo < hi)) {
        throw new dev.keyplan.simulate.SetupException(
            "zone "
                + z.name()
                + ": its range ["
                + z.min()
                + ", "
                + z.max()
                + ") holds no shard key values");
      }
      out.add(new ZoneRange(z.name(), lo, hi, shards));
    }
    out.sort(Comparator.comparing(ZoneRange::name));
    return out;
  }

  /** Returns the zone holding all of {@code [lo, hi)}, if one does. */
  static Optional<ZoneRange> holding(List<ZoneRange> zones, double lo, double hi) {
    for (ZoneRange z : zones) {
      if (z.lo <= lo && hi <= z.hi) {
        return Optional.of(z);
      }
    }
    return Optional.empty();
  }

  /** Returns true if {@code [lo, hi)} overlaps no zone. */
  static boolean inNoZone(List<ZoneRange> zones, double lo, double hi) {
    return zones.stream().noneMatch(z -> z.lo < hi && lo < z.hi);
  }

  /** Returns true if the zone includes shard {@code s}. */
  boolean has(int s) {
    return shards.contains(s);
  }

  private static double bound(KeySpace space, String value) {
    if (space.hashed() && !value.equals("MinKey") && !value.equals("MaxKey")) {
      try {
        return space.coordinateOfHash(
            Long.parseLong(
                value.replace("NumberLong(", "").replace(")", "").replace("\"", "").trim()));
      } catch (NumberFormatException e) {
        throw new dev.keyplan.simulate.SetupException(
            "a zone bound on a hashed shard key is a hashed value (a long), not '" + value + "'");
      }
    }
    return space.coordinateOf(value);
  }

  private static int position(MongoDbDesign.Zone z, String shard) {
    try {
      return Integer.parseInt(shard.replace(",", "").replace("_", "").trim());
    } catch (NumberFormatException e) {
      throw new dev.keyplan.simulate.SetupException(
          "zone " + z.name() + ": shard '" + shard + "' is not a shard position");
    }
  }
}
