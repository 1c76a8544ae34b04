package dev.keyplan.store;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cassandra.CassandraStore;
import dev.keyplan.check.Rule;
import dev.keyplan.dynamodb.DynamoDbStore;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.StoreSection;
import dev.keyplan.mongodb.MongoDbStore;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The stores keyplan knows, one line each, sorted by id: the registry the spine iterates, as
 * Caffeine's simulator {@code Registry} lists its policies. It is the composition root of the core:
 * the one spine class that names every store's plug-in, and the only way the spine reaches a store.
 *
 * <p>A registry is a value: {@link #plus} gives one with another store, for a test that plugs in a
 * store of its own.
 */
public final class Stores {
  private static final Stores BUILT_IN =
      new Stores(
          List.of(
              // keep-sorted start
              new CassandraStore(), new DynamoDbStore(), new MongoDbStore()
              // keep-sorted end
              ));

  private final List<Store<?, ?>> stores;

  private Stores(List<Store<?, ?>> stores) {
    List<Store<?, ?>> sorted = new ArrayList<>(stores);
    sorted.sort(Comparator.comparing(Store::id));
    for (int i = 1; i < sorted.size(); i++) {
      for (StoreId id : sorted.get(i).ids()) {
        for (Store<?, ?> other : sorted.subList(0, i)) {
          if (other.ids().contains(id)) {
            throw new IllegalArgumentException("two stores read '" + id.id() + ":'");
          }
        }
      }
    }
    this.stores = List.copyOf(sorted);
  }

  /** Returns the stores built into keyplan. */
  public static Stores builtIn() {
    return BUILT_IN;
  }

  /** Returns this registry with {@code store} added, in id order. */
  public Stores plus(Store<?, ?> store) {
    List<Store<?, ?>> out = new ArrayList<>(stores);
    out.add(store);
    return new Stores(out);
  }

  /** Returns every store, sorted by id. */
  public List<Store<?, ?>> all() {
    return stores;
  }

  /** Returns the section readers of every store, for the model reader. */
  public List<StoreSection> sections() {
    return List.copyOf(stores);
  }

  /**
   * Returns every id a model section may have, in the registry's order (cassandra, scylladb,
   * dynamodb, …).
   */
  public List<StoreId> ids() {
    return stores.stream().flatMap(s -> s.ids().stream()).toList();
  }

  /** Returns the id named {@code id} ({@code scylladb}), if a store reads it. */
  public Optional<StoreId> id(String id) {
    return ids().stream().filter(s -> s.id().equals(id)).findFirst();
  }

  /**
   * Returns the store that reads section {@code id}: its own id or a variant's ({@code scylladb}).
   */
  public Store<?, ?> owning(StoreId id) {
    return stores.stream()
        .filter(s -> s.ids().contains(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no store reads " + id));
  }

  /** Returns the store that reads designs like {@code design}. */
  public Store<?, ?> of(StoreDesign design) {
    return stores.stream()
        .filter(s -> s.designType().isInstance(design))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("no store reads " + design.getClass().getName()));
  }

  /** Returns the store whose analysis is of type {@code analysisType}, if one is. */
  private Optional<Store<?, ?>> ofAnalysis(Class<?> analysisType) {
    return stores.stream().filter(s -> analysisType.isAssignableFrom(s.analysisType())).findFirst();
  }

  /**
   * Returns the ids of the stores whose analyses are of one of {@code analysisTypes}, in the
   * registry's order: each store's own id ({@code cassandra} for a rule on Cassandra and ScyllaDB).
   */
  public List<StoreId> reading(List<Class<?>> analysisTypes) {
    return stores.stream()
        .filter(s -> analysisTypes.stream().anyMatch(t -> t.isAssignableFrom(s.analysisType())))
        .map(Store::id)
        .toList();
  }

  /**
   * Runs {@code analysis} on its store's simulator with every store option at its default; empty
   * when keyplan does not simulate that store.
   */
  public Optional<SimulationResult> simulate(
      StoreAnalysis analysis,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    return ofAnalysis(analysis.getClass())
        .flatMap(s -> run(s, analysis, settings, trace, progress));
  }

  private static <A extends StoreAnalysis> Optional<SimulationResult> run(
      Store<?, A> store,
      StoreAnalysis analysis,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    return store
        .simulator()
        .map(s -> s.run(store.analysisType().cast(analysis), settings, trace, progress));
  }

  /**
   * Returns every store's parts of {@code rule}, a rule over several stores, in the registry's
   * order.
   */
  public List<Rule.OnStore<?>> ruleParts(Class<? extends Rule.OnStores> rule) {
    List<Rule.OnStore<?>> out = new ArrayList<>();
    stores.forEach(s -> out.addAll(s.ruleParts(rule)));
    return out;
  }

  /** Analyses every design of {@code model}, in the model's order. */
  public List<StoreAnalysis> analyze(Model model) {
    List<StoreAnalysis> out = new ArrayList<>();
    for (StoreDesign d : model.designs()) {
      out.add(of(d).analyze(model));
    }
    return out;
  }
}
