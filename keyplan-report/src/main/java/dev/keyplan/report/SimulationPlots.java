package dev.keyplan.report;

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
public final class SimulationPlots {
  private SimulationPlots() {}

  /**
   * One chart.
   *
   * @param subjects which series subjects are lines, given the whole result
   * @param total the unit of the column's sum over the run ("WCU"), or null when a sum means
   *     nothing
   * @param limit the engine's ceiling for one subject, drawn across the chart, or null
   */
  public record Plot(
      String column,
      String title,
      DoubleFunction<String> format,
      Subjects subjects,
      String total,
      SeriesChart.Limit limit) {
    public Plot(
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
  public interface Subjects {
    Predicate<String> of(SimulationResult r);
  }

  /** Every subject of the series. */
  public static final Subjects ALL = r -> s -> true;

  public static final DoubleFunction<String> RATE = Units::rate;
  public static final DoubleFunction<String> BYTES = Units::bytes;
  public static final DoubleFunction<String> GB = v -> Units.bytes(v * 1e9);
  public static final DoubleFunction<String> COUNT = Units::count;

  /**
   * Returns the charts for {@code r}'s store, in page order: the store's own ({@link
   * StoreReport#simulationPlots}), else every column over every subject.
   */
  static List<Plot> of(SimulationResult r) {
    List<Plot> own = StoreReports.simulationPlots(r.store());
    if (!own.isEmpty()) {
      return own;
    }
    List<Plot> out = new ArrayList<>();
    for (String c : r.series().columns()) {
      out.add(new Plot(c, c, v -> SimulationText.cell(c, v), ALL, null));
    }
    return out;
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

  /** Formats a count followed by {@code unit}. */
  public static DoubleFunction<String> units(String unit) {
    return v -> Units.count(v) + " " + unit;
  }

  /**
   * Returns {@code copy:second} for every row of table {@code id}, its {@code copy} and {@code
   * second} columns.
   */
  public static Set<String> pairs(SimulationResult r, String id, String second) {
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
