package dev.keyplan.cassandra.design;

import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The primary key a query-first table for a read would have, by Chebotko's mapping rules (Chebotko,
 * Kashlev, Lu, "A Big Data Modeling Methodology for Apache Cassandra", IEEE BigData Congress 2015):
 * equality attributes become the partition key (MR2), the range attribute and the ordering
 * attributes become clustering columns in that order (MR3, MR4), and the entity's key attributes
 * are appended so rows stay unique (MR5).
 */
public final class TableSuggestion {
  private TableSuggestion() {}

  /** Returns {@code CREATE TABLE name (...) PRIMARY KEY ((a), b)} text for read {@code r}. */
  public static String forRead(Operation.Read r, Entity e) {
    // A CONTAINS on a collection becomes one row per element, keyed by the element.
    List<String> partition =
        r.where().stream()
            .filter(
                c ->
                    c.comparison() == Comparison.EQ
                        || c.comparison() == Comparison.IN
                        || c.comparison() == Comparison.CONTAINS)
            .map(Operation.Condition::attribute)
            .distinct()
            .collect(Collectors.toList());
    if (partition.isEmpty()) {
      return "a table keyed by an attribute the read gives by equality; this read gives none, so serve it"
          + " from an analytics store or add an equality (a bucket, a tenant) to key on";
    }
    Set<String> clustering = new LinkedHashSet<>();
    r.where().stream()
        .filter(c -> c.comparison() == Comparison.RANGE)
        .forEach(c -> clustering.add(c.attribute()));
    r.orderBy().forEach(o -> clustering.add(o.attribute()));
    e.key().stream().filter(k -> !partition.contains(k)).forEach(clustering::add);
    clustering.removeAll(partition);
    String name = e.name().toLowerCase(Locale.ROOT) + "s_by_" + String.join("_", partition);
    StringBuilder key =
        new StringBuilder("PRIMARY KEY ((").append(String.join(", ", partition)).append(")");
    for (String c : clustering) {
      key.append(", ").append(c);
    }
    key.append(")");
    List<String> order = new ArrayList<>();
    for (Operation.Order o : r.orderBy()) {
      order.add(o.attribute() + (o.descending() ? " DESC" : " ASC"));
    }
    String with =
        order.isEmpty() ? "" : " WITH CLUSTERING ORDER BY (" + String.join(", ", order) + ")";
    return "a table such as " + name + " with " + key + with;
  }
}
