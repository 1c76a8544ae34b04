package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.ClusteringColumn;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import dev.keyplan.workload.CompositeKey;
import dev.keyplan.workload.KeySpread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A CQL table (or materialized view) together with the entity whose rows it stores, the columns the
 * application derives for it (a time bucket, a shard suffix) and the binding of its columns to the
 * entity's attributes.
 *
 * <p>A column holds the attribute of the same name unless the model's {@code tables:} entry renames
 * it ({@code columns: {id: hotel_id}}). Everything that goes from a column to the model, or from a
 * pattern's attribute to a column, goes through {@link #attribute(Column)} and {@link
 * #column(String)} (or their name forms), never through the raw names.
 *
 * @param renamed attribute name by column name, for the columns named otherwise than their
 *     attribute
 * @param types the user-defined types of the table's keyspace, by name: what a UDT column holds
 */
public record BoundTable(
    CqlTable table,
    Entity entity,
    Map<String, Derived> derived,
    Map<String, String> renamed,
    Map<String, UserType> types) {

  public BoundTable {
    derived = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(derived));
    renamed = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(renamed));
    types = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(types));
  }

  /** Returns the name of the attribute column {@code column} holds (its own name by default). */
  public String attributeOf(String column) {
    return renamed.getOrDefault(column, column);
  }

  /**
   * Returns the name of the column holding attribute {@code attribute}: the column renamed to it,
   * else the column of the same name (which may not exist; {@link #column(String)} says).
   */
  public String columnOf(String attribute) {
    for (Map.Entry<String, String> e : renamed.entrySet()) {
      if (e.getValue().equals(attribute)) {
        return e.getKey();
      }
    }
    return attribute;
  }

  /** Returns the entity's attribute that column {@code c} holds, if the entity has it. */
  public Optional<Attribute> attribute(Column c) {
    return entity.attribute(attributeOf(c.name()));
  }

  /**
   * Returns the column holding attribute {@code attribute}, if the table has one. A column renamed
   * to another attribute does not hold the attribute of its own name.
   */
  public Optional<Column> column(String attribute) {
    String name = columnOf(attribute);
    if (name.equals(attribute) && renamed.containsKey(name) && !renamed.get(name).equals(name)) {
      return Optional.empty();
    }
    return table.column(name);
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
   * Returns the rows one request of {@code p} writes in this table: the fan-out's N ({@code
   * fan_out:}, one row for each value of its {@code each}) when the table stores the written
   * entity, else 1. Reads and copies of another entity's attribute are not fanned out.
   */
  public double rowsWritten(AccessPattern p) {
    return p.fanOut().isPresent() && p.operation().entity().equals(entity.name())
        ? p.rowsPerRequest()
        : 1;
  }

  /**
   * Returns the partitions one request of {@code p} writes in this table: N when the fan-out's
   * {@code each} (follower_id) is in the partition key, since the N rows differ in it; 1 otherwise,
   * since the N rows share every other value of the request (a table keyed by author_id takes all N
   * in one partition).
   */
  public double partitionsWritten(AccessPattern p) {
    double rows = rowsWritten(p);
    return rows > 1
            && partitionKey().stream()
                .map(this::attributeOf)
                .anyMatch(p.fanOut().get().each()::equals)
        ? rows
        : 1;
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
    // Combined as the sizing combines them (CompositeKey): a belongs_to or per: statement of the
    // entity, else independence.
    double key =
        CompositeKey.of(
                entity,
                partitionKey().stream()
                    .filter(k -> derived(k).isEmpty())
                    .map(this::attributeOf)
                    .toList(),
                a -> KeySpread.distinct(entity, a, rows),
                a -> {
                  Spread own = p.spread().get(a);
                  return own != null
                      ? own.busiestShare(p.ratePerSecond())
                      : KeySpread.busiestShare(entity, a, rows);
                })
            .busiestShare();
    return Double.isNaN(key) ? OptionalDouble.empty() : OptionalDouble.of(share * key);
  }
}
