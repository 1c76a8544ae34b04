package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Units;
import java.util.List;
import java.util.Optional;

/**
 * TooManyIndexes's part for DynamoDB: the rule's id, summary and page are {@code TooManyIndexes}'s,
 * which runs this part on the store's analyses.
 */
public final class DynamoDbTooManyIndexes implements DynamoDbRule {
  /** Seed 003's line: more GSIs than this is the anti-pattern. */
  static final int ADVISED_MAX_GSIS = 5;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      List<KeyPath> gsis = t.gsis();
      if (gsis.size() <= ADVISED_MAX_GSIS) {
        continue;
      }
      double tableWcu = cost(a, t.name()).map(DynamoDbCost::writeUnits).orElse(0.0);
      double indexWcu = 0;
      double writes = 0;
      double storage = 0;
      for (KeyPath g : gsis) {
        Optional<DynamoDbCost> c = cost(a, g.copy());
        if (c.isPresent()) {
          indexWcu += c.get().writeUnits();
          writes += c.get().writesMonthly();
          storage += c.get().storageMonthly();
        }
      }
      boolean overQuota = gsis.size() > DynamoDbLimits.DEFAULT_MAX_GLOBAL_SECONDARY_INDEXES;
      String amplification =
          tableWcu > 0
              ? "its writes of "
                  + Units.rate(tableWcu, "WCU")
                  + " add "
                  + Units.rate(indexWcu, "WCU")
                  + " on the indexes (×"
                  + Units.count((tableWcu + indexWcu) / tableWcu)
                  + " in all)"
              : "the patterns write nothing to it, so the amplification is not yet visible";
      out.report(
          overQuota ? Severity.ERROR : Severity.WARNING,
          t.name(),
          t.location(),
          "table "
              + t.name()
              + " has "
              + gsis.size()
              + " global secondary indexes, "
              + (overQuota
                  ? "over the default quota of 20 per table: creating them fails unless the quota is raised"
                  : "more than the 5 seed 003 advises")
              + "; "
              + amplification
              + ": "
              + a.prices().money(writes)
              + "/month of index writes and "
              + a.prices().money(storage)
              + "/month of index storage",
          "serve several patterns with one overloaded index (generic GSI1PK/GSI1SK whose values each item type"
              + " fills its own way, seed 000), composite sort keys, or sparse indexes that only the items that"
              + " need them enter; drop indexes no pattern reads");
    }
  }

  private static Optional<DynamoDbCost> cost(DynamoDbAnalysis a, String copy) {
    return a.cost(copy);
  }
}
