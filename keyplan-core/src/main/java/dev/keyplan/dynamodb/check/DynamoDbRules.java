package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Rule;
import java.util.List;

/**
 * The rules over DynamoDB designs alone, one line each, sorted by id; {@code BuiltInRules} adds
 * them to the rules over several stores. A rule is one class, one test ({@code <Id>Test}), one page
 * ({@code docs/rules/<Id>.md}) and one line here; BuiltInRulesTest fails the build if any of the
 * four is missing.
 */
public final class DynamoDbRules {
  private DynamoDbRules() {}

  /** Returns the rule classes, sorted by id. */
  public static List<Class<? extends Rule>> all() {
    return List.of(
        // keep-sorted start
        EphemeralDataWithoutTtl.class,
        GetItemOnIndex.class,
        IncludedAttributeNotHeld.class,
        ItemNearSizeLimit.class,
        ItemTypesOverwriteEachOther.class,
        KeyValueTooLong.class,
        LongAttributeNames.class,
        LowCardinalityIndexKey.class,
        LsiOnUnboundedCollection.class,
        PartitionThroughputExceeded.class,
        ProvisionedBelowNeed.class,
        SampleItemsLargerThanModelled.class,
        StrongReadOnGlobalIndex.class,
        TablePerEntity.class,
        TableQuotaExceeded.class,
        TransactionForBatchWork.class,
        UnboundedListAttribute.class,
        UnreadSampleData.class
        // keep-sorted end
        );
  }
}
