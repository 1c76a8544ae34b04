package dev.keyplan.check;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of {@code keyplan check}: each store's analysis, in the model's order, and every
 * finding, in a stable order. Built once and handed on: renderers, simulators and verifiers read
 * the analyses here rather than analysing again. Nothing here prints.
 */
public record CheckResult(Model model, List<StoreAnalysis> analyses, List<Finding> findings) {

  public CheckResult {
    analyses = List.copyOf(analyses);
    findings = List.copyOf(findings);
  }

  /** Analyses every store design in {@code model} and runs the built-in rules on each. */
  public static CheckResult of(Model model) {
    return of(model, Stores.builtIn(), Checker.builtIn());
  }

  /** Analyses every store design in {@code model} and runs {@code checker}'s rules on each. */
  public static CheckResult of(Model model, Checker checker) {
    return of(model, Stores.builtIn(), checker);
  }

  /**
   * Analyses every design of {@code model} with the stores of {@code stores} and runs {@code
   * checker}.
   */
  public static CheckResult of(Model model, Stores stores, Checker checker) {
    if (model.designs().isEmpty()) {
      List<String> keys =
          stores.ids().stream().map(StoreId::id).map(id -> "'" + id + ":'").toList();
      throw new InputException(
          model.location(),
          "nothing to check: the model has no store design;"
              + " add a "
              + String.join(", ", keys.subList(0, keys.size() - 1))
              + " or "
              + keys.get(keys.size() - 1)
              + " section");
    }
    List<StoreAnalysis> analyses = stores.analyze(model);
    List<Finding> findings = new ArrayList<>();
    analyses.forEach(a -> findings.addAll(checker.check(a)));
    findings.sort(Checker.ORDER);
    return new CheckResult(model, analyses, findings);
  }

  /**
   * Returns the analysis of type {@code type} (a store's own analysis record), if the model has
   * that store.
   */
  public <A extends StoreAnalysis> Optional<A> analysis(Class<A> type) {
    return analyses.stream().filter(type::isInstance).map(type::cast).findFirst();
  }

  /** Returns the number of findings of exactly {@code severity}. */
  public long count(Severity severity) {
    return findings.stream().filter(f -> f.severity() == severity).count();
  }

  /** Returns true if a finding is at or above {@code threshold}. */
  public boolean fails(Severity threshold) {
    return findings.stream().anyMatch(f -> f.severity().atLeast(threshold));
  }
}
