package dev.keyplan.mongodb.check;

import dev.keyplan.check.Rule;
import dev.keyplan.check.design.BidiControlInIdentifier;
import dev.keyplan.check.query.PatternNotServed;
import dev.keyplan.check.query.ScanOnHotPath;
import dev.keyplan.check.size.KeySpreadUndeclared;
import dev.keyplan.check.write.TooManyIndexes;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** This store's parts of the rules over several stores, one line per rule, sorted. */
public final class MongoDbRuleParts {
  private static final Map<Class<? extends Rule.OnStores>, Supplier<Rule.OnStore<MongoDbAnalysis>>>
      PARTS =
          Map.of(
              // keep-sorted start
              BidiControlInIdentifier.class, MongoDbBidiControlInIdentifier::new,
              KeySpreadUndeclared.class, MongoDbKeySpreadUndeclared::new,
              PatternNotServed.class, MongoDbPatternNotServed::new,
              ScanOnHotPath.class, MongoDbScanOnHotPath::new,
              TooManyIndexes.class, MongoDbTooManyIndexes::new
              // keep-sorted end
              );

  private MongoDbRuleParts() {}

  /** Returns this store's part of {@code rule}, if it checks this store. */
  public static List<Rule.OnStore<MongoDbAnalysis>> of(Class<? extends Rule.OnStores> rule) {
    Supplier<Rule.OnStore<MongoDbAnalysis>> part = PARTS.get(rule);
    return part == null ? List.of() : List.of(part.get());
  }
}
