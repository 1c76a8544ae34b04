package dev.keyplan.cassandra.check;

import dev.keyplan.check.Rule;
import java.util.List;

/**
 * The rules over Cassandra and ScyllaDB designs alone, one line each, sorted by id; {@code
 * BuiltInRules} adds them to the rules over several stores. A rule is one class, one test ({@code
 * <Id>Test}), one page ({@code docs/rules/<Id>.md}) and one line here; BuiltInRulesTest fails the
 * build if any of the four is missing.
 */
public final class CassandraRules {
  private CassandraRules() {}

  /** Returns the rule classes, sorted by id. */
  public static List<Class<? extends Rule>> all() {
    return List.of(
        // keep-sorted start
        AllowFilteringRequired.class,
        ApplicationSideJoin.class,
        ClusterOverCapacity.class,
        CountWithoutCounterTable.class,
        DeletesWithoutTtl.class,
        HotPartition.class,
        LoggedBatchAcrossPartitions.class,
        LowCardinalityPartitionKey.class,
        LwtAcrossTables.class,
        LwtOnHotPath.class,
        PartitionOverGuideline.class,
        QueuePattern.class,
        ReadYourWritesNotGuaranteed.class,
        RowsOverwriteEachOther.class,
        SecondaryIndexOnHighCardinality.class,
        SimpleStrategyInProduction.class,
        TwcsWithoutTtl.class,
        UnboundTable.class,
        UnboundedPartitionGrowth.class,
        UnusedSecondaryIndex.class
        // keep-sorted end
        );
  }
}
