package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.ClusteringColumn;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Operation.Condition;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides how each read is served by the tables that store its entity, with CQL's rules for
 * restrictions (CQL reference, "SELECT": the partition key restricted by {@code =} or {@code IN};
 * clustering restrictions forming a prefix with at most one range, last; ORDER BY following the
 * clustering order or its exact reverse; anything else needs an index or ALLOW FILTERING).
 *
 * <p>Each candidate table is scored and the best kept ({@link CassandraAccess} order, then fewer
 * missing attributes, then fewer rows). A read whose best table lacks selected attributes becomes
 * an application-side join when a second table can be looked up by the first one's columns.
 */
final class CassandraReadPlanner {
  private final Model model;
  private final List<BoundTable> tables;
  private final Map<String, CassandraSizing> sizing;
  private final Map<String, java.util.Set<String>> indexed = new java.util.HashMap<>();
  private final Map<String, List<BoundTable>> byEntity = new java.util.HashMap<>();
  private final CassandraWritePlanner writes;

  CassandraReadPlanner(
      Model model, List<BoundTable> tables, Map<String, CassandraSizing> sizing, CqlSchema schema) {
    this.model = model;
    this.tables = tables;
    this.sizing = sizing;
    for (var i : schema.indexes()) {
      indexed.computeIfAbsent(i.table(), k -> new java.util.HashSet<>()).add(i.column());
    }
    for (BoundTable t : tables) {
      byEntity.computeIfAbsent(t.entity().name(), k -> new ArrayList<>()).add(t);
    }
    this.writes = new CassandraWritePlanner(model, tables, sizing);
  }

  private boolean isIndexed(BoundTable t, String column) {
    return indexed.getOrDefault(t.name(), java.util.Set.of()).contains(column);
  }

  private record Candidate(BoundTable table, CassandraPlan plan, List<String> missing) {}

  /** Returns how {@code p} is served. */
  CassandraPlan plan(AccessPattern p) {
    if (p.operation() instanceof Operation.Read) {
      return read(p, (Operation.Read) p.operation());
    }
    return writes.plan(p, (Operation.Write) p.operation());
  }

  private CassandraPlan read(AccessPattern p, Operation.Read r) {
    List<Candidate> candidates =
        byEntity.getOrDefault(r.entity(), List.of()).stream()
            .map(t -> evaluate(p, r, t))
            .filter(c -> c != null)
            .collect(Collectors.toList());
    if (candidates.isEmpty()) {
      return notServed(p, "no table stores " + r.entity() + " in a way this read can use");
    }
    candidates.sort(
        Comparator.comparingInt((Candidate c) -> c.plan().access().ordinal())
            .thenComparingInt(c -> c.missing().size())
            .thenComparingDouble(c -> c.plan().rows().busiest()));
    Candidate best = candidates.get(0);
    if (best.missing().isEmpty()) {
      return best.plan();
    }
    return join(p, best);
  }

  private static CassandraPlan notServed(AccessPattern p, String why) {
    return new CassandraPlan(
        p,
        CassandraAccess.NOT_SERVED,
        List.of(),
        Estimate.UNKNOWN,
        Estimate.UNKNOWN,
        false,
        List.of(why));
  }

  /**
   * Returns how table {@code t} serves read {@code r}, or null if CQL cannot run it on {@code t}.
   */
  private Candidate evaluate(AccessPattern p, Operation.Read r, BoundTable t) {
    Map<String, Condition> where = new LinkedHashMap<>();
    r.where().forEach(c -> where.putIfAbsent(c.attribute(), c));
    CassandraSizing size = sizing.get(t.name());
    List<String> notes = new ArrayList<>();
    double partitions = 1;
    boolean keyed = true;
    boolean walk = false;
    for (String k : t.partitionKey()) {
      Optional<Derived> d = t.derived(k);
      if (d.isPresent() && d.get().isTimeBucket()) {
        Condition on = where.get(d.get().of().orElse(""));
        if (on != null && on.comparison() == Comparison.EQ) {
          continue;
        }
        if (on != null && on.comparison() == Comparison.RANGE) {
          notes.add(
              "reads one "
                  + k
                  + " partition per "
                  + dev.keyplan.model.Quantities.formatSeconds(d.get().windowSeconds())
                  + " in the range of "
                  + on.attribute());
        }
        walk = true;
      } else if (d.isPresent()) {
        partitions *= d.get().shards();
        notes.add(
            "queries all "
                + d.get().shards()
                + " values of the shard suffix "
                + k
                + " and merges them");
      } else {
        Condition on = where.get(k);
        if (on == null || (on.comparison() != Comparison.EQ && on.comparison() != Comparison.IN)) {
          keyed = false;
        } else if (on.comparison() == Comparison.IN) {
          partitions *= on.values();
        }
      }
    }
    List<String> missing =
        r.select().stream().filter(a -> t.table().column(a).isEmpty()).collect(Collectors.toList());
    for (Condition c : where.values()) {
      if (t.table().column(c.attribute()).isEmpty() && !isDerivedSource(t, c.attribute())) {
        return null; // CQL rejects a restriction on a column the table does not have
      }
    }
    if (!keyed) {
      return unkeyed(p, r, t, where, missing);
    }
    // Clustering restrictions must be a prefix: equalities, then at most one range.
    boolean filtering = false;
    int prefix = 0;
    boolean ranged = false;
    List<ClusteringColumn> cc = t.clustering();
    while (prefix < cc.size()) {
      Condition on = where.get(cc.get(prefix).name());
      if (on != null && (on.comparison() == Comparison.EQ || on.comparison() == Comparison.IN)) {
        prefix++;
      } else if (on != null && on.comparison() == Comparison.RANGE) {
        prefix++;
        ranged = true;
        break;
      } else {
        break;
      }
    }
    for (Condition c : where.values()) {
      if (t.partitionKey().contains(c.attribute()) || isDerivedSource(t, c.attribute())) {
        continue;
      }
      int pos = indexOf(cc, c.attribute());
      if (pos >= prefix || pos < 0) {
        if (pos < 0 && !isIndexed(t, c.attribute())) {
          filtering = true;
          notes.add(
              "filters on "
                  + c.attribute()
                  + ", which is not a key column of "
                  + t.name()
                  + " (ALLOW FILTERING)");
        } else if (pos >= prefix) {
          filtering = true;
          notes.add(
              "restricts clustering column "
                  + c.attribute()
                  + " without the columns before it (ALLOW FILTERING)");
        }
      }
    }
    if (!orderFollowsClustering(r, t, Math.min(prefix, ranged ? prefix - 1 : prefix))) {
      return new Candidate(
          t,
          new CassandraPlan(
              p,
              CassandraAccess.NOT_SERVED,
              List.of(t.name()),
              Estimate.UNKNOWN,
              Estimate.UNKNOWN,
              false,
              List.of(
                  "order by "
                      + orderText(r)
                      + " does not follow the clustering order of "
                      + t.name()
                      + " ("
                      + clusteringText(t)
                      + ") or its reverse")),
          missing);
    }
    boolean pointRead = prefix == cc.size() && !ranged && !filtering;
    double typicalRows = pointRead ? 1 : size.typical().rows();
    double busiestRows = pointRead ? 1 : size.busiest().rows();
    double pTypical = partitions;
    double pBusiest = partitions;
    CassandraAccess access =
        partitions > 1 ? CassandraAccess.MULTI_PARTITION : CassandraAccess.SINGLE_PARTITION;
    if (walk) {
      long window = t.timeBucket().get().windowSeconds();
      double buckets = Math.max(1, Math.ceil(model.horizonSeconds() / (double) window));
      int n = r.limit().orElse(Integer.MAX_VALUE);
      pTypical = partitions * Math.min(buckets, Math.ceil(n / Math.max(1e-12, typicalRows)));
      pBusiest = partitions * Math.min(buckets, Math.ceil(n / Math.max(1e-12, busiestRows)));
      access = CassandraAccess.BUCKET_WALK;
      notes.add(
          r.limit().isPresent()
              ? "walks "
                  + t.timeBucket().get().column()
                  + " partitions newest first until "
                  + n
                  + " rows are found"
              : "reads every "
                  + t.timeBucket().get().column()
                  + " partition of the key (no limit)");
      typicalRows = typicalRows * pTypical / partitions;
      busiestRows = busiestRows * pBusiest / partitions;
    } else {
      // Distinct keys: at most one of them is the busiest, the others are typical.
      double perTypical = typicalRows;
      typicalRows = perTypical * partitions;
      busiestRows = busiestRows + perTypical * (partitions - 1);
    }
    // A filtered read keeps reading until it has found its limit, so only an unfiltered one stops
    // early.
    if (r.limit().isPresent() && !r.count() && !filtering) {
      typicalRows = Math.min(typicalRows, r.limit().getAsInt());
      busiestRows = Math.min(busiestRows, r.limit().getAsInt());
    }
    if (ranged && !r.count()) {
      notes.add("rows read are an upper bound: the range may select fewer");
    }
    return new Candidate(
        t,
        new CassandraPlan(
            p,
            access,
            List.of(t.name()),
            new Estimate(pTypical, pBusiest),
            new Estimate(typicalRows, busiestRows),
            filtering,
            notes),
        missing);
  }

  private Candidate unkeyed(
      AccessPattern p,
      Operation.Read r,
      BoundTable t,
      Map<String, Condition> where,
      List<String> missing) {
    CassandraSizing size = sizing.get(t.name());
    List<String> notes = new ArrayList<>();
    String unrestricted =
        t.partitionKey().stream()
            .filter(
                k ->
                    t.derived(k).isEmpty()
                        && (where.get(k) == null || where.get(k).comparison() == Comparison.RANGE))
            .collect(Collectors.joining(", "));
    for (Condition c : where.values()) {
      if (isIndexed(t, c.attribute())
          && (c.comparison() == Comparison.EQ || c.comparison() == Comparison.CONTAINS)) {
        double rows =
            KeySpread.distinct(t.entity(), c.attribute(), size.rows()).stream()
                .map(d -> size.rows() / d)
                .findFirst()
                .orElse(Double.NaN);
        notes.add(
            "the index on " + t.name() + "." + c.attribute() + " asks every node (scatter-gather)");
        return new Candidate(
            t,
            new CassandraPlan(
                p,
                CassandraAccess.SECONDARY_INDEX,
                List.of(t.name()),
                Estimate.UNKNOWN,
                Estimate.same(rows),
                false,
                notes),
            missing);
      }
    }
    if (where.isEmpty()) {
      notes.add("no where clause: reads every partition of " + t.name());
      return new Candidate(
          t,
          new CassandraPlan(
              p,
              CassandraAccess.FULL_SCAN,
              List.of(t.name()),
              Estimate.same(size.partitions()),
              Estimate.same(size.rows()),
              false,
              notes),
          missing);
    }
    notes.add(
        "the partition key ("
            + unrestricted
            + ") is not restricted by = or IN, so Cassandra scans every partition");
    return new Candidate(
        t,
        new CassandraPlan(
            p,
            CassandraAccess.ALLOW_FILTERING,
            List.of(t.name()),
            Estimate.same(size.partitions()),
            Estimate.same(size.rows()),
            true,
            notes),
        missing);
  }

  /**
   * Returns a join plan for a read whose best table lacks some selected attributes, or not served.
   */
  private CassandraPlan join(AccessPattern p, Candidate best) {
    List<String> second = new ArrayList<>();
    for (String a : best.missing()) {
      Optional<BoundTable> lookup = lookupTable(best.table(), a);
      if (lookup.isEmpty()) {
        return notServed(
            p,
            best.table().name()
                + " serves the restriction but lacks "
                + a
                + ", and no table holding it can be looked up from "
                + best.table().name()
                + "'s columns");
      }
      if (!second.contains(lookup.get().name())) {
        second.add(lookup.get().name());
      }
    }
    CassandraPlan first = best.plan();
    List<String> names = new ArrayList<>(first.tables());
    names.addAll(second);
    List<String> notes = new ArrayList<>(first.notes());
    int lookups = second.size();
    notes.add(
        "then one lookup per row in each of "
            + String.join(", ", second)
            + " for "
            + String.join(", ", best.missing())
            + ": "
            + Math.round(first.rows().busiest() * lookups)
            + " extra reads per request for the busiest key");
    return new CassandraPlan(
        p,
        CassandraAccess.APPLICATION_JOIN,
        names,
        new Estimate(
            first.partitions().typical() + first.rows().typical() * lookups,
            first.partitions().busiest() + first.rows().busiest() * lookups),
        new Estimate(
            first.rows().typical() * (1 + lookups), first.rows().busiest() * (1 + lookups)),
        first.filtersInPartition(),
        notes);
  }

  /**
   * Returns a table holding attribute {@code a} (or its source) whose partition key {@code from}'s
   * rows supply.
   */
  private Optional<BoundTable> lookupTable(BoundTable from, String a) {
    Attribute attr = from.entity().attribute(a).orElse(null);
    String entity = from.entity().name();
    String column = a;
    if (attr != null && attr.copyOf().isPresent()) {
      String[] parts = attr.copyOf().get().split("\\.");
      entity = parts[0];
      column = parts[1];
    }
    for (BoundTable t : byEntity.getOrDefault(entity, List.of())) {
      if (t.table().column(column).isPresent()
          && t.partitionKey().stream().allMatch(k -> from.table().column(k).isPresent())) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  private static boolean isDerivedSource(BoundTable t, String attribute) {
    return t.derived().values().stream()
        .anyMatch(
            d ->
                d.of().map(attribute::equals).orElse(false)
                    && t.partitionKey().contains(d.column())
                    && t.table().column(attribute).isEmpty());
  }

  private static int indexOf(List<ClusteringColumn> cc, String name) {
    for (int i = 0; i < cc.size(); i++) {
      if (cc.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns true if the read's order by is the clustering order after the equality prefix, or its
   * reverse.
   */
  private static boolean orderFollowsClustering(Operation.Read r, BoundTable t, int prefix) {
    if (r.orderBy().isEmpty()) {
      return true;
    }
    List<ClusteringColumn> cc = t.clustering();
    Boolean reversed = null;
    int start =
        r.orderBy().get(0).attribute().equals(prefix < cc.size() ? cc.get(prefix).name() : "")
            ? prefix
            : 0;
    for (int i = 0; i < r.orderBy().size(); i++) {
      int pos = start + i;
      if (pos >= cc.size() || !cc.get(pos).name().equals(r.orderBy().get(i).attribute())) {
        return false;
      }
      boolean rev = cc.get(pos).descending() != r.orderBy().get(i).descending();
      if (reversed != null && reversed != rev) {
        return false;
      }
      reversed = rev;
    }
    return true;
  }

  private static String orderText(Operation.Read r) {
    return r.orderBy().stream()
        .map(o -> o.attribute() + (o.descending() ? " desc" : " asc"))
        .collect(Collectors.joining(", "));
  }

  private static String clusteringText(BoundTable t) {
    return t.clustering().isEmpty()
        ? "no clustering columns"
        : t.clustering().stream()
            .map(c -> c.name() + (c.descending() ? " desc" : " asc"))
            .collect(Collectors.joining(", "));
  }
}
