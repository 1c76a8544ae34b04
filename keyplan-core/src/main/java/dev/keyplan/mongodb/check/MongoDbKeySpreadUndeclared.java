package dev.keyplan.mongodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.workload.KeySpread;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * KeySpreadUndeclared's part for MongoDb: the rule's id, summary and page are {@code
 * KeySpreadUndeclared}'s, which runs this part on the store's analyses.
 */
public final class MongoDbKeySpreadUndeclared implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      MongoDbShard s = a.shard(c.name()).orElseThrow();
      if (!c.sharded() || !Double.isNaN(s.distinctValues())) {
        continue;
      }
      Set<String> undeclared = new LinkedHashSet<>();
      for (String x : c.attributesOf(c.shardKey().orElseThrow().fields())) {
        if (KeySpread.distinct(c.entity(), x, c.documents()).isEmpty()) {
          undeclared.add(x);
        }
      }
      String attrs = undeclared.isEmpty() ? "its shard key" : String.join(", ", undeclared);
      out.report(
          Severity.INFO,
          c.name(),
          c.shardKey().orElseThrow().location(),
          "cannot count the chunks or heat-check the shards of "
              + c.name()
              + ": "
              + c.entity().name()
              + " does not say how it spreads over "
              + attrs,
          "add under "
              + c.entity().name()
              + ": spread: {"
              + (undeclared.isEmpty() ? "FIELD" : undeclared.iterator().next())
              + ": {distinct: N, busiest: R/s}}, or 'unique: true' on an attribute with one value per document");
    }
  }
}
