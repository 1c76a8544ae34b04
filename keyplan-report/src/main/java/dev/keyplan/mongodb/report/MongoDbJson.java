package dev.keyplan.mongodb.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbRelationship;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.design.MongoDbZones;
import dev.keyplan.report.JsonFields;
import java.io.IOException;

/**
 * The MongoDB entries of the JSON report (docs/output.md): patterns, collections, shards,
 * relationships.
 */
public final class MongoDbJson {
  private MongoDbJson() {}

  public static void pattern(JsonGenerator g, MongoDbAnalysis a, MongoDbPlan p) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", p.pattern().id());
    g.writeStringField("store", a.store().id());
    g.writeNumberField("ratePerSecond", p.pattern().ratePerSecond());
    JsonFields.text(g, "servedBy", p.collection());
    JsonFields.strings(
        g, "tables", p.touches().stream().map(MongoDbPlan.Touch::collection).distinct().toList());
    g.writeStringField("access", p.access().id());
    g.writeStringField("operation", p.operation());
    JsonFields.text(g, "index", p.index());
    JsonFields.number(g, "keysExamined", p.keysExamined().typical());
    JsonFields.number(g, "keysExaminedBusiest", p.keysExamined().busiest());
    JsonFields.number(g, "docsExamined", p.docsExamined().typical());
    JsonFields.number(g, "docsExaminedBusiest", p.docsExamined().busiest());
    JsonFields.number(g, "returned", p.returned());
    g.writeBooleanField("blockingSort", p.blockingSort());
    JsonFields.number(g, "sortBytes", p.sortBytes());
    g.writeBooleanField("covered", p.covered());
    g.writeStringField("routing", p.targeting().id());
    g.writeNumberField("shards", p.shards());
    JsonFields.strings(g, "lookups", p.lookups());
    g.writeBooleanField("transaction", p.transaction());
    JsonFields.strings(g, "notes", p.notes());
    g.writeEndObject();
  }

  public static void collection(JsonGenerator g, MongoDbAnalysis a, MongoDbCollection c)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("name", c.name());
    g.writeStringField("entity", c.entity().name());
    JsonFields.number(g, "documents", c.documents());
    g.writeNumberField("typicalDocumentBytes", c.typicalBytes());
    g.writeNumberField("largestDocumentBytes", c.largestBytes());
    JsonFields.number(g, "dataBytes", c.dataBytes());
    g.writeBooleanField("validation", c.validation());
    JsonFields.text(g, "shardKey", c.shardKey().map(MongoDbText::key));
    g.writeArrayFieldStart("zones");
    for (MongoDbZones.Placement z : a.zones(c)) {
      g.writeStartObject();
      g.writeStringField("name", z.zone().name());
      g.writeStringField("min", z.zone().min());
      g.writeStringField("max", z.zone().max());
      JsonFields.strings(g, "shards", z.zone().shards());
      JsonFields.number(g, "dataShare", z.share());
      JsonFields.number(g, "busiestShardShare", z.perShardShare());
      JsonFields.number(g, "unnamedValuesOutsideShare", z.unnamedOutside());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("indexes");
    for (MongoDbIndex ix : c.indexes()) {
      g.writeStartObject();
      g.writeStringField("name", ix.name());
      JsonFields.strings(
          g, "keys", ix.keys().stream().map(k -> k.field() + ": " + k.kind().text()).toList());
      g.writeBooleanField("unique", ix.unique());
      g.writeBooleanField("multikey", ix.multikey());
      JsonFields.number(g, "entries", ix.entries());
      JsonFields.number(g, "bytes", ix.bytes());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("embeds");
    for (MongoDbEmbed e : c.embeds()) {
      g.writeStartObject();
      g.writeStringField("field", e.field());
      g.writeStringField("entity", e.entity().name());
      g.writeBooleanField("array", e.many());
      JsonFields.number(g, "typicalElements", e.typical());
      JsonFields.number(g, "busiestElements", e.busiest());
      g.writeBooleanField("bounded", e.bounded());
      JsonFields.number(g, "growthPerDay", e.growthPerDocumentPerSecond() * 86_400);
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  public static void shard(JsonGenerator g, MongoDbAnalysis a, MongoDbShard s) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("collection", s.collection());
    g.writeBooleanField("sharded", s.sharded());
    g.writeNumberField("shards", s.shards());
    g.writeNumberField("usedShards", s.usedShards());
    JsonFields.number(g, "readsPerSecond", s.reads());
    JsonFields.number(g, "writesPerSecond", s.writes());
    JsonFields.number(g, "budgetPerSecond", s.budget());
    JsonFields.text(g, "monotonicField", s.monotonic());
    JsonFields.number(g, "distinctShardKeyValues", s.distinctValues());
    JsonFields.number(g, "busiestValueBytes", s.busiestValueBytes());
    java.util.List<String> windows = MongoDbText.windows(a, s);
    if (!windows.isEmpty()) {
      g.writeArrayFieldStart("busiestValueWindows");
      for (String w : windows) {
        g.writeString(w);
      }
      g.writeEndArray();
    }
    java.util.Optional<String> assumption =
        a.collection(s.collection())
            .flatMap(c -> c.shardKey().flatMap(k -> c.keyAssumption(c.attributesOf(k.fields()))));
    if (assumption.isPresent()) {
      g.writeStringField("busiestValueAssumption", assumption.get());
    }
    g.writeBooleanField("jumbo", s.jumbo());
    g.writeNumberField("initialChunks", s.initialChunks());
    JsonFields.number(g, "reshardBytesPerShard", s.reshardBytesPerShard());
    if (s.refine().isPresent()) {
      JsonFields.strings(g, "refineShardKey", s.refine().get());
    } else {
      g.writeNullField("refineShardKey");
    }
    JsonFields.strings(g, "scatterGatherPatterns", s.scatterPatterns());
    g.writeEndObject();
  }

  public static void relationship(JsonGenerator g, MongoDbAnalysis a, MongoDbRelationship r)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("parent", r.parent());
    g.writeStringField("child", r.child());
    g.writeStringField("collection", r.collection());
    g.writeBooleanField("embedded", r.embedded());
    g.writeStringField("advice", r.advice());
    JsonFields.number(g, "typicalElements", r.typicalElements());
    JsonFields.number(g, "busiestElements", r.busiestElements());
    JsonFields.strings(g, "reasons", r.reasons());
    g.writeEndObject();
  }
}
