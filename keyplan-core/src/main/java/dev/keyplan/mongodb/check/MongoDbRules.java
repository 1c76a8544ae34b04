package dev.keyplan.mongodb.check;

import dev.keyplan.check.Rule;
import java.util.List;

/**
 * The rules over MongoDB designs alone, one line each, sorted by id; {@code BuiltInRules} adds them
 * to the rules over several stores. A rule is one class, one test ({@code <Id>Test}), one page
 * ({@code docs/rules/<Id>.md}) and one line here; BuiltInRulesTest fails the build if any of the
 * four is missing.
 */
public final class MongoDbRules {
  private MongoDbRules() {}

  /** Returns the rule classes, sorted by id. */
  public static List<Class<? extends Rule>> all() {
    return List.of(
        // keep-sorted start
        BloatedDocument.class,
        BlockingSort.class,
        CaseInsensitiveWithoutCollation.class,
        DocumentNearSizeLimit.class,
        JumboChunkRisk.class,
        LookupOnHotPath.class,
        LowCardinalityShardKey.class,
        MissingSchemaValidation.class,
        MonotonicShardKey.class,
        MultiDocumentTransaction.class,
        RedundantPrefixIndex.class,
        ResidencyNotZoned.class,
        ScatterGatherOnHotPath.class,
        ShardOverBudget.class,
        TimeSeriesWriteRefused.class,
        TypedValueAsString.class,
        UnboundedArray.class,
        UnusedIndex.class
        // keep-sorted end
        );
  }
}
