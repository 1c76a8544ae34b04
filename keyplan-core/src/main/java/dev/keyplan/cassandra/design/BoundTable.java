package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.ClusteringColumn;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import dev.keyplan.workload.KeySpread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A CQL table (or materialized view) together with the entity whose rows it stores and the columns
 * the application derives for it (a time bucket, a shard suffix).
 */
public record BoundTable(CqlTable table, Entity entity, Map<String, Derived> derived) {

  public BoundTable {
    derived = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(derived));
  }

  /** Returns the table's name. */
  public String name() {
    return table.name();
  }

  /** Returns the partition-key columns in key order. */
  public List<String> partitionKey() {
    return table.partitionKey();
  }

  /** Returns the clustering columns in key order. */
  public List<ClusteringColumn> clustering() {
    return table.clustering();
  }

  /** Returns the derived column {@code column}, if it is one. */
  public Optional<Derived> derived(String column) {
    return Optional.ofNullable(derived.get(column));
  }

  /** Returns the time bucket in the partition key, if there is one. */
  public Optional<Derived> timeBucket() {
    return partitionKey().stream()
        .map(derived::get)
        .filter(d -> d != null && d.isTimeBucket())
        .findFirst();
  }

  /** Returns the number of shard-suffix values in the partition key (1 if none). */
  public int shards() {
    return partitionKey().stream()
        .map(derived::get)
        .filter(d -> d != null && !d.isTimeBucket())
        .mapToInt(Derived::shards)
        .reduce(1, (a, b) -> a * b);
  }

  /** Returns true if {@code column} is part of the primary key. */
  public boolean isKey(String column) {
    return partitionKey().contains(column)
        || clustering().stream().anyMatch(c -> c.name().equals(column));
  }

  /** Returns true if this is a materialized view, maintained by the server from its base table. */
  public boolean isView() {
    return table.viewOf().isPresent();
  }

  /**
   * Returns the busiest key's share of pattern {@code p}'s requests to this table: per
   * partition-key attribute, the pattern's own {@code spread:} if it has one, else the entity's
   * (reads follow writes). A write lands on one of the shard suffix's values, so its share is
   * divided by their number; a read asks every shard, so each shard partition sees all of it. Empty
   * if a spread is unknown.
   */
  public OptionalDouble patternShare(AccessPattern p, double rows) {
    double share = p.isRead() ? 1.0 : 1.0 / shards();
    for (String k : partitionKey()) {
      if (derived(k).isPresent()) {
        continue;
      }
      Spread own = p.spread().get(k);
      OptionalDouble s =
          own != null
              ? own.busiestShare(p.ratePerSecond())
              : KeySpread.busiestShare(entity, k, rows);
      if (s.isEmpty()) {
        return OptionalDouble.empty();
      }
      share *= s.getAsDouble();
    }
    return OptionalDouble.of(share);
  }
}
