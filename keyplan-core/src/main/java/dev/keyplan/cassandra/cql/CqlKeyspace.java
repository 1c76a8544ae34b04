package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A keyspace and how many copies of each row it keeps.
 *
 * <p>{@code strategyClass} is the short class name ({@code SimpleStrategy}, {@code
 * NetworkTopologyStrategy}, or another as written) even when the schema spells the full {@code
 * org.apache.cassandra.locator...} name, as cqlsh {@code DESCRIBE} does. {@code replication} maps
 * {@code replication_factor} (SimpleStrategy) or each data centre (NetworkTopologyStrategy) to its
 * number of replicas, in the order written; a transient-replication value such as {@code '3/1'}
 * counts its full replicas (3). Source: "CREATE KEYSPACE" in
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/ddl.html
 */
public record CqlKeyspace(
    String name,
    String strategyClass,
    Map<String, Integer> replication,
    boolean durableWrites,
    Location location) {

  /** The key of SimpleStrategy's factor; in NetworkTopologyStrategy, every data centre's. */
  private static final String REPLICATION_FACTOR = "replication_factor";

  public CqlKeyspace {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(strategyClass, "strategyClass");
    Objects.requireNonNull(location, "location");
    replication = Collections.unmodifiableMap(new LinkedHashMap<>(replication));
  }

  /**
   * Returns the replicas of each row across the cluster. For NetworkTopologyStrategy that is the
   * sum over the named data centres; when only {@code replication_factor} is given the data centres
   * are unknown, so this returns that factor (the count in one data centre).
   */
  public int totalReplicas() {
    if (isSimple()) {
      return replication.getOrDefault(REPLICATION_FACTOR, 0);
    }
    int total = 0;
    boolean anyDataCentre = false;
    for (Map.Entry<String, Integer> entry : replication.entrySet()) {
      if (!entry.getKey().equals(REPLICATION_FACTOR)) {
        total += entry.getValue();
        anyDataCentre = true;
      }
    }
    return anyDataCentre ? total : replication.getOrDefault(REPLICATION_FACTOR, 0);
  }

  /**
   * Returns the replicas in data centre {@code dc}: the factor itself for SimpleStrategy (which
   * ignores data centres), the data centre's own entry for NetworkTopologyStrategy, or the
   * keyspace-wide {@code replication_factor} for a data centre that is not listed, 0 if none.
   */
  public int replicasIn(String dc) {
    if (isSimple()) {
      return replication.getOrDefault(REPLICATION_FACTOR, 0);
    }
    Integer own = replication.get(dc);
    return own != null ? own : replication.getOrDefault(REPLICATION_FACTOR, 0);
  }

  private boolean isSimple() {
    return strategyClass.equals("SimpleStrategy");
  }
}
