package dev.keyplan.analysis;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import java.util.List;
import java.util.Optional;

/**
 * One store's analysis of a model's design, built once by {@code check} and handed on to the rules,
 * the renderers, the simulators and the verifiers, which read it and never rebuild it. Each store's
 * analysis record implements it; what is specific to a store stays on the record.
 */
public interface StoreAnalysis {
  /** The store analysed ({@code scylladb} for a ScyllaDB design). */
  StoreId store();

  /** The model analysed. */
  Model model();

  /** The design analysed, as the model holds it. */
  StoreDesign design();

  /** One plan per access pattern, in the model's order. */
  List<? extends Plan> plans();

  /**
   * The attributes each copy of {@code entity} in this design is partitioned or sharded by, each
   * list once, in the design's order: a Cassandra table's partition key, an item type's partition
   * key templates on its table and on each global index, a collection's shard key. Columns a design
   * derives (a time bucket, a write shard) are left out: they are computed from attributes, not
   * stored in the data. {@code keyplan analyze} measures these keys by default.
   */
  default List<List<String>> partitionKeys(String entity) {
    return List.of();
  }

  /**
   * The widths in seconds of the time buckets this design partitions copies of {@code entity} by (a
   * Cassandra table's {@code {window: 10m, of: message_id}} column), each once, in the design's
   * order. {@code keyplan analyze --time} measures the busiest partition at these widths besides
   * its fixed ones.
   */
  default List<Long> bucketWidths(String entity) {
    return List.of();
  }

  /** Returns the plan of pattern {@code id}. */
  default Optional<? extends Plan> plan(String id) {
    return plans().stream().filter(p -> p.pattern().id().equals(id)).findFirst();
  }

  /** How the store serves pattern {@code p}, graded, in one line. */
  PlanSummary summary(AccessPattern p);

  /**
   * The busiest key of each table, index or collection against the ceiling of one partition
   * (replica, shard), in the design's order; a load is NaN where a key spread is undeclared.
   */
  List<Hotspot> hotspots();

  /** The largest unit of data (partition, item, document) against its limit; empty if none. */
  Optional<DataUnit> largestUnit();

  /**
   * Each table's or collection's sizes at {@code samples} times from today to the horizon, with the
   * engine's limits, in the design's order. The last point of each curve is this analysis's own
   * figure.
   */
  List<Growth> growth(int samples);
}
