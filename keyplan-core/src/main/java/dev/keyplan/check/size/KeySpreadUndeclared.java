package dev.keyplan.check.size;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.workload.KeySpread;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbShard;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Says plainly when a table cannot be sized or heat-checked because the model does not say how its
 * entity spreads over a partition-key attribute (seed 000: "Size and heat-check each key"). keyplan
 * does not guess a distribution. On DynamoDB the attributes are the placeholders of each item
 * type's partition key templates, on the table and on every index the item is in; on MongoDB, the
 * fields of a shard key, without which the chunks, the jumbo check and the busiest shard are
 * unknown.
 */
@RuleSpec(summary = "Partition key attribute without a declared spread: table not sized",
    severity = Severity.INFO)
public final class KeySpreadUndeclared implements Rule.OnStores {
  @Override
  public List<Rule.OnStore<?>> parts() {
    return List.of(
        Rule.part(CassandraAnalysis.class, this::check),
        Rule.part(DynamoDbAnalysis.class, this::check),
        Rule.part(MongoDbAnalysis.class, this::check));
  }

  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || s.undeclared().isEmpty()) {
        continue;
      }
      String attrs = String.join(", ", s.undeclared());
      out.report(Severity.INFO, t.name(), t.entity().location(),
          "cannot size or heat-check " + t.name() + ": " + t.entity().name() + " does not say how it spreads over " + attrs,
          "add under " + t.entity().name() + ": spread: {" + s.undeclared().get(0) + ": {distinct: N, busiest: R/s}}");
    }
  }

  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      for (DynamoDbItem it : t.items()) {
        Set<String> undeclared = new LinkedHashSet<>();
        Set<String> on = new LinkedHashSet<>();
        for (KeyPath p : t.paths()) {
          if (!it.on(p)) {
            continue;
          }
          Set<String> attrs = new LinkedHashSet<>();
          it.partitionTemplates(p).forEach(k -> attrs.addAll(k.attributes()));
          boolean identifies = (!it.entity().key().isEmpty() && attrs.containsAll(it.entity().key()))
              || attrs.stream().anyMatch(x -> it.entity().attribute(x).map(y -> y.unique()).orElse(false));
          for (String x : attrs) {
            if (!identifies && KeySpread.distinct(it.entity(), x, it.rows()).isEmpty() && undeclared.add(x)) {
              on.add(p.label());
            }
          }
        }
        if (!undeclared.isEmpty()) {
          String attrs = String.join(", ", undeclared);
          out.report(Severity.INFO, it.name(), it.entity().location(),
              "cannot size or heat-check the partition keys of item " + it.name() + " on " + String.join(", ", on) + ": "
                  + it.entity().name() + " does not say how it spreads over " + attrs,
              "add under " + it.entity().name() + ": spread: {" + undeclared.iterator().next()
                  + ": {distinct: N, busiest: R/s}}, or 'unique: true' on an attribute with one value per row");
        }
      }
    }
  }

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
      out.report(Severity.INFO, c.name(), c.shardKey().orElseThrow().location(),
          "cannot count the chunks or heat-check the shards of " + c.name() + ": " + c.entity().name()
              + " does not say how it spreads over " + attrs,
          "add under " + c.entity().name() + ": spread: {" + (undeclared.isEmpty() ? "FIELD" : undeclared.iterator().next())
              + ": {distinct: N, busiest: R/s}}, or 'unique: true' on an attribute with one value per document");
    }
  }
}
