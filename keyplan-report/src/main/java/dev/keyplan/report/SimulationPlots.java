package dev.keyplan.report;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;
import java.util.function.Predicate;

/**
 * Which of a simulation's series columns the report draws, over which subjects, titled and in what
 * unit. The columns are each simulator's own (docs/simulate.md, simulate-dynamodb.md,
 * simulate-mongodb.md); a column left out here is still in {@code simulate --format json|csv}:
 * DynamoDB's per-second peaks (the interval's busiest second, which the consumed line already shows
 * averaged), MongoDB's jumbo count, broadcast writes and migrations (the findings, the chunks table
 * and the events say them). A store this class does not know gets every column over every subject,
 * titled by the column's name.
 */
final class SimulationPlots {
  private SimulationPlots() {}

  /**
   * One chart.
   *
   * @param subjects which series subjects are lines, given the whole result
   * @param total the unit of the column's sum over the run ("WCU"), or null when a sum means
   *     nothing
   * @param limit the engine's ceiling for one subject, drawn across the chart, or null
   */
  record Plot(
      String column,
      String title,
      DoubleFunction<String> format,
      Subjects subjects,
      String total,
      SeriesChart.Limit limit) {
    Plot(
        String column,
        String title,
        DoubleFunction<String> format,
        Subjects subjects,
        String total) {
      this(column, title, format, subjects, total, null);
    }
  }

  /**
   * Picks the subjects of one chart from the result (DynamoDB's rows mix copies, partitions and
   * keys).
   */
  interface Subjects {
    Predicate<String> of(SimulationResult r);
  }

  private static final Subjects ALL = r -> s -> true;

  /**
   * DynamoDB's partition rows are named {@code copy:partition}, the pairs of its partitions table.
   */
  private static final Subjects PARTITIONS = r -> pairs(r, "partitions", "partition")::contains;

  /** DynamoDB's table and index rows are named by the copy alone, as in its copies table. */
  private static final Subjects COPIES =
      r -> {
        Set<String> copies = new HashSet<>();
        r.tables().stream()
            .filter(t -> t.id().equals("copies"))
            .forEach(
                t ->
                    t.rows()
                        .forEach(
                            row ->
                                copies.add(String.valueOf(row.get(t.columns().indexOf("copy"))))));
        return copies::contains;
      };

  private static final DoubleFunction<String> RATE = Units::rate;
  private static final DoubleFunction<String> BYTES = Units::bytes;
  private static final DoubleFunction<String> GB = v -> Units.bytes(v * 1e9);
  private static final DoubleFunction<String> COUNT = Units::count;

  /** Returns the charts for {@code r}'s store, in page order. */
  static List<Plot> of(SimulationResult r) {
    return switch (r.store()) {
      case "cassandra", "scylladb" ->
          List.of(
              new Plot(
                  "coordinator_ops", "Requests each node coordinates, per second", RATE, ALL, null),
              new Plot("replica_reads", "Replica reads on each node, per second", RATE, ALL, null),
              new Plot(
                  "replica_writes", "Replica writes on each node, per second", RATE, ALL, null),
              new Plot(
                  "bytes",
                  "Data on each node at each interval's end (before compression)",
                  BYTES,
                  ALL,
                  null));
      case "dynamodb" ->
          List.of(
              new Plot(
                  "consumed_wcu_per_s",
                  "Write units consumed per partition, per second",
                  units("WCU/s"),
                  PARTITIONS,
                  "WCU",
                  ceiling(DynamoDbLimits.MAX_WCU_PER_PARTITION, "WCU/s")),
              new Plot(
                  "throttled_wcu_per_s",
                  "Write units throttled per partition, per second",
                  units("WCU/s"),
                  PARTITIONS,
                  "WCU"),
              new Plot(
                  "consumed_rcu_per_s",
                  "Read units consumed per partition, per second",
                  units("RCU/s"),
                  PARTITIONS,
                  "RCU",
                  ceiling(DynamoDbLimits.MAX_RCU_PER_PARTITION, "RCU/s")),
              new Plot(
                  "throttled_rcu_per_s",
                  "Read units throttled per partition, per second",
                  units("RCU/s"),
                  PARTITIONS,
                  "RCU"),
              new Plot(
                  "burst_wcu",
                  "Write burst capacity left in each table and index",
                  units("WCU"),
                  COPIES,
                  null),
              new Plot(
                  "burst_rcu",
                  "Read burst capacity left in each table and index",
                  units("RCU"),
                  COPIES,
                  null),
              new Plot("size_gb", "Data per partition", GB, PARTITIONS, null));
      case "mongodb" ->
          List.of(
              new Plot("data_bytes", "Data on each shard at each interval's end", BYTES, ALL, null),
              new Plot("chunks", "Chunks on each shard", COUNT, ALL, null),
              new Plot("inserts_per_s", "Inserts on each shard, per second", RATE, ALL, "inserts"),
              new Plot(
                  "writes_per_s",
                  "Writes on each shard (targeted, and broadcast ones that found their document), per second",
                  RATE,
                  ALL,
                  "writes"),
              new Plot(
                  "reads_targeted_per_s",
                  "Targeted reads on each shard, per second",
                  RATE,
                  ALL,
                  "reads"),
              new Plot(
                  "reads_broadcast_per_s",
                  "Broadcast (scatter-gather) reads reaching each shard, per second",
                  RATE,
                  ALL,
                  "reads"));
      default -> {
        List<Plot> out = new ArrayList<>();
        for (String c : r.series().columns()) {
          out.add(new Plot(c, c, v -> SimulationText.cell(c, v), ALL, null));
        }
        yield out;
      }
    };
  }

  /**
   * A partition's hard ceiling, which adaptive capacity never lends past (simulate-dynamodb.md).
   */
  private static SeriesChart.Limit ceiling(int units, String unit) {
    return new SeriesChart.Limit("partition ceiling " + Units.count(units) + " " + unit, units);
  }

  /**
   * Event kinds worth a vertical line on every chart of the run, with their label: the moments the
   * lines change course. Only the first of each kind is drawn; a run may split or migrate many
   * times.
   */
  private static final Map<String, String> MARKED =
      Map.of(
          "burst-exhausted",
          "burst spent",
          "jumbo",
          "chunk jumbo",
          "jumbo-only",
          "balancer stuck",
          "balanced",
          "balanced");

  /** Returns the first event of each marked kind, in time order. */
  static List<SeriesChart.Marker> markers(SimulationResult r) {
    Map<String, SeriesChart.Marker> first = new LinkedHashMap<>();
    for (SimulationResult.Event e : r.events()) {
      if (MARKED.containsKey(e.kind())) {
        first.putIfAbsent(e.kind(), new SeriesChart.Marker(e.second(), MARKED.get(e.kind())));
      }
    }
    return List.copyOf(first.values());
  }

  private static DoubleFunction<String> units(String unit) {
    return v -> Units.count(v) + " " + unit;
  }

  /**
   * Returns {@code copy:second} for every row of table {@code id}, its {@code copy} and {@code
   * second} columns.
   */
  private static Set<String> pairs(SimulationResult r, String id, String second) {
    Set<String> out = new HashSet<>();
    for (SimulationResult.Table t : r.tables()) {
      if (t.id().equals(id)) {
        int a = t.columns().indexOf("copy");
        int b = t.columns().indexOf(second);
        t.rows().forEach(row -> out.add(row.get(a) + ":" + row.get(b)));
      }
    }
    return out;
  }
}
