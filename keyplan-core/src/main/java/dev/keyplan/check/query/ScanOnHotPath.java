package dev.keyplan.check.query;

import dev.keyplan.check.Category;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.store.Stores;
import java.util.List;

/**
 * Flags a read pattern that DynamoDB can only serve with a Scan. A Scan reads every item of the
 * table or index and bills every item it evaluates, before any filter (AWS DG, "Read and write
 * operations"); seed 000: "No ad hoc queries on the hot path … never a scan of production", seed
 * 002: "Scan in production — full table scan = expensive + slow — always query by PK; use GSI".
 *
 * <p>Every pattern has a rate, so every planned Scan is on a path the application takes:
 *
 * <ul>
 *   <li><b>warning</b> for any Scan: its cost grows with the table, not with the answer;
 *   <li><b>error</b> when {@code rate × read units per request} exceeds what the copy may consume:
 *       the default table-level quota of 40,000 read units per second ({@link
 *       DynamoDbLimits#DEFAULT_TABLE_MAX_RCU}, which applies to a table and to each of its GSIs),
 *       or on a provisioned table the read capacity it provisions. The scan is then throttled as
 *       modelled; no false positive is possible, the numbers prove it.
 * </ul>
 *
 * <p>Worked number: "open orders" over 50M orders of 2,881 B is 144 GB a request, 137,377 pages of
 * 1 MB and ⌈144 GB / 4 KB⌉ × 0.5 = 17.6M RCU; at 1/s that is 17.6M RCU/s, 440 times the quota ⇒
 * error. Fifty settings of 129 B (6,450 B, 1 RCU) scanned 10 times a second is 10 RCU/s ⇒ warning.
 *
 * <p>The fix names the global index that turns the Scan into a Query: partition key from the read's
 * equality attributes, sort key from its range or order, in seed 000's generic naming (GSI1PK,
 * GSI1SK).
 *
 * <p>On MongoDB the same mistake is a COLLSCAN: every document of the collection examined for each
 * request ({@link CollectionScans}, which holds the figures and the severity), fixed by the index
 * the ESR guideline gives.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Read pattern served by a scan of a whole table, index or collection",
    severity = Severity.ERROR)
public final class ScanOnHotPath implements Rule.OnStores {
  /**
   * Each store's part of the rule ({@code <Store>ScanOnHotPath} in the store's {@code check}
   * package).
   */
  @Override
  public List<Rule.OnStore<?>> parts() {
    return Stores.builtIn().ruleParts(ScanOnHotPath.class);
  }
}
