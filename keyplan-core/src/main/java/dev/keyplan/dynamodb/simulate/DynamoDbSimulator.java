package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import dev.keyplan.simulate.WorkBudget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Simulates a model's DynamoDB design on DynamoDB's partition map, second by second: each table and
 * each of its global indexes is a copy of the data with its own partitions and throughput; a copy
 * starts with the partitions its capacity and size need, serves each partition at most 3,000 RCU
 * and 1,000 WCU a second, lends unused provisioned capacity to hot partitions at once (adaptive
 * capacity), spends up to 300 s of unused capacity on demand above its provisioned rate (burst
 * capacity), or on demand follows twice its previous peak; partitions split at 10 GB and, when
 * their demand stays over a ceiling, for heat, isolating hot keys. docs/simulate-dynamodb.md says
 * how, with the sources; each class cites its own.
 *
 * <p>The workload is the analysis's ({@link DynamoDbAnalyzer}): every pattern's requests with their
 * units on every copy, spread over the key values by the model's spreads ({@link WorkloadPlanner});
 * or a {@link Trace} replayed on one table. Deterministic: everything random comes from {@code new
 * SplittableRandom(settings.seed())}, so the same model, setup and seed give the same run.
 */
public final class DynamoDbSimulator {
  /** Traced keys tracked one by one (or the setup's hot keys, if more): the others land by hash. */
  static final int TRACE_TRACKED = 100;

  private DynamoDbSimulator() {}

  /**
   * Runs the simulation.
   *
   * @throws IllegalArgumentException when the setup names a table the design does not have
   */
  public static DynamoDbRun run(
      DynamoDbAnalysis analysis,
      DynamoDbSetup setup,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    List<DynamoDbTable> tables = tables(analysis, setup, trace.isPresent());
    SplittableRandom random = new SplittableRandom(settings.seed());
    List<CopySpec> specs = new ArrayList<>();
    List<Arrivals> arrivals = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (DynamoDbTable t : tables) {
      List<KeyPath> paths = new ArrayList<>();
      paths.add(t.table());
      if (trace.isEmpty()) {
        paths.addAll(t.gsis());
      }
      for (KeyPath path : paths) {
        CopyWorkload workload = WorkloadPlanner.plan(analysis, t, path);
        if (trace.isPresent()) {
          List<KeyLoad> keys = traceKeys(trace.get(), workload, t, setup);
          Map<String, Integer> index = new LinkedHashMap<>();
          for (int k = 0; k < keys.size(); k++) {
            index.putIfAbsent(keys.get(k).name(), k);
          }
          specs.add(CopySpecs.of(analysis, t, path, setup, workload, keys));
          arrivals.add(new TraceArrivals(trace.get(), index, setup.traceReads()));
        } else {
          specs.add(CopySpecs.of(analysis, t, path, setup, workload, workload.keys()));
          arrivals.add(new GeneratedArrivals(workload, settings.mode()));
        }
      }
    }
    trace.ifPresent(tr -> notes.addAll(TraceNotes.of(tr, tables.get(0), settings)));
    // Refused before the loop starts: each second every copy (table or global index) serves each
    // tracked key and its tail, and visits each partition, or (exact) each request; the series'
    // subjects are each copy, its partitions and its reported keys. Partitions are counted at the
    // most the run can split them to (PartitionForecast), not at the start: a copy that starts
    // with 4 can end with 16,000.
    double keys = 0;
    double ops = 0;
    int subjects = 0;
    for (CopySpec spec : specs) {
      int partitions =
          PartitionForecast.of(
              spec, setup, settings.durationSeconds(), trace.isPresent(), specs.size());
      keys += spec.keys().size() + 1.0 + partitions;
      ops += partitions;
      for (KeyLoad k : spec.keys()) {
        ops += k.readOps() + k.writeOps();
      }
      ops += spec.tail().readOps() + spec.tail().writeOps();
      subjects += 1 + partitions + Math.min(spec.keys().size(), setup.hotKeys());
    }
    WorkBudget.admit(
        settings,
        WorkBudget.estimate(settings, settings.durationSeconds(), keys, ops, subjects),
        progress);
    ProgressClock clock = new ProgressClock(progress, settings.durationSeconds() * specs.size());
    List<CopyRun> copies = new ArrayList<>();
    List<SimulationResult.Series.Row> rows = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      CopySimulation sim =
          new CopySimulation(
              specs.get(i),
              arrivals.get(i),
              setup,
              settings,
              random.split(),
              WorkBudget.MAX_RUN_BYTES / WorkBudget.ROW_BYTES / specs.size(),
              PartitionForecast.cap(specs.get(i), specs.size()));
      copies.add(sim.run(clock));
      rows.addAll(sim.rows());
      notes.addAll(specs.get(i).notes());
      notes.addAll(sim.notes());
    }
    SimulationResult result =
        ResultView.of(analysis.model(), setup, settings, trace, copies, rows, notes);
    return new DynamoDbRun(result, copies);
  }

  private static List<DynamoDbTable> tables(
      DynamoDbAnalysis analysis, DynamoDbSetup setup, boolean traced) {
    if (setup.table().isPresent()) {
      String name = setup.table().get();
      return List.of(
          analysis
              .table(name)
              .orElseThrow(
                  () ->
                      new dev.keyplan.simulate.SetupException(
                          "no table "
                              + name
                              + " in the model's dynamodb: section; it has "
                              + String.join(
                                  ", ",
                                  analysis.tables().stream().map(DynamoDbTable::name).toList()))));
    }
    if (analysis.tables().isEmpty()) {
      throw new dev.keyplan.simulate.SetupException(
          "the model's dynamodb: section has no table to simulate");
    }
    return traced ? List.of(analysis.tables().get(0)) : analysis.tables();
  }

  /**
   * Returns the keys a trace replay tracks: its busiest keys first, then the model's tracked keys
   * (for their sizes), each traced key taking its rows from the model's key of the same name.
   */
  private static List<KeyLoad> traceKeys(
      Trace trace, CopyWorkload workload, DynamoDbTable table, DynamoDbSetup setup) {
    Map<String, KeyLoad> model = new LinkedHashMap<>();
    workload.keys().forEach(k -> model.put(k.name(), k));
    boolean oneItem = table.sortKey().isEmpty();
    boolean lsi = !table.lsis().isEmpty();
    String because = oneItem ? "it is one item" : lsi ? "the table has a local index" : "";
    List<KeyLoad> out = new ArrayList<>();
    for (String name :
        TraceArrivals.busiest(
            trace, Math.max(TRACE_TRACKED, setup.hotKeys()), setup.traceReads())) {
      KeyLoad m = model.remove(name);
      out.add(
          m != null
              ? new KeyLoad(
                  name,
                  m.start(),
                  m.divisibleForSize(),
                  m.divisibleForHeat(),
                  m.indivisibleBecause(),
                  0,
                  0,
                  0,
                  0,
                  m.size())
              : new KeyLoad(
                  name,
                  HashSpace.start(name),
                  !oneItem && !lsi,
                  !oneItem && !lsi,
                  because,
                  0,
                  0,
                  0,
                  0,
                  List.of()));
    }
    for (KeyLoad m : model.values()) {
      out.add(
          new KeyLoad(
              m.name(),
              m.start(),
              m.divisibleForSize(),
              m.divisibleForHeat(),
              m.indivisibleBecause(),
              0,
              0,
              0,
              0,
              m.size()));
    }
    return out;
  }
}
