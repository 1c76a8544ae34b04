package dev.keyplan.cassandra.design;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Operation.Kind;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lists every table a write must update — each copy of the data, denormalised copies of an updated
 * attribute included — and whether the write can address its rows there without reading first. A
 * CQL UPDATE or row DELETE names the full primary key; an INSERT carries the whole row.
 */
final class CassandraWritePlanner {
  private final Model model;
  private final List<BoundTable> tables;
  private final Map<String, CassandraSizing> sizing;

  /** Tables by the entity they store. */
  private final Map<String, List<BoundTable>> byEntity = new java.util.HashMap<>();

  /** Denormalised copies by their source ({@code Entity.attribute}): the table and the copy. */
  private final Map<String, List<Map.Entry<BoundTable, Attribute>>> copies =
      new java.util.HashMap<>();

  CassandraWritePlanner(Model model, List<BoundTable> tables, Map<String, CassandraSizing> sizing) {
    this.model = model;
    this.tables = tables;
    this.sizing = sizing;
    for (BoundTable t : tables) {
      byEntity.computeIfAbsent(t.entity().name(), k -> new ArrayList<>()).add(t);
      for (Attribute copy : t.entity().attributes().values()) {
        if (copy.copyOf().isPresent() && t.column(copy.name()).isPresent()) {
          copies
              .computeIfAbsent(copy.copyOf().get(), k -> new ArrayList<>())
              .add(Map.entry(t, copy));
        }
      }
    }
  }

  CassandraPlan plan(AccessPattern p, Operation.Write w) {
    List<String> written = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Set<String> known =
        w.where().stream()
            .filter(c -> c.comparison() == Comparison.EQ || c.comparison() == Comparison.IN)
            .map(Operation.Condition::attribute)
            .collect(Collectors.toSet());
    double rowsBusiest = 0;
    double rowsTypical = 0;
    // Partitions one request writes: one per table, or a fan-out's N where its rows differ in the
    // partition key.
    double partitions = 0;
    p.fanOut().ifPresent(f -> notes.add(f.describe()));
    for (BoundTable t : byEntity.getOrDefault(w.entity(), List.of())) {
      if (!touches(t, w)) {
        continue;
      }
      if (t.isView()) {
        notes.add(
            t.name()
                + " is a materialized view: the server updates it (a read before write on the base replica)");
        continue;
      }
      written.add(t.name());
      for (String a : w.set()) {
        if (t.isKey(a)) {
          // CQL cannot update a key column: the row moves, as a delete (a tombstone) and an insert.
          notes.add(
              t.name()
                  + ": "
                  + a
                  + " is part of its primary key, so each change is a delete (a tombstone) "
                  + "plus an insert of the whole row");
        }
      }
      if (!addressable(t, w, known)) {
        notes.add(
            t.name()
                + ": the "
                + w.kind().keyword()
                + " does not give its full primary key ("
                + keyText(t)
                + "), so the application must read the keys first");
      }
      rowsTypical += t.rowsWritten(p);
      rowsBusiest += t.rowsWritten(p);
      partitions += t.partitionsWritten(p);
      if (p.fanOut().isPresent()) {
        notes.add(t.name() + ": " + fanOutHeat(t, p));
      }
    }
    // Denormalised copies: attributes of other entities declared copy_of an attribute this write
    // sets.
    for (String a : w.set()) {
      String source = w.entity() + "." + a;
      for (Map.Entry<BoundTable, Attribute> c : copies.getOrDefault(source, List.of())) {
        BoundTable t = c.getKey();
        Attribute copy = c.getValue();
        if (written.contains(t.name())) {
          continue;
        }
        written.add(t.name());
        boolean partitionKnown =
            t.partitionKey().stream().allMatch(k -> known.contains(t.attributeOf(k)));
        if (partitionKnown && t.column(copy.name()).map(col -> col.isStatic()).orElse(false)) {
          // A static column is one cell per partition: one write, nothing to read first.
          notes.add(
              t.name()
                  + " holds "
                  + copy.name()
                  + " (copy of "
                  + source
                  + ") as a static column: one cell per partition");
          rowsTypical += 1;
          rowsBusiest += 1;
          partitions += 1;
          continue;
        }
        notes.add(
            t.name()
                + " holds "
                + copy.name()
                + " (copy of "
                + source
                + "): "
                + (partitionKnown
                    ? "every row of the partition must be rewritten; the application reads them first"
                    : "its partition key ("
                        + String.join(", ", t.partitionKey())
                        + ") is not known from the "
                        + w.kind().keyword()
                        + ", so the application must find the rows in another table first"));
        partitions += 1;
        double[] rows = referencingRows(t, w, sizing.get(t.name()).rows());
        rowsTypical += rows[0];
        rowsBusiest += rows[1];
      }
    }
    if (written.isEmpty()) {
      return new CassandraPlan(
          p,
          CassandraAccess.NOT_SERVED,
          List.of(),
          Estimate.UNKNOWN,
          Estimate.UNKNOWN,
          false,
          List.of(
              "no table stores "
                  + w.entity()
                  + (w.set().isEmpty() ? "" : " with " + String.join(", ", w.set()))));
    }
    if (w.kind() == Kind.DELETE) {
      notes.add("each delete writes a tombstone, kept for gc_grace_seconds");
    }
    return new CassandraPlan(
        p,
        CassandraAccess.WRITE,
        written,
        Estimate.same(partitions),
        new Estimate(rowsTypical, rowsBusiest),
        false,
        notes);
  }

  /**
   * Says where a fan-out's N rows land in {@code t}: partitioned by its {@code each} they go to N
   * partitions and spread as that attribute's spread says; otherwise (by its {@code per}) all N go
   * to one partition a request, N × rate × that key's busiest share.
   */
  private static String fanOutHeat(BoundTable t, AccessPattern p) {
    var f = p.fanOut().orElseThrow();
    String n = dev.keyplan.model.Units.count(f.rows());
    if (t.partitionsWritten(p) > 1) {
      return "partitioned by "
          + f.each()
          + ": the "
          + n
          + " rows of a request go to "
          + n
          + " partitions, spread as "
          + f.each()
          + "'s spread says";
    }
    return "partitioned by "
        + String.join(", ", t.partitionKey())
        + ", not "
        + f.each()
        + ": all "
        + n
        + " rows of a request go to one partition";
  }

  /**
   * Returns {typical, busiest} rows of copy table {@code t} that hold the updated row's values: the
   * rows whose attribute named like the write's key equals it, {@code rows / distinct} for a
   * typical key and {@code rows × busiest share} for the busiest (one author's books, say).
   */
  private static double[] referencingRows(BoundTable t, Operation.Write w, double rows) {
    for (Operation.Condition c : w.where()) {
      if (c.comparison() == Comparison.EQ && t.entity().attribute(c.attribute()).isPresent()) {
        var distinct = KeySpread.distinct(t.entity(), c.attribute(), rows);
        var share = KeySpread.rowShare(t.entity(), c.attribute(), rows);
        if (distinct.isPresent() && share.isPresent()) {
          return new double[] {rows / distinct.getAsDouble(), rows * share.getAsDouble()};
        }
      }
    }
    return new double[] {Double.NaN, Double.NaN};
  }

  private static boolean touches(BoundTable t, Operation.Write w) {
    switch (w.kind()) {
      case UPDATE:
      case INCREMENT:
        return w.set().stream().anyMatch(a -> t.column(a).isPresent());
      default:
        return true;
    }
  }

  /**
   * Returns true if the write names the table's whole primary key (or, for a delete, its whole
   * partition key).
   */
  private static boolean addressable(BoundTable t, Operation.Write w, Set<String> known) {
    if (w.kind() == Kind.INSERT || w.kind() == Kind.UPSERT) {
      return true;
    }
    boolean partition =
        t.partitionKey().stream()
            .allMatch(k -> known.contains(t.attributeOf(k)) || derivable(t, k, known));
    if (w.kind() == Kind.DELETE) {
      return partition;
    }
    return partition
        && t.clustering().stream().allMatch(c -> known.contains(t.attributeOf(c.name())));
  }

  private static boolean derivable(BoundTable t, String column, Set<String> known) {
    return t.derived(column)
        .map(d -> !d.isTimeBucket() || d.of().map(known::contains).orElse(false))
        .orElse(false);
  }

  private static String keyText(BoundTable t) {
    List<String> key = new ArrayList<>(t.partitionKey());
    t.clustering().forEach(c -> key.add(c.name()));
    return String.join(", ", key);
  }
}
