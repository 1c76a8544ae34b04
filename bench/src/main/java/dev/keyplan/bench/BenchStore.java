package dev.keyplan.bench;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A store's side of the check benchmark ({@link CheckBenchmark}, {@link BenchmarkReport}, {@link
 * PhaseProfile}): its generated models, how they are validated, the schema parsing of the
 * parse-only baseline and the analysis {@code keyplan check} runs. Everything else (the model YAML,
 * the rules through {@code Checker}, the timing and the tables) is the same for every store and
 * lives in the neutral classes.
 *
 * <p>One implementation per store, in its bench package ({@code dev.keyplan.<store>.bench}), found
 * with {@link ServiceLoader} through {@code META-INF/services/dev.keyplan.bench.BenchStore}: the
 * neutral benchmark classes name no store, as the core's spine reaches its stores only through
 * {@code Stores}. An implementation needs a public no-argument constructor and holds no state.
 */
public interface BenchStore {
  /** The store's id: the value of CheckBenchmark's {@code store} parameter and a report heading. */
  StoreId store();

  /**
   * The names of the report's columns that size a model beside its patterns, such as {@code
   * tables}; {@link #sizes} gives their values.
   */
  List<String> sizeColumns();

  /**
   * The values of {@link #sizeColumns} for the benchmark model of {@code patterns} patterns,
   * computed without generating it.
   */
  List<Long> sizes(int patterns);

  /**
   * Generates the benchmark model of {@code patterns} patterns and validates it, once and outside
   * any timing: throws {@link IllegalStateException}, failing the JMH trial loudly, unless it
   * parses, binds, has exactly the patterns asked for and gives every way of serving a pattern and
   * every rule of the store something to do.
   */
  BenchModel model(int patterns);

  /**
   * The model {@link #model} returns, generated but not validated: for {@link PhaseProfile}, a
   * diagnostic that still times a model which no longer exercises every rule (a rule added after
   * the generator, a plan that changed kind) and says so, where the benchmark must fail.
   */
  BenchModel unvalidated(int patterns);

  /**
   * The parse-only baseline's work beyond the model YAML: parses {@code model}'s schema files from
   * memory into {@code bh}. Nothing for a store without schema files.
   */
  void parseSchemas(BenchModel model, Blackhole bh);

  /**
   * Returns the store's analysis of {@code model} (read from {@code generated}), as {@code keyplan
   * check} computes it, but with the schema files parsed from memory instead of the disk.
   */
  StoreAnalysis analyze(Model model, BenchModel generated);

  /**
   * {@link #analyze} for {@link PhaseProfile}: the same work, calling {@code lap} at the end of
   * each phase (schema parsing, analysis) with the phase's name.
   */
  StoreAnalysis analyze(Model model, BenchModel generated, Lap lap);

  /**
   * Ends one of {@link PhaseProfile}'s phases: the CPU time since the last lap is {@code phase}'s.
   */
  @FunctionalInterface
  interface Lap {
    void end(String phase);
  }

  /** Returns every bench store on the class path, sorted by id. */
  static List<BenchStore> all() {
    List<BenchStore> out = new ArrayList<>();
    ServiceLoader.load(BenchStore.class).forEach(out::add);
    out.sort(Comparator.comparing(BenchStore::store));
    return List.copyOf(out);
  }

  /** Returns the ids of every bench store, sorted: CheckBenchmark's {@code store} values. */
  static List<String> ids() {
    return all().stream().map(s -> s.store().id()).toList();
  }

  /** Returns the bench store of {@code id}; throws, naming the ids there are, when none has it. */
  static BenchStore named(String id) {
    return all().stream()
        .filter(s -> s.store().id().equals(id))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("store is one of " + ids() + ", not " + id));
  }
}
