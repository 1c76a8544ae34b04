package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Rule;
import dev.keyplan.check.design.BidiControlInIdentifier;
import dev.keyplan.check.query.PatternNotServed;
import dev.keyplan.check.query.ScanOnHotPath;
import dev.keyplan.check.size.KeySpreadUndeclared;
import dev.keyplan.check.write.TooManyIndexes;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** This store's parts of the rules over several stores, one line per rule, sorted. */
public final class DynamoDbRuleParts {
  private static final Map<Class<? extends Rule.OnStores>, Supplier<Rule.OnStore<DynamoDbAnalysis>>>
      PARTS =
          Map.of(
              // keep-sorted start
              BidiControlInIdentifier.class, DynamoDbBidiControlInIdentifier::new,
              KeySpreadUndeclared.class, DynamoDbKeySpreadUndeclared::new,
              PatternNotServed.class, DynamoDbPatternNotServed::new,
              ScanOnHotPath.class, DynamoDbScanOnHotPath::new,
              TooManyIndexes.class, DynamoDbTooManyIndexes::new
              // keep-sorted end
              );

  private DynamoDbRuleParts() {}

  /** Returns this store's part of {@code rule}, if it checks this store. */
  public static List<Rule.OnStore<DynamoDbAnalysis>> of(Class<? extends Rule.OnStores> rule) {
    Supplier<Rule.OnStore<DynamoDbAnalysis>> part = PARTS.get(rule);
    return part == null ? List.of() : List.of(part.get());
  }
}
