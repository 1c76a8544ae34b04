package dev.keyplan.check.query;

import dev.keyplan.check.Category;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.store.Stores;
import java.util.List;

/**
 * Flags an access pattern no table can serve: "If a pattern has no corresponding key or index, it
 * cannot be served efficiently — fix the schema before writing code" (seed 002).
 *
 * <p>On Cassandra, no table stores the entity, orders its rows as asked, or holds what is selected
 * or set. On DynamoDB (any read with a partition key is a Query and any other a Scan, so only
 * storage can be missing), no item type stores the entity, none holds every attribute the read uses
 * or the update sets, or the pinned {@code via:} path holds none that does. On MongoDB (a read no
 * index serves is a COLLSCAN, ScanOnHotPath's), no collection stores the entity, as its own
 * documents or embedded, or none holds every attribute the read uses.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Access pattern that no table serves",
    severity = Severity.ERROR)
public final class PatternNotServed implements Rule.OnStores {
  /**
   * Each store's part of the rule ({@code <Store>PatternNotServed} in the store's {@code check}
   * package).
   */
  @Override
  public List<Rule.OnStore<?>> parts() {
    return Stores.builtIn().ruleParts(PatternNotServed.class);
  }
}
