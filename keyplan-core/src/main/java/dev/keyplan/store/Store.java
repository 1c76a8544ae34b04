package dev.keyplan.store;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Rule;
import dev.keyplan.emit.Emitter;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.StoreSection;
import dev.keyplan.simulate.StoreSimulator;
import java.util.List;
import java.util.Optional;

/**
 * A store plugged into keyplan: what it reads from a model and how it analyses it. One class per
 * store at the root of its package ({@code dev.keyplan.cassandra.CassandraStore}), listed once in
 * {@link Stores}; the spine (model reader, check, renderers, CLI) iterates the registry and names
 * no store.
 *
 * @param <D> the store's design, as its section reads it
 * @param <A> the store's analysis of that design, which its rules, renderers, simulator and
 *     verifier read
 */
public interface Store<D extends StoreDesign, A extends StoreAnalysis> extends StoreSection {
  /** The store's own id; {@link #ids()} may add variants it also reads (ScyllaDB for Cassandra). */
  StoreId id();

  @Override
  default List<StoreId> ids() {
    return List.of(id());
  }

  /** The type of the store's design record. */
  Class<D> designType();

  /** The type of the store's analysis. */
  Class<A> analysisType();

  /** Analyses the model's design of this store, which the model has. */
  A analyze(Model model);

  /** The rules over this store's designs alone, sorted by id ({@code BuiltInRules} adds them). */
  default List<Class<? extends Rule>> rules() {
    return List.of();
  }

  /**
   * The store's parts of {@code rule}, a rule over several stores ({@code PatternNotServed}): each
   * store checks its own analyses, under the rule's id.
   */
  default List<Rule.OnStore<A>> ruleParts(Class<? extends Rule.OnStores> rule) {
    return List.of();
  }

  /** The store's targets of {@code keyplan emit}, in the order its help lists them. */
  default List<Emitter<A>> emitters() {
    return List.of();
  }

  /**
   * The store's designers, one per store id that {@code keyplan design} proposes designs for (issue
   * 20); empty when it proposes none.
   */
  default List<dev.keyplan.designer.Designer> designers() {
    return List.of();
  }

  /** The store's partitioning engine, if keyplan simulates it. */
  default Optional<StoreSimulator<A>> simulator() {
    return Optional.empty();
  }
}
