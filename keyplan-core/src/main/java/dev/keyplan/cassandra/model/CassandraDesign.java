package dev.keyplan.cassandra.model;

import dev.keyplan.input.Location;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code cassandra:} (or {@code scylladb:}) section of a model: where the CQL schema is and the
 * facts a schema cannot say.
 *
 * @param engine {@code cassandra} or {@code scylladb}
 * @param schema the CQL file, resolved against the model file's folder
 * @param keyspaces the keyspaces to check ({@code keyspace: chat} or {@code keyspace: [hotel,
 *     reservation]}), when the schema declares several; empty for the keyspace of the tables
 * @param readConsistency default consistency level of reads ({@code LOCAL_QUORUM} if not given)
 * @param writeConsistency default consistency level of writes ({@code LOCAL_QUORUM} if not given)
 * @param derived columns the application computes (a time bucket, a shard suffix), by {@code
 *     table.column}
 * @param tables which entity a table stores and which attribute each renamed column holds, where
 *     the columns alone do not say, by table name (or {@code keyspace.table})
 * @param nodeBudget operations per second one node is planned to serve, for the heat check
 * @param roundTripMillis one coordinator–replica round trip, for the cost of Paxos rounds
 * @param shardsPerNode ScyllaDB shards (cores) per node; 0 for Cassandra
 * @param nodes nodes in each datacenter ({@code nodes:}, default {@link
 *     dev.keyplan.cassandra.facts.CassandraLimits#DEFAULT_NODES_PER_DATACENTER}): how many replica
 *     sets a read through an index or a scan asks, and what the cluster's capacity is
 */
public record CassandraDesign(
    String engine,
    Path schema,
    Location schemaLocation,
    List<String> keyspaces,
    String readConsistency,
    Location readConsistencyLocation,
    String writeConsistency,
    Location writeConsistencyLocation,
    Map<String, Derived> derived,
    Map<String, TableBinding> tables,
    double nodeBudget,
    double roundTripMillis,
    int shardsPerNode,
    int nodes,
    Location location)
    implements StoreDesign {
  /** Returns the store this design is for. */
  @Override
  public StoreId store() {
    return isScylla() ? StoreId.SCYLLADB : StoreId.CASSANDRA;
  }

  public CassandraDesign {
    derived = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(derived));
    tables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tables));
    keyspaces = List.copyOf(keyspaces);
  }

  /**
   * Returns the first keyspace named by {@code keyspace:}, if any: the one whose replication the
   * analysis and the simulated ring use.
   */
  public Optional<String> keyspace() {
    return keyspaces.stream().findFirst();
  }

  /**
   * What the model says about one table under {@code tables:}: the entity it stores ({@code hotels:
   * Hotel}, the short form) and, in the long form ({@code hotels: {entity: Hotel, columns: {id:
   * hotel_id}}}), the attribute held by each column whose name differs from its attribute's.
   *
   * @param entity the entity's name
   * @param columns attribute name by column name, for the renamed columns only
   * @param location where the table's entry is in the model
   */
  public record TableBinding(String entity, Map<String, String> columns, Location location) {
    public TableBinding {
      columns = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(columns));
    }
  }

  /** Returns true when the design is checked as ScyllaDB. */
  public boolean isScylla() {
    return engine.equals("scylladb");
  }

  /**
   * A column whose value the application derives when it writes: a time bucket ({@code {window:
   * 10m, of: message_id}}) or a shard suffix ({@code {shards: 16}}).
   *
   * @param windowSeconds the bucket width, 0 for a shard suffix
   * @param of the time-ordered attribute the bucket is computed from; empty for a shard suffix
   * @param shards number of suffix values, 0 for a time bucket
   */
  public record Derived(
      String table,
      String column,
      long windowSeconds,
      Optional<String> of,
      int shards,
      Location location) {

    /** Returns true for a time bucket. */
    public boolean isTimeBucket() {
      return windowSeconds > 0;
    }
  }
}
