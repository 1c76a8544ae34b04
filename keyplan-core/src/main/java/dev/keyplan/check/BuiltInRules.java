package dev.keyplan.check;

import dev.keyplan.check.consistency.LwtOnHotPath;
import dev.keyplan.check.consistency.ReadYourWritesNotGuaranteed;
import dev.keyplan.check.consistency.StrongReadOnGlobalIndex;
import dev.keyplan.check.cost.LongAttributeNames;
import dev.keyplan.check.cost.ProvisionedBelowNeed;
import dev.keyplan.check.design.MissingSchemaValidation;
import dev.keyplan.check.design.TablePerEntity;
import dev.keyplan.check.key.HotPartition;
import dev.keyplan.check.key.JumboChunkRisk;
import dev.keyplan.check.key.LowCardinalityIndexKey;
import dev.keyplan.check.key.LowCardinalityPartitionKey;
import dev.keyplan.check.key.LowCardinalityShardKey;
import dev.keyplan.check.key.MonotonicShardKey;
import dev.keyplan.check.key.PartitionThroughputExceeded;
import dev.keyplan.check.key.ShardOverBudget;
import dev.keyplan.check.key.TableQuotaExceeded;
import dev.keyplan.check.query.AllowFilteringRequired;
import dev.keyplan.check.query.ApplicationSideJoin;
import dev.keyplan.check.query.BlockingSort;
import dev.keyplan.check.query.CaseInsensitiveWithoutCollation;
import dev.keyplan.check.query.CountWithoutCounterTable;
import dev.keyplan.check.query.GetItemOnIndex;
import dev.keyplan.check.query.LookupOnHotPath;
import dev.keyplan.check.query.PatternNotServed;
import dev.keyplan.check.query.ScanOnHotPath;
import dev.keyplan.check.query.ScatterGatherOnHotPath;
import dev.keyplan.check.query.SecondaryIndexOnHighCardinality;
import dev.keyplan.check.size.BloatedDocument;
import dev.keyplan.check.size.DocumentNearSizeLimit;
import dev.keyplan.check.size.ItemNearSizeLimit;
import dev.keyplan.check.size.KeySpreadUndeclared;
import dev.keyplan.check.size.KeyValueTooLong;
import dev.keyplan.check.size.LsiOnUnboundedCollection;
import dev.keyplan.check.size.PartitionOverGuideline;
import dev.keyplan.check.size.TypedValueAsString;
import dev.keyplan.check.size.UnboundedArray;
import dev.keyplan.check.size.UnboundedListAttribute;
import dev.keyplan.check.size.UnboundedPartitionGrowth;
import dev.keyplan.check.write.DeletesWithoutTtl;
import dev.keyplan.check.write.EphemeralDataWithoutTtl;
import dev.keyplan.check.write.LoggedBatchAcrossPartitions;
import dev.keyplan.check.write.MultiDocumentTransaction;
import dev.keyplan.check.write.QueuePattern;
import dev.keyplan.check.write.TooManyIndexes;
import dev.keyplan.check.write.TransactionForBatchWork;
import dev.keyplan.check.write.UnusedIndex;
import java.util.List;

/**
 * Every rule keyplan runs, one line each, sorted by id. A rule is one class, one test ({@code
 * <Id>Test}), one page ({@code docs/rules/<Id>.md}) and one line here; BuiltInRulesTest fails the
 * build if any of the four is missing.
 */
public final class BuiltInRules {
  private BuiltInRules() {}

  /** Returns the rule classes, sorted by id. */
  public static List<Class<? extends Rule>> all() {
    return List.of(
        // keep-sorted start
        AllowFilteringRequired.class,
        ApplicationSideJoin.class,
        BloatedDocument.class,
        BlockingSort.class,
        CaseInsensitiveWithoutCollation.class,
        CountWithoutCounterTable.class,
        DeletesWithoutTtl.class,
        DocumentNearSizeLimit.class,
        EphemeralDataWithoutTtl.class,
        GetItemOnIndex.class,
        HotPartition.class,
        ItemNearSizeLimit.class,
        JumboChunkRisk.class,
        KeySpreadUndeclared.class,
        KeyValueTooLong.class,
        LoggedBatchAcrossPartitions.class,
        LongAttributeNames.class,
        LookupOnHotPath.class,
        LowCardinalityIndexKey.class,
        LowCardinalityPartitionKey.class,
        LowCardinalityShardKey.class,
        LsiOnUnboundedCollection.class,
        LwtOnHotPath.class,
        MissingSchemaValidation.class,
        MonotonicShardKey.class,
        MultiDocumentTransaction.class,
        PartitionOverGuideline.class,
        PartitionThroughputExceeded.class,
        PatternNotServed.class,
        ProvisionedBelowNeed.class,
        QueuePattern.class,
        ReadYourWritesNotGuaranteed.class,
        ScanOnHotPath.class,
        ScatterGatherOnHotPath.class,
        SecondaryIndexOnHighCardinality.class,
        ShardOverBudget.class,
        StrongReadOnGlobalIndex.class,
        TablePerEntity.class,
        TableQuotaExceeded.class,
        TooManyIndexes.class,
        TransactionForBatchWork.class,
        TypedValueAsString.class,
        UnboundedArray.class,
        UnboundedListAttribute.class,
        UnboundedPartitionGrowth.class,
        UnusedIndex.class
        // keep-sorted end
        );
  }
}
