package dev.keyplan.check.size;

import dev.keyplan.check.Category;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.store.Stores;
import java.util.List;

/**
 * Says plainly when a table cannot be sized or heat-checked because the model does not say how its
 * entity spreads over a partition-key attribute (seed 000: "Size and heat-check each key"). keyplan
 * does not guess a distribution. On DynamoDB the attributes are the placeholders of each item
 * type's partition key templates, on the table and on every index the item is in; on MongoDB, the
 * fields of a shard key, without which the chunks, the jumbo check and the busiest shard are
 * unknown.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Partition key attribute without a declared spread: table not sized",
    severity = Severity.INFO)
public final class KeySpreadUndeclared implements Rule.OnStores {
  /**
   * Each store's part of the rule ({@code <Store>KeySpreadUndeclared} in the store's {@code check}
   * package).
   */
  @Override
  public List<Rule.OnStore<?>> parts() {
    return Stores.builtIn().ruleParts(KeySpreadUndeclared.class);
  }
}
