package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.ClusteringColumn;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Operation.Condition;
import dev.keyplan.model.Units;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
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
  private final Map<String, CassandraSizing> sizing;
  private final Map<String, List<SecondaryIndex>> indexes = new java.util.HashMap<>();
  private final Map<String, List<BoundTable>> byEntity = new java.util.HashMap<>();
  private final CassandraWritePlanner writes;
  private final Fanout fanout;

  CassandraReadPlanner(
      Model model,
      List<BoundTable> tables,
      Map<String, CassandraSizing> sizing,
      CqlSchema schema,
      Fanout fanout) {
    this.model = model;
    this.sizing = sizing;
    this.fanout = fanout;
    for (SecondaryIndex i : schema.indexes()) {
      indexes.computeIfAbsent(i.table(), k -> new ArrayList<>()).add(i);
    }
    for (BoundTable t : tables) {
      byEntity.computeIfAbsent(t.entity().name(), k -> new ArrayList<>()).add(t);
    }
    this.writes = new CassandraWritePlanner(model, tables, sizing);
  }

  /** Returns an index of {@code t} that can serve condition {@code c}, if the schema has one. */
  private Optional<SecondaryIndex> indexFor(BoundTable t, Condition c) {
    return indexes.getOrDefault(t.name(), List.of()).stream()
        .filter(i -> i.column().equals(t.columnOf(c.attribute())))
        .filter(i -> IndexSupport.serves(i, t.table(), c))
        .findFirst();
  }

  /**
   * One valid way to serve a read: its plan, the attributes its table lacks, and its cost in
   * replica rows per second ({@link Fanout#cost}).
   */
  private record Candidate(
      BoundTable table, CassandraPlan plan, List<String> missing, double cost, boolean bounded) {
    Candidate(BoundTable table, CassandraPlan plan, List<String> missing) {
      this(table, plan, missing, Double.NaN, false);
    }

    Candidate costed(double cost) {
      return new Candidate(table, plan, missing, cost, bounded);
    }

    /**
     * This read's rows are an upper bound (every row of the table): it goes through an index whose
     * matching rows the model does not say, or reads a partition whose size it does not say.
     */
    Candidate boundedAbove() {
      return new Candidate(table, plan, missing, cost, true);
    }
  }

  /** Returns how {@code p} is served. */
  CassandraPlan plan(AccessPattern p) {
    if (p.operation() instanceof Operation.Read) {
      return read(p, (Operation.Read) p.operation());
    }
    return writes.plan(p, (Operation.Write) p.operation());
  }

  /**
   * Plans a read on every table of its entity and keeps the cheapest valid plan: the fewest replica
   * rows read per second (rows, plus an index's lookups, × replicas × rate, a join's lookups
   * included), ties broken by the partitions contacted.
   */
  private CassandraPlan read(AccessPattern p, Operation.Read r) {
    CassandraPlan own = readOwn(p, r);
    if (p.with().isEmpty() || !own.access().served()) {
      return own;
    }
    return withRelated(p, r, own);
  }

  /**
   * Adds the reads of a pattern's related entities ({@code with:}) to its plan. Each entity lives
   * in tables of its own, so each is read from its best table by the same restrictions (no order,
   * no limit: every related row matching them) and loads that table; the plan's figures stay its
   * own entity's, and a note gives each read and the rows and partitions of the request in all. An
   * entity no table serves is said plainly: only the others are planned.
   */
  private CassandraPlan withRelated(AccessPattern p, Operation.Read r, CassandraPlan own) {
    List<CassandraPlan> with = new ArrayList<>();
    List<String> read = new ArrayList<>();
    List<String> notes = new ArrayList<>(own.notes());
    double[] rows = {own.rows().typical(), own.rows().busiest()};
    double[] partitions = {own.partitions().typical(), own.partitions().busiest()};
    for (String w : p.with()) {
      Operation.Read related = r.related(w);
      CassandraPlan part = readOwn(p, related);
      if (!part.access().served()) {
        notes.add(
            "only "
                + r.entity()
                + " is planned: "
                + w
                + " is not served ("
                + String.join("; ", part.notes())
                + ")");
        continue;
      }
      with.add(part);
      read.add(w);
      rows[0] += part.rows().typical();
      rows[1] += part.rows().busiest();
      partitions[0] += part.partitions().typical();
      partitions[1] += part.partitions().busiest();
      notes.add(
          "then reads "
              + w
              + " from "
              + String.join(" + ", part.tables())
              + " by "
              + part.access().label()
              + ": "
              + Units.count(part.rows().typical())
              + " rows in "
              + Units.count(part.partitions().typical())
              + " partition(s) for a typical key, a request of its own");
    }
    if (!with.isEmpty()) {
      notes.add(
          "in all, with "
              + String.join(", ", read)
              + ": "
              + (with.size() + 1)
              + " reads, "
              + Units.count(rows[0])
              + " rows in "
              + Units.count(partitions[0])
              + " partitions for a typical key, "
              + Units.count(rows[1])
              + " rows for the busiest");
    }
    return new CassandraPlan(
        p,
        own.access(),
        own.tables(),
        own.partitions(),
        own.rows(),
        own.filtersInPartition(),
        notes,
        own.indexes(),
        with);
  }

  /** Plans {@code r} for its own entity alone. */
  private CassandraPlan readOwn(AccessPattern p, Operation.Read r) {
    List<Candidate> candidates =
        byEntity.getOrDefault(r.entity(), List.of()).stream()
            .map(t -> evaluate(p, r, t))
            .filter(c -> c != null)
            .map(c -> priced(p, c))
            .collect(Collectors.toList());
    if (candidates.isEmpty()) {
      return notServed(p, "no table stores " + r.entity() + " in a way this read can use");
    }
    // An index read whose matching rows are unknown is costed at its upper bound, every row, as a
    // scan of the same rows is; it reads only the rows that match, so on that tie it goes first.
    candidates.sort(
        Comparator.comparing((Candidate c) -> !c.plan().access().served())
            .thenComparingDouble(Candidate::cost)
            .thenComparing(c -> !c.bounded())
            .thenComparingDouble(this::contacted)
            .thenComparingInt(c -> c.plan().access().ordinal()));
    Candidate best = candidates.get(0);
    List<Candidate> others =
        candidates.stream().skip(1).filter(c -> c.plan().access().served()).toList();
    if (best.plan().access().served() && !others.isEmpty()) {
      best =
          new Candidate(
              best.table(),
              withCostNote(p, best, others),
              best.missing(),
              best.cost(),
              best.bounded());
    }
    if (best.missing().isEmpty()) {
      return best.plan();
    }
    return join(p, best);
  }

  /**
   * Returns the candidate with its cost. A served read whose rows the model cannot size (no spread
   * for its table's partition key) reads at most every row of its table, so it is costed at that
   * upper bound, as an index read of unknown selectivity is: a scan of the same table reads exactly
   * those rows, and on that tie the bounded read, which contacts fewer partitions, goes first.
   * Without this an unsized single-partition read (cost unknown) lost to a full scan.
   */
  private Candidate priced(AccessPattern p, Candidate c) {
    if (c.plan().access().served() && Double.isNaN(c.plan().rows().typical())) {
      Candidate bound = c.boundedAbove();
      return bound.costed(costOf(p, bound, sizing.get(c.table().name()).rows()));
    }
    return c.costed(costOf(p, c, c.plan().rows().typical()));
  }

  /**
   * Returns the replica rows per second a candidate reading {@code rows} rows a request costs; a
   * candidate lacking attributes pays one lookup per row in each table it must join (infinite when
   * no table can supply one).
   */
  private double costOf(AccessPattern p, Candidate c, double rowsRead) {
    if (!c.plan().access().served()) {
      return Double.POSITIVE_INFINITY;
    }
    // Lookups are not added to an upper bound: every row matching is the case where the index
    // answers from its entries alone, and the bound is what a scan of those rows reads.
    double rows = rowsRead + (c.bounded() ? 0 : lookups(c));
    Joins joins = joins(c.table(), c.missing());
    if (joins.unsupplied().isPresent()) {
      return Double.POSITIVE_INFINITY;
    }
    double cost = fanout.cost(p, c.table().name(), rows * (1 + joins.tables().size()));
    return Double.isNaN(cost) ? Double.POSITIVE_INFINITY : cost;
  }

  /** Returns the index lookups a plan makes: one per replica set for a read through an index. */
  private double lookups(Candidate c) {
    return c.plan().access() == CassandraAccess.SECONDARY_INDEX
        ? fanout.replicaSets(c.table().name())
        : 0;
  }

  /** Returns the partitions (or, for a range read, replica sets) a plan contacts. */
  private double contacted(Candidate c) {
    double n = c.plan().partitions().typical();
    return Double.isNaN(n) ? fanout.replicaSets(c.table().name()) : n;
  }

  private CassandraPlan withCostNote(AccessPattern p, Candidate best, List<Candidate> others) {
    List<String> notes = new ArrayList<>(best.plan().notes());
    notes.add(
        "cheapest of "
            + (others.size() + 1)
            + " ways: "
            + costText(p, best)
            + "; "
            + others.stream()
                .map(o -> describe(o) + " " + costText(p, o))
                .collect(Collectors.joining("; ")));
    CassandraPlan b = best.plan();
    return new CassandraPlan(
        b.pattern(),
        b.access(),
        b.tables(),
        b.partitions(),
        b.rows(),
        b.filtersInPartition(),
        notes,
        b.indexes());
  }

  private static String describe(Candidate c) {
    return c.table().name() + " by " + c.plan().access().label();
  }

  private String costText(AccessPattern p, Candidate c) {
    if (Double.isInfinite(c.cost())) {
      return c.missing().isEmpty()
          ? "(rows unknown)"
          : "(cannot supply " + String.join(", ", c.missing()) + ")";
    }
    return (c.bounded() ? "at most " : "")
        + Units.count(c.cost())
        + " replica rows/s ("
        + Units.count(c.cost() / (fanout.replicas(p, c.table().name()) * p.ratePerSecond()))
        + " rows × "
        + fanout.replicas(p, c.table().name())
        + " replicas × "
        + Units.count(p.ratePerSecond())
        + "/s"
        + (c.missing().isEmpty() ? "" : ", the join's lookups included")
        + ")";
  }

  /** Returns table {@code t} as a candidate that cannot serve {@code p}, and why. */
  private static Candidate cannotServe(
      AccessPattern p, BoundTable t, List<String> missing, String why) {
    return new Candidate(
        t,
        new CassandraPlan(
            p,
            CassandraAccess.NOT_SERVED,
            List.of(t.name()),
            Estimate.UNKNOWN,
            Estimate.UNKNOWN,
            false,
            List.of(why)),
        missing);
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
    // Keyed by the column each restricted attribute is stored in (BoundTable#columnOf).
    r.where().forEach(c -> where.putIfAbsent(t.columnOf(c.attribute()), c));
    Optional<Operation.Order> ann = r.orderBy().stream().filter(Operation.Order::ann).findFirst();
    if (ann.isPresent()) {
      return nearest(p, r, t, where, t.columnOf(ann.get().attribute()));
    }
    CassandraSizing size = sizing.get(t.name());
    List<String> notes = new ArrayList<>();
    double partitions = 1;
    boolean keyed = true;
    boolean walk = false;
    for (String k : t.partitionKey()) {
      Optional<Derived> d = t.derived(k);
      if (d.isPresent() && d.get().isTimeBucket()) {
        Condition on = where.get(t.columnOf(d.get().of().orElse("")));
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
        r.select().stream().filter(a -> t.column(a).isEmpty()).collect(Collectors.toList());
    for (Condition c : where.values()) {
      if (t.column(c.attribute()).isEmpty() && !isDerivedSource(t, c.attribute())) {
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
    // Share of a partition's rows that indexed restrictions leave: SAI (and a 2i given the
    // partition key) reads only the matching rows of the partition.
    double typicalMatch = 1;
    double busiestMatch = 1;
    List<String> usedIndexes = new ArrayList<>();
    for (Condition c : where.values()) {
      if (t.partitionKey().contains(t.columnOf(c.attribute()))
          || isDerivedSource(t, c.attribute())) {
        continue;
      }
      int pos = indexOf(cc, t.columnOf(c.attribute()));
      Optional<SecondaryIndex> index = pos < 0 ? indexFor(t, c) : Optional.empty();
      if (index.isPresent()) {
        usedIndexes.add(index.get().name());
        double[] share = matchShare(p, t, c);
        typicalMatch *= share[0];
        busiestMatch *= share[1];
        notes.add(
            "the "
                + kindText(index.get())
                + " "
                + index.get().name()
                + " keeps the rows matching "
                + c.attribute()
                + " ("
                + shareText(share[0])
                + " of them)");
        continue;
      }
      if (pos >= prefix || pos < 0) {
        if (pos < 0) {
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
      return cannotServe(
          p,
          t,
          missing,
          "order by "
              + orderText(r)
              + " does not follow the clustering order of "
              + t.name()
              + " ("
              + clusteringText(t)
              + ") or its reverse");
    }
    boolean pointRead = prefix == cc.size() && !ranged && !filtering;
    // A clustering range reads the share of the partition its width covers (range:), else all.
    String rangedOn = ranged ? cc.get(prefix - 1).name() : null;
    double rangeShare = 1;
    if (rangedOn != null) {
      long span =
          size.windowSeconds() > 0
              ? Math.min(size.windowSeconds(), size.lifetimeSeconds())
              : size.lifetimeSeconds();
      Optional<dev.keyplan.model.RangeWidth> width = p.range(rangedOn);
      rangeShare = width.map(w -> w.shareOf(span)).orElse(1.0);
      if (!r.count()) {
        notes.add(
            width.isPresent()
                ? "the range on "
                    + rangedOn
                    + " covers "
                    + Units.percent(rangeShare)
                    + " of a partition's rows ("
                    + widthText(width.get())
                    + " of "
                    + dev.keyplan.model.Quantities.formatSeconds(span)
                    + ")"
                : "the range on "
                    + rangedOn
                    + " is counted as the whole partition, an upper bound: give its width with"
                    + " range: {"
                    + rangedOn
                    + ": 30d} (or a share, 5%)");
      }
    }
    double equalShare = pointRead ? 1 : clusteringEqualityShare(r, t, where, prefix, ranged, notes);
    double typicalRows =
        pointRead ? 1 : size.typical().rows() * typicalMatch * rangeShare * equalShare;
    double busiestRows =
        pointRead ? 1 : size.busiest().rows() * busiestMatch * rangeShare * equalShare;
    double pTypical = partitions;
    double pBusiest = partitions;
    CassandraAccess access =
        partitions > 1 ? CassandraAccess.MULTI_PARTITION : CassandraAccess.SINGLE_PARTITION;
    if (walk) {
      long window = t.timeBucket().get().windowSeconds();
      double buckets = Math.max(1, Math.ceil(model.horizonSeconds() / (double) window));
      // A range of known width on the bucket's source covers that many buckets at most.
      Optional<dev.keyplan.model.RangeWidth> walked =
          t.timeBucket().get().of().flatMap(p::range).filter(w -> w.seconds().isPresent());
      if (walked.isPresent()) {
        buckets =
            Math.min(buckets, Math.ceil(walked.get().seconds().getAsLong() / (double) window));
      }
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
    return new Candidate(
        t,
        new CassandraPlan(
            p,
            access,
            List.of(t.name()),
            new Estimate(pTypical, pBusiest),
            new Estimate(typicalRows, busiestRows),
            filtering,
            notes,
            usedIndexes),
        missing);
  }

  /**
   * Returns the share of a partition's rows that the equalities on its leading clustering columns
   * keep: for each column {@code x} restricted by {@code =} (or {@code IN} with {@code k} values),
   * {@code 1 / N} (or {@code k / N}) when {@code x}'s spread says {@code per: {K: N}} for an
   * attribute K the read fixes before it (the partition key, or an earlier clustering equality): an
   * artist's partition of 10 albums' tracks, read for one album, reads a tenth of it. Without
   * {@code per:} the column's values within one partition are unknown and the read is counted as
   * the whole partition, an upper bound, said in a note with the syntax to give it.
   */
  private static double clusteringEqualityShare(
      Operation.Read r,
      BoundTable t,
      Map<String, Condition> where,
      int prefix,
      boolean ranged,
      List<String> notes) {
    java.util.Set<String> fixed = new java.util.LinkedHashSet<>();
    for (String k : t.partitionKey()) {
      if (t.derived(k).isEmpty()) {
        fixed.add(t.attributeOf(k));
      }
    }
    double share = 1;
    int equalities = ranged ? prefix - 1 : prefix;
    for (int i = 0; i < equalities; i++) {
      String column = t.clustering().get(i).name();
      String attr = t.attributeOf(column);
      Condition on = where.get(column);
      var spread = t.entity().spread().get(attr);
      // The fixed attribute with the fewest values of this one under it: the narrowest statement.
      Optional<String> of =
          spread == null
              ? Optional.empty()
              : fixed.stream()
                  .filter(spread.per()::containsKey)
                  .min(Comparator.comparingDouble(spread.per()::get));
      OptionalDouble per =
          of.isPresent() ? OptionalDouble.of(spread.per().get(of.get())) : OptionalDouble.empty();
      String anchor = fixed.isEmpty() ? "K" : fixed.iterator().next();
      fixed.add(attr);
      if (per.isEmpty()) {
        if (!r.count()) {
          notes.add(
              "the equality on "
                  + column
                  + " is counted as the whole partition, an upper bound: give "
                  + attr
                  + "'s values per partition with spread: {"
                  + attr
                  + ": {per: {"
                  + anchor
                  + ": N}}}");
        }
        continue;
      }
      double values = on.comparison() == Comparison.IN ? on.values() : 1;
      double kept = Math.min(1, values / per.getAsDouble());
      share *= kept;
      if (!r.count()) {
        notes.add(
            "the equality on "
                + column
                + " reads "
                + Units.percent(kept)
                + " of a partition's rows ("
                + (values == 1 ? "1" : Units.count(values))
                + " of "
                + Units.count(per.getAsDouble())
                + " "
                + attr
                + " per "
                + of.get()
                + ")");
      }
    }
    return share;
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
    Optional<Candidate> viaIndex = throughIndex(p, r, t, where, missing, unrestricted);
    if (viaIndex.isPresent()) {
      Candidate c = viaIndex.get();
      if (r.orderBy().isEmpty()) {
        return c;
      }
      List<String> withOrder = new ArrayList<>(c.plan().notes());
      withOrder.add(
          "Cassandra refuses the order here (\"ORDER BY with 2ndary indexes is not supported\"):"
              + " the statement leaves it out and the application sorts the rows it reads");
      CassandraPlan q = c.plan();
      return new Candidate(
          c.table(),
          new CassandraPlan(
              q.pattern(),
              q.access(),
              q.tables(),
              q.partitions(),
              q.rows(),
              q.filtersInPartition(),
              withOrder,
              q.indexes(),
              q.with()),
          c.missing(),
          c.cost(),
          c.bounded());
    }
    if (!r.orderBy().isEmpty()) {
      // CQL orders rows within a partition only: SelectStatement refuses ORDER BY on a read that
      // does not name its partitions, so the scan is made without it.
      notes.add(
          "Cassandra refuses the order here (\"ORDER BY is only supported when the partition key"
              + " is restricted by an EQ or an IN\"): the statement leaves it out and the"
              + " application sorts every row it reads");
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
   * Returns the plan of a read that restricts no partition key through the table's indexes: every
   * restriction an index serves narrows the rows (SAI intersects its indexes; a legacy index uses
   * the most selective one and filters the rest), the others are filtered (ALLOW FILTERING), and a
   * limit stops an unfiltered read early. The rows come from the spreads: {@code rows / distinct}
   * for a typical value, {@code rows × busiest share} for the busiest. Empty when no index serves a
   * restriction.
   */
  private Optional<Candidate> throughIndex(
      AccessPattern p,
      Operation.Read r,
      BoundTable t,
      Map<String, Condition> where,
      List<String> missing,
      String unrestricted) {
    CassandraSizing size = sizing.get(t.name());
    List<Condition> indexed = new ArrayList<>();
    List<SecondaryIndex> used = new ArrayList<>();
    for (Condition c : where.values()) {
      Optional<SecondaryIndex> i = indexFor(t, c);
      if (i.isPresent()) {
        indexed.add(c);
        used.add(i.get());
      }
    }
    if (indexed.isEmpty()) {
      return Optional.empty();
    }
    // A legacy index answers one restriction: Cassandra picks the most selective.
    if (used.stream().anyMatch(i -> i.kind() != SecondaryIndex.Kind.SAI)) {
      int best = 0;
      for (int k = 1; k < indexed.size(); k++) {
        if (matchShare(p, t, indexed.get(k))[0] < matchShare(p, t, indexed.get(best))[0]) {
          best = k;
        }
      }
      indexed = List.of(indexed.get(best));
      used = List.of(used.get(best));
    }
    double typical = size.rows();
    double busiest = size.rows();
    List<String> notes = new ArrayList<>();
    boolean bounded = false;
    for (Condition c : indexed) {
      double[] share = matchShare(p, t, c);
      typical *= share[0];
      busiest *= share[1];
      if (share[2] == 0 && c.comparison() != Operation.Comparison.RANGE) {
        bounded = true;
        notes.add(
            "the rows holding a value of "
                + c.attribute()
                + " are not known (no spread): counted as every row, an upper bound; declare"
                + " spread: {"
                + c.attribute()
                + ": {distinct: N}}");
      }
    }
    boolean filtering = false;
    for (Condition c : where.values()) {
      if (!indexed.contains(c)) {
        filtering = true;
        notes.add(
            "filters the indexed rows on "
                + c.attribute()
                + ", which no index of "
                + t.name()
                + " serves (ALLOW FILTERING)");
      }
    }
    if (r.limit().isPresent() && !r.count() && !filtering) {
      typical = Math.min(typical, r.limit().getAsInt());
      busiest = Math.min(busiest, r.limit().getAsInt());
    }
    String names =
        used.stream()
            .map(i -> kindText(i) + " " + i.name() + " on " + i.column())
            .collect(Collectors.joining(" and "));
    notes.add(
        0,
        "reads through the "
            + names
            + " because the partition key ("
            + unrestricted
            + ") is not restricted: the coordinator asks every token range, "
            + fanout.replicaSets(t.name())
            + " replica sets ("
            + fanout.nodes()
            + " nodes / RF "
            + fanout.localRf(t.name())
            + ") × "
            + fanout.replicas(p, t.name())
            + " replicas, each reading its local index");
    Candidate through =
        new Candidate(
            t,
            new CassandraPlan(
                p,
                CassandraAccess.SECONDARY_INDEX,
                List.of(t.name()),
                new Estimate(
                    Math.min(typical, size.partitions()), Math.min(busiest, size.partitions())),
                new Estimate(typical, busiest),
                filtering,
                notes,
                used.stream().map(SecondaryIndex::name).toList()),
            missing);
    return Optional.of(bounded ? through.boundedAbove() : through);
  }

  /**
   * Plans {@code order by ann of v limit N}: a nearest-neighbour search through an SAI index on the
   * vector column (Cassandra 5.0, "Vector search": ANN needs a storage-attached index and a limit,
   * and ranks by the index's {@code similarity_function}, COSINE by default,
   * https://cassandra.apache.org/doc/5.0/cassandra/developing/cql/indexing/sai/sai-query.html).
   * With the partition key given it searches that partition; otherwise every replica set returns
   * its own N nearest and the coordinator merges them: N × ⌈nodes / RF⌉ rows read.
   */
  private Candidate nearest(
      AccessPattern p,
      Operation.Read r,
      BoundTable t,
      Map<String, Condition> where,
      String vector) {
    List<String> missing =
        r.select().stream().filter(a -> t.table().column(a).isEmpty()).collect(Collectors.toList());
    Optional<SecondaryIndex> index =
        indexes.getOrDefault(t.name(), List.of()).stream()
            .filter(i -> i.column().equals(vector) && i.kind() == SecondaryIndex.Kind.SAI)
            .findFirst();
    if (index.isEmpty() || t.table().column(vector).isEmpty()) {
      return cannotServe(
          p,
          t,
          missing,
          "order by ann of "
              + vector
              + " needs an SAI index on "
              + t.name()
              + "."
              + vector
              + " (CREATE INDEX ON "
              + t.name()
              + " ("
              + vector
              + ") USING 'sai')");
    }
    int n = r.limit().orElse(1);
    boolean keyed =
        t.partitionKey().stream()
            .allMatch(k -> where.containsKey(k) && where.get(k).comparison() == Comparison.EQ);
    String similarity =
        index.get().options().entrySet().stream()
            .filter(e -> e.getKey().equalsIgnoreCase("similarity_function"))
            .map(e -> e.getValue().toUpperCase(java.util.Locale.ROOT))
            .findFirst()
            .orElse("COSINE (the default)");
    List<String> notes = new ArrayList<>();
    double rows = keyed ? n : (double) n * fanout.replicaSets(t.name());
    notes.add(
        "nearest "
            + n
            + " by "
            + similarity
            + " through the SAI vector index "
            + index.get().name()
            + (keyed
                ? " inside the partition"
                : ": each of "
                    + fanout.replicaSets(t.name())
                    + " replica sets ("
                    + fanout.nodes()
                    + " nodes / RF "
                    + fanout.localRf(t.name())
                    + ") × "
                    + fanout.replicas(p, t.name())
                    + " replicas returns its "
                    + n
                    + " nearest, merged by the coordinator"));
    return new Candidate(
        t,
        new CassandraPlan(
            p,
            keyed ? CassandraAccess.SINGLE_PARTITION : CassandraAccess.SECONDARY_INDEX,
            List.of(t.name()),
            keyed
                ? Estimate.same(1)
                : Estimate.same(Math.min(rows, sizing.get(t.name()).partitions())),
            Estimate.same(rows),
            false,
            notes,
            List.of(index.get().name())),
        missing);
  }

  /**
   * Returns {typical, busiest, known} share of a table's rows matching condition {@code c}: {@code
   * 1 / distinct} and the busiest value's share for {@code =} and a map entry; 1 (every row, an
   * upper bound) for a range or when the spread is not declared, with {@code known} 0 then.
   *
   * <p>A {@code CONTAINS} or {@code CONTAINS KEY} asks whether any of a row's {@code k} elements
   * (the attribute's {@code items}) is the value; the spread of a collection attribute describes
   * its elements. With elements drawn independently, a row holds a given value with probability
   * {@code 1 − (1 − s)^k}, {@code s} the value's share of the elements: a map of 4 teams among 200
   * (s = 1/200) matches 1 − (199/200)⁴ ≈ 1.99% of the rows, about 4 / 200, not 1 / 200.
   */
  private double[] matchShare(AccessPattern p, BoundTable t, Condition c) {
    if (c.comparison() == Operation.Comparison.RANGE) {
      var width = p.range(c.attribute());
      double share = width.map(w -> w.shareOf(sizing.get(t.name()).lifetimeSeconds())).orElse(1.0);
      return new double[] {share, share, width.isPresent() ? 1 : 0};
    }
    if (c.comparison() == Operation.Comparison.IN) {
      return new double[] {1, 1, 0};
    }
    double rows = Math.max(1, sizing.get(t.name()).rows());
    var distinct = KeySpread.distinct(t.entity(), c.attribute(), rows);
    var busiest = KeySpread.rowShare(t.entity(), c.attribute(), rows);
    double typical = distinct.isPresent() ? 1 / Math.max(1, distinct.getAsDouble()) : 1;
    double top = busiest.orElse(typical);
    boolean known = distinct.isPresent() || busiest.isPresent();
    if (c.comparison() == Operation.Comparison.CONTAINS
        || c.comparison() == Operation.Comparison.CONTAINS_KEY) {
      int k = t.entity().attribute(c.attribute()).map(a -> Math.max(1, a.items())).orElse(1);
      typical = 1 - Math.pow(1 - typical, k);
      top = 1 - Math.pow(1 - top, k);
    }
    // A sparse attribute's spread describes the rows that hold it; the index holds only those
    // (Cassandra indexes no cell that was not written), so a value matches present × its share.
    double present = t.entity().attribute(c.attribute()).map(Attribute::present).orElse(1.0);
    return new double[] {present * typical, present * top, known ? 1 : 0};
  }

  private static String widthText(dev.keyplan.model.RangeWidth w) {
    return w.seconds().isPresent()
        ? dev.keyplan.model.Quantities.formatSeconds(w.seconds().getAsLong())
        : Units.percent(w.share().getAsDouble());
  }

  private static String kindText(SecondaryIndex i) {
    return switch (i.kind()) {
      case SAI -> "SAI index";
      case LEGACY -> "secondary index";
      case CUSTOM -> "custom index";
    };
  }

  private static String shareText(double share) {
    return share >= 1 ? "all" : "1 in " + Units.count(1 / share);
  }

  /**
   * Returns a join plan for a read whose best table lacks some selected attributes, or not served.
   */
  private CassandraPlan join(AccessPattern p, Candidate best) {
    Joins joins = joins(best.table(), best.missing());
    if (joins.unsupplied().isPresent()) {
      return notServed(
          p,
          best.table().name()
              + " serves the restriction but lacks "
              + joins.unsupplied().get()
              + ", and no table holding it can be looked up from "
              + best.table().name()
              + "'s columns");
    }
    List<String> second = joins.tables();
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
        notes,
        first.indexes());
  }

  /**
   * The tables a read joins to supply the attributes its table lacks, each named once in order of
   * first need; or the first attribute no table can supply, when one cannot be.
   */
  private record Joins(List<String> tables, Optional<String> unsupplied) {}

  /** Returns the joins that supply {@code missing} to rows of {@code from}. */
  private Joins joins(BoundTable from, List<String> missing) {
    List<String> tables = new ArrayList<>();
    for (String a : missing) {
      Optional<BoundTable> t = lookupTable(from, a);
      if (t.isEmpty()) {
        return new Joins(List.of(), Optional.of(a));
      }
      if (!tables.contains(t.get().name())) {
        tables.add(t.get().name());
      }
    }
    return new Joins(List.copyOf(tables), Optional.empty());
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
      if (t.column(column).isPresent()
          && t.partitionKey().stream().allMatch(k -> from.column(t.attributeOf(k)).isPresent())) {
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
                    && t.column(attribute).isEmpty());
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
        r.orderBy()
                .get(0)
                .attribute()
                .equals(prefix < cc.size() ? t.attributeOf(cc.get(prefix).name()) : "")
            ? prefix
            : 0;
    for (int i = 0; i < r.orderBy().size(); i++) {
      int pos = start + i;
      if (pos >= cc.size()
          || !t.attributeOf(cc.get(pos).name()).equals(r.orderBy().get(i).attribute())) {
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
