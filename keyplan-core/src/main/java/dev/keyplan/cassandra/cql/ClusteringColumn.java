package dev.keyplan.cassandra.cql;

import java.util.Objects;

/**
 * A clustering column in key order, with its on-disk sort direction from {@code CLUSTERING ORDER
 * BY} (ascending when the table does not say).
 */
public record ClusteringColumn(String name, boolean descending) {

  public ClusteringColumn {
    Objects.requireNonNull(name, "name");
  }
}
