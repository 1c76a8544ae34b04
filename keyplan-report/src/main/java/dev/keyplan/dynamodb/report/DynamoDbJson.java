package dev.keyplan.dynamodb.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.report.JsonFields;
import java.io.IOException;
import java.util.List;

/** The DynamoDB entries of the JSON report (docs/output.md): patterns, tables, heat and costs. */
public final class DynamoDbJson {
  private DynamoDbJson() {}

  public static void pattern(JsonGenerator g, DynamoDbAnalysis a, DynamoDbPlan p)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("id", p.pattern().id());
    g.writeStringField("store", a.store().id());
    g.writeNumberField("ratePerSecond", p.pattern().ratePerSecond());
    List<String> copies = p.copies();
    if (p.path().isPresent()) {
      g.writeStringField("servedBy", p.path().get().label());
    } else if (!copies.isEmpty()) {
      g.writeStringField("servedBy", copies.get(0));
    } else {
      g.writeNullField("servedBy");
    }
    JsonFields.strings(g, "tables", copies);
    g.writeStringField("access", p.access().id());
    g.writeStringField("operation", p.operation());
    if (p.keyCondition().equals("-")) {
      g.writeNullField("keyCondition");
    } else {
      g.writeStringField("keyCondition", p.keyCondition());
    }
    JsonFields.strings(g, "filter", p.filter());
    JsonFields.strings(g, "itemTypes", p.items());
    JsonFields.number(g, "itemsRead", p.itemsEvaluated().typical());
    JsonFields.number(g, "itemsReadBusiest", p.itemsEvaluated().busiest());
    JsonFields.number(g, "bytesRead", p.bytes().typical());
    JsonFields.number(g, "readUnits", p.readUnits());
    JsonFields.number(g, "writeUnits", p.writeUnits());
    JsonFields.number(g, "calls", p.calls());
    JsonFields.text(g, "consistency", p.consistency());
    JsonFields.number(
        g, "monthlyCost", a.patternCosts().getOrDefault(p.pattern().id(), Double.NaN));
    JsonFields.strings(g, "notes", p.notes());
    g.writeEndObject();
  }

  public static void table(JsonGenerator g, DynamoDbAnalysis a, DynamoDbTable t)
      throws IOException {
    DynamoDbSizing s = a.sizing().get(t.name());
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("name", t.name());
    g.writeStringField("partitionKey", t.partitionKey().name());
    JsonFields.text(g, "sortKey", t.sortKey().map(k -> k.name()));
    g.writeStringField("billing", t.billing().onDemand() ? "on-demand" : "provisioned");
    JsonFields.number(g, "items", s.items());
    JsonFields.number(g, "storageBytes", s.bytes());
    JsonFields.number(g, "partitionsBySize", s.partitionsBySize());
    JsonFields.number(g, "partitionsByThroughput", s.partitionsByThroughput());
    g.writeObjectFieldStart("largestItem");
    g.writeStringField("itemType", s.largestItem());
    g.writeNumberField("bytes", s.largestItemBytes());
    g.writeEndObject();
    g.writeObjectFieldStart("busiestCollection");
    g.writeStringField("partitionKey", s.collectionSignature());
    JsonFields.number(g, "bytes", s.collectionBytes());
    if (!s.busiestWindows().isEmpty()) {
      // What a for: window puts in it: "Like: busiest post_id: 300/s for 1d = 25,920,000 rows".
      g.writeArrayFieldStart("windows");
      for (String w : s.busiestWindows()) {
        g.writeString(w);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    g.writeArrayFieldStart("indexes");
    for (KeyPath p : t.paths()) {
      if (!p.isIndex()) {
        continue;
      }
      g.writeStartObject();
      g.writeStringField("name", p.name());
      g.writeStringField("kind", p.local() ? "local" : "global");
      JsonFields.strings(g, "partitionKey", p.partitionKey());
      JsonFields.strings(g, "sortKey", p.sortKey());
      g.writeStringField("projection", p.projection().type().name());
      double[] v = s.indexes().get(p.name());
      JsonFields.number(g, "entries", v == null ? Double.NaN : v[0]);
      JsonFields.number(g, "storageBytes", v == null ? Double.NaN : v[1]);
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("itemTypes");
    for (DynamoDbItem it : t.items()) {
      g.writeStartObject();
      g.writeStringField("name", it.name());
      g.writeStringField("entity", it.entity().name());
      g.writeNumberField("bytes", it.bytes());
      JsonFields.number(g, "items", it.rows());
      g.writeObjectFieldStart("keys");
      for (var k : it.keys().entrySet()) {
        g.writeStringField(k.getKey(), k.getValue().text());
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  public static void heat(JsonGenerator g, DynamoDbAnalysis a, DynamoDbHeat h) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("copy", h.copy());
    g.writeStringField("partitionKey", h.signature());
    JsonFields.number(g, "readUnitsPerSecond", h.readUnits());
    JsonFields.number(g, "writeUnitsPerSecond", h.writeUnits());
    JsonFields.number(g, "ceilingShare", h.ceilingShare());
    g.writeBooleanField("oneItem", h.oneItem());
    g.writeNumberField("shards", h.shards());
    // A count of suffixes a key template refuses ({shard:N} takes 2 to KeyTemplate.MAX_SHARDS) is
    // not a fix: null says there is none within keyplan's limits, as PartitionThroughputExceeded's
    // fix says in words (issue 18: "{shard:2000000}" was printed here).
    if (h.suggestedShards() > dev.keyplan.model.KeyTemplate.MAX_SHARDS) {
      g.writeNullField("suggestedShards");
    } else {
      g.writeNumberField("suggestedShards", h.suggestedShards());
    }
    JsonFields.strings(g, "patterns", h.patterns());
    g.writeEndObject();
  }

  public static void costs(JsonGenerator g, DynamoDbAnalysis a) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeObjectFieldStart("prices");
    g.writeStringField("region", a.prices().region());
    g.writeStringField("tableClass", a.prices().tableClass());
    g.writeStringField("currency", a.prices().currency());
    g.writeStringField("checked", a.prices().checked());
    g.writeStringField("source", a.prices().source());
    g.writeStringField("file", a.prices().file());
    g.writeEndObject();
    JsonFields.number(g, "averageLoad", a.design().averageLoad());
    g.writeArrayFieldStart("copies");
    for (DynamoDbCost c : a.costs()) {
      g.writeStartObject();
      g.writeStringField("copy", c.copy());
      g.writeStringField("billing", c.onDemand() ? "on-demand" : "provisioned");
      JsonFields.number(g, "readUnitsPerSecond", c.readUnits());
      JsonFields.number(g, "writeUnitsPerSecond", c.writeUnits());
      JsonFields.number(g, "onDemandMonthly", c.onDemandMonthly());
      if (c.provisioned().isPresent()) {
        g.writeObjectFieldStart("provisioned");
        JsonFields.number(g, "readUnits", c.provisioned().get()[0]);
        JsonFields.number(g, "writeUnits", c.provisioned().get()[1]);
        JsonFields.number(g, "monthly", c.provisionedMonthly().orElse(Double.NaN));
        g.writeEndObject();
      } else {
        g.writeNullField("provisioned");
      }
      g.writeObjectFieldStart("needed");
      JsonFields.number(g, "readUnits", c.neededRead());
      JsonFields.number(g, "writeUnits", c.neededWrite());
      JsonFields.number(g, "monthly", c.neededMonthly());
      g.writeEndObject();
      JsonFields.number(g, "storageBytes", c.storageBytes());
      JsonFields.number(g, "storageMonthly", c.storageMonthly());
      JsonFields.number(g, "monthly", c.monthly());
      g.writeEndObject();
    }
    g.writeEndArray();
    JsonFields.number(g, "monthlyTotal", a.monthlyTotal());
    // What the peaks need beside what the capacity set costs, when a copy is provisioned below its
    // need; absent otherwise, as the two are then equal in every copy that is short of nothing.
    if (!a.copiesBelowNeed().isEmpty()) {
      JsonFields.number(g, "monthlyAtNeed", a.monthlyAtNeed());
      JsonFields.strings(g, "belowNeed", a.copiesBelowNeed());
    }
    g.writeEndObject();
  }
}
