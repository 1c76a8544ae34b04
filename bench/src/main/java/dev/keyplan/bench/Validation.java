package dev.keyplan.bench;

import dev.keyplan.check.Finding;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What every store's validation of a generated model shares ({@link BenchStore#model}): it checks,
 * once and outside any timing, that the model is what the benchmark claims to measure, and throws
 * {@link IllegalStateException} (failing the JMH trial loudly) otherwise. Each store's bench
 * package holds the checks of its own plans; these are the rules and the failure.
 */
public final class Validation {
  private Validation() {}

  /** Returns the count of {@code findings} by rule id, sorted by id. */
  public static Map<String, Long> byRule(List<Finding> findings) {
    return Collections.unmodifiableMap(
        findings.stream()
            .collect(Collectors.groupingBy(Finding::rule, TreeMap::new, Collectors.counting())));
  }

  /**
   * Returns the rules of {@code store}'s designs alone that found nothing, sorted: every one must
   * report something on a full benchmark model, so that none is measured idle. Only those: a rule
   * of another store never runs on this store's analysis, and the registry says which are the
   * store's own.
   */
  public static SortedSet<String> silentRules(StoreId store, Map<String, Long> fired) {
    SortedSet<String> silent = new TreeSet<>();
    Stores.builtIn().owning(store).rules().forEach(r -> silent.add(r.getSimpleName()));
    silent.removeAll(fired.keySet());
    return Collections.unmodifiableSortedSet(silent);
  }

  /**
   * Throws unless {@code ok}: the generated {@code model} (its name and sizes, such as {@code
   * bench-250 (E=25, T=75, P=250)}) is not what the benchmark needs, as {@code what} says.
   */
  public static void require(boolean ok, String model, String what) {
    if (!ok) {
      throw new IllegalStateException(
          "the generated model " + model + " is not what the benchmark needs: " + what);
    }
  }
}
