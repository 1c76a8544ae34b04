package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.CqlKeyspace;
import java.util.List;

/**
 * How many copies of a table's rows the cluster keeps, from its own keyspace's {@code CREATE
 * KEYSPACE} (replication is a property of the keyspace: "CREATE KEYSPACE",
 * https://cassandra.apache.org/doc/5.0/cassandra/developing/cql/ddl.html#create-keyspace). A model
 * over several keyspaces ({@code keyspace: [hotel, reservation]}) gives each table its keyspace's
 * figures, so a table in an RF 1 keyspace is written once and read from its one replica while a
 * table of an RF 3 keyspace beside it is written three times.
 *
 * @param keyspace the keyspace's name
 * @param strategy the replication strategy's short class name
 * @param localRf replicas in the local datacenter: the first NetworkTopologyStrategy datacenter
 *     listed, or SimpleStrategy's factor
 * @param totalRf replicas summed over datacenters
 * @param datacenters the NetworkTopologyStrategy datacenters holding replicas, in the order
 *     written; empty for SimpleStrategy (which ignores datacenters)
 */
public record TableReplication(
    String keyspace, String strategy, int localRf, int totalRf, List<String> datacenters) {

  public TableReplication {
    datacenters = List.copyOf(datacenters);
  }

  /** Returns the replication {@code keyspace} declares. */
  static TableReplication of(CqlKeyspace keyspace) {
    int total = keyspace.totalReplicas();
    if (keyspace.strategyClass().equals("SimpleStrategy")) {
      return new TableReplication(
          keyspace.name(), keyspace.strategyClass(), total, total, List.of());
    }
    List<String> dcs =
        keyspace.replication().entrySet().stream()
            .filter(e -> !e.getKey().equals("replication_factor"))
            .filter(e -> e.getValue() > 0)
            .map(java.util.Map.Entry::getKey)
            .toList();
    // The first datacenter listed is taken as the local one.
    int local = dcs.isEmpty() ? total : keyspace.replicasIn(dcs.get(0));
    return new TableReplication(keyspace.name(), keyspace.strategyClass(), local, total, dcs);
  }

  /** Returns the datacenters with replicas, at least 1. */
  public int dcs() {
    return Math.max(1, datacenters.size());
  }

  /** Returns true for SimpleStrategy. */
  public boolean simple() {
    return strategy.equals("SimpleStrategy");
  }
}
