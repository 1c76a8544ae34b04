package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Model;
import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The store-neutral view of a DynamoDB run: settings, findings (most important first), the copies,
 * partitions and hot keys tables, every event in time order, the time series and the notes.
 */
final class ResultView {
  private ResultView() {}

  /** The approximations every run makes, said plainly. */
  static final List<String> APPROXIMATIONS =
      List.of(
          "DynamoDB's hash function is not published: partition key values are placed by MD5 of their text",
          "burst capacity is one bucket per table and kind of unit (300 s of provisioned capacity), as AWS re:Post counts it;"
              + " the guide says partitions keep it",
          "adaptive capacity lends unused provisioned capacity to hot partitions at once, never past 3,000 RCU or 1,000 WCU;"
              + " when the table is short, partitions above their share are throttled in proportion to their excess",
          "on demand, a second's consumption becomes the previous peak 30 minutes later; reads and writes have separate"
              + " limits (AWS allows 'any linear combination' of a new table's 12,000 RRU and 4,000 WRU)",
          "a partition splits for heat after a whole window above its ceiling, at the point that best isolates its hot keys;"
              + " AWS publishes neither the delay nor the threshold",
          "throttling on a global index is reported on the index; the table's writes it would also refuse are not",
          "throttled requests are not retried");

  static SimulationResult of(
      Model model,
      DynamoDbSetup setup,
      SimulationSettings settings,
      Optional<Trace> trace,
      List<CopyRun> copies,
      List<SimulationResult.Series.Row> rows,
      List<String> notes) {
    List<String> findings = new ArrayList<>();
    copies.forEach(c -> findings.addAll(CopyFindings.of(c)));
    List<SimulationResult.Event> events = new ArrayList<>();
    copies.forEach(c -> events.addAll(c.events()));
    events.sort(Comparator.comparingLong(SimulationResult.Event::second));
    List<String> allNotes = new ArrayList<>(new LinkedHashSet<>(notes));
    allNotes.add(
        settings.mode() == SimulationSettings.Mode.AGGREGATE
            ? "aggregate mode: each tracked key's operations are a Poisson count per second; the untracked values take their"
                + " expected units, spread over the partitions by range"
            : "exact mode: each tracked key's operations are a Poisson count per second and each untracked operation is placed"
                + " on its own");
    allNotes.addAll(APPROXIMATIONS);
    return new SimulationResult(
        "dynamodb",
        settings(model, setup, settings, trace),
        findings,
        List.of(
            ResultTables.copies(copies),
            ResultTables.partitions(copies),
            ResultTables.hotKeys(copies, settings)),
        events,
        new SimulationResult.Series("copy, partition or key", SeriesColumns.NAMES, rows),
        allNotes);
  }

  private static List<SimulationResult.Setting> settings(
      Model model, DynamoDbSetup setup, SimulationSettings settings, Optional<Trace> trace) {
    List<SimulationResult.Setting> s = new ArrayList<>();
    s.add(new SimulationResult.Setting("model", model.file()));
    s.add(new SimulationResult.Setting("seed", Long.toString(settings.seed())));
    s.add(new SimulationResult.Setting("duration", settings.durationSeconds() + " s"));
    s.add(new SimulationResult.Setting("interval", settings.intervalSeconds() + " s"));
    s.add(new SimulationResult.Setting("mode", settings.mode().name().toLowerCase(Locale.ROOT)));
    s.add(new SimulationResult.Setting("trace", trace.map(Trace::file).orElse("none")));
    s.add(
        new SimulationResult.Setting(
            "capacity",
            setup.capacity().map(DynamoDbSetup.CapacityMode::label).orElse("as the design says")));
    s.add(
        new SimulationResult.Setting(
            "table", setup.table().orElse(trace.isPresent() ? "the first" : "every table")));
    s.add(
        new SimulationResult.Setting(
            "burst full at start", Boolean.toString(setup.burstFullAtStart())));
    s.add(
        new SimulationResult.Setting(
            "partitions",
            setup.partitions().isPresent()
                ? Integer.toString(setup.partitions().getAsInt())
                : "from capacity and size"));
    s.add(new SimulationResult.Setting("heat split after", setup.heatSplitSeconds() + " s"));
    s.add(
        new SimulationResult.Setting(
            "heat split share", Units.percent(setup.heatSplitShare()) + " of the ceiling"));
    s.add(
        new SimulationResult.Setting(
            "on-demand previous peak",
            Units.count(setup.onDemandPeakRead())
                + " RRU / "
                + Units.count(setup.onDemandPeakWrite())
                + " WRU"));
    s.add(
        new SimulationResult.Setting(
            "traced reads", setup.traceReads().name().toLowerCase(Locale.ROOT)));
    s.add(new SimulationResult.Setting("hot keys", Integer.toString(setup.hotKeys())));
    return s;
  }

  /** Returns a second for a table cell, or {@code -} when it never happened. */
  static Object second(OptionalLong s) {
    return s.isPresent() ? (Object) s.getAsLong() : "-";
  }
}
