package dev.keyplan.check;

import dev.keyplan.analysis.StoreAnalysis;
import java.util.List;

/**
 * A rule: one class, named by its id, with its metadata in {@link RuleSpec}. As Error Prone's
 * {@code BugChecker} declares the tree nodes it matches through nested matcher interfaces, a rule
 * declares the analyses it reads through the kind it implements: {@link OnStore} for one store's
 * analysis (each store names its own, such as {@code CassandraRule}), {@link OnStores} for a rule
 * with a part per store. The {@link Checker} runs each part on the analyses of its type, so a store
 * plugged in later brings rules of its own without an edit here.
 */
public sealed interface Rule permits Rule.OnStore, Rule.OnStores {

  /** A rule over the analyses of one type. */
  non-sealed interface OnStore<A extends StoreAnalysis> extends Rule {
    /** The analysis type this rule reads. */
    Class<A> analysisType();

    /**
     * Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well.
     */
    void check(A analysis, Findings out);
  }

  /** A rule that checks several stores, each with a part of its own. */
  non-sealed interface OnStores extends Rule {
    /** One part per analysis type the rule reads. */
    List<OnStore<?>> parts();
  }

  /** Returns the parts of {@code rule}: itself for a one-store rule. */
  static List<OnStore<?>> partsOf(Rule rule) {
    if (rule instanceof OnStore<?> one) {
      return List.of(one);
    }
    return ((OnStores) rule).parts();
  }
}
