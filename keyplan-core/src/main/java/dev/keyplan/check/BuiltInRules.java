package dev.keyplan.check;

import dev.keyplan.check.design.BidiControlInIdentifier;
import dev.keyplan.check.query.PatternNotServed;
import dev.keyplan.check.query.ScanOnHotPath;
import dev.keyplan.check.size.KeySpreadUndeclared;
import dev.keyplan.check.write.TooManyIndexes;
import dev.keyplan.store.Stores;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every rule keyplan runs, sorted by id: the rules over several stores, one line each here, and
 * each store's own rules, listed in its package ({@code <Store>Rules}) and reached through the
 * registry. A rule is one class, one test ({@code <Id>Test}), one page ({@code docs/rules/<Id>.md})
 * and one line in one of these lists; BuiltInRulesTest fails the build if any of the four is
 * missing.
 */
public final class BuiltInRules {
  private BuiltInRules() {}

  /** The rules over several stores: one class each, with a part per store (Rule.OnStores). */
  private static final List<Class<? extends Rule>> OVER_SEVERAL_STORES =
      List.of(
          // keep-sorted start
          BidiControlInIdentifier.class,
          KeySpreadUndeclared.class,
          PatternNotServed.class,
          ScanOnHotPath.class,
          TooManyIndexes.class
          // keep-sorted end
          );

  /** Returns the rules over several stores, sorted by id. */
  public static List<Class<? extends Rule>> overSeveralStores() {
    return OVER_SEVERAL_STORES;
  }

  /** Returns every rule class, sorted by id. */
  public static List<Class<? extends Rule>> all() {
    List<Class<? extends Rule>> out = new ArrayList<>(OVER_SEVERAL_STORES);
    Stores.builtIn().all().forEach(s -> out.addAll(s.rules()));
    out.sort(Comparator.comparing(Class::getSimpleName));
    return List.copyOf(out);
  }
}
