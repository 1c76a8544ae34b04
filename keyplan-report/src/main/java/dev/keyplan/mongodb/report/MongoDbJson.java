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
import dev.keyplan.report.JsonReport;
import java.io.IOException;

/** The MongoDB entries of the JSON report (docs/output.md): patterns, collections, shards, relationships. */
public final class MongoDbJson {
  private MongoDbJson() {}

  public static void pattern(JsonGenerator g, MongoDbAnalysis a, MongoDbPlan p) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", p.pattern().id());
    g.writeStringField("store", a.store().id());
    g.writeNumberField("ratePerSecond", p.pattern().ratePerSecond());
    JsonReport.text(g, "servedBy", p.collection());
    JsonReport.strings(g, "tables", p.touches().stream().map(MongoDbPlan.Touch::collection).distinct().toList());
    g.writeStringField("access", p.access().id());
    g.writeStringField("operation", p.operation());
    JsonReport.text(g, "index", p.index());
    JsonReport.number(g, "keysExamined", p.keysExamined());
    JsonReport.number(g, "keysExaminedBusiest", p.keysExaminedBusiest());
    JsonReport.number(g, "docsExamined", p.docsExamined());
    JsonReport.number(g, "docsExaminedBusiest", p.docsExaminedBusiest());
    JsonReport.number(g, "returned", p.returned());
    g.writeBooleanField("blockingSort", p.blockingSort());
    JsonReport.number(g, "sortBytes", p.sortBytes());
    g.writeBooleanField("covered", p.covered());
    g.writeStringField("routing", p.targeting().id());
    g.writeNumberField("shards", p.shards());
    JsonReport.strings(g, "lookups", p.lookups());
    g.writeBooleanField("transaction", p.transaction());
    JsonReport.strings(g, "notes", p.notes());
    g.writeEndObject();
  }

  public static void collection(JsonGenerator g, MongoDbAnalysis a, MongoDbCollection c) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("name", c.name());
    g.writeStringField("entity", c.entity().name());
    JsonReport.number(g, "documents", c.documents());
    g.writeNumberField("typicalDocumentBytes", c.typicalBytes());
    g.writeNumberField("largestDocumentBytes", c.largestBytes());
    JsonReport.number(g, "dataBytes", c.dataBytes());
    g.writeBooleanField("validation", c.validation());
    JsonReport.text(g, "shardKey", c.shardKey().map(MongoDbText::key));
    g.writeArrayFieldStart("zones");
    for (MongoDbZones.Placement z : a.zones(c)) {
      g.writeStartObject();
      g.writeStringField("name", z.zone().name());
      g.writeStringField("min", z.zone().min());
      g.writeStringField("max", z.zone().max());
      JsonReport.strings(g, "shards", z.zone().shards());
      JsonReport.number(g, "dataShare", z.share());
      JsonReport.number(g, "busiestShardShare", z.perShardShare());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("indexes");
    for (MongoDbIndex ix : c.indexes()) {
      g.writeStartObject();
      g.writeStringField("name", ix.name());
      JsonReport.strings(g, "keys", ix.keys().stream().map(k -> k.field() + ": " + k.kind().text()).toList());
      g.writeBooleanField("unique", ix.unique());
      g.writeBooleanField("multikey", ix.multikey());
      JsonReport.number(g, "entries", ix.entries());
      JsonReport.number(g, "bytes", ix.bytes());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("embeds");
    for (MongoDbEmbed e : c.embeds()) {
      g.writeStartObject();
      g.writeStringField("field", e.field());
      g.writeStringField("entity", e.entity().name());
      g.writeBooleanField("array", e.many());
      JsonReport.number(g, "typicalElements", e.typical());
      JsonReport.number(g, "busiestElements", e.busiest());
      g.writeBooleanField("bounded", e.bounded());
      JsonReport.number(g, "growthPerDay", e.growthPerDocumentPerSecond() * 86_400);
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
    JsonReport.number(g, "readsPerSecond", s.reads());
    JsonReport.number(g, "writesPerSecond", s.writes());
    JsonReport.number(g, "budgetPerSecond", s.budget());
    JsonReport.text(g, "monotonicField", s.monotonic());
    JsonReport.number(g, "distinctShardKeyValues", s.distinctValues());
    JsonReport.number(g, "busiestValueBytes", s.busiestValueBytes());
    g.writeBooleanField("jumbo", s.jumbo());
    g.writeNumberField("initialChunks", s.initialChunks());
    JsonReport.number(g, "reshardBytesPerShard", s.reshardBytesPerShard());
    if (s.refine().isPresent()) {
      JsonReport.strings(g, "refineShardKey", s.refine().get());
    } else {
      g.writeNullField("refineShardKey");
    }
    JsonReport.strings(g, "scatterGatherPatterns", s.scatterPatterns());
    g.writeEndObject();
  }

  public static void relationship(JsonGenerator g, MongoDbAnalysis a, MongoDbRelationship r) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("parent", r.parent());
    g.writeStringField("child", r.child());
    g.writeStringField("collection", r.collection());
    g.writeBooleanField("embedded", r.embedded());
    g.writeStringField("advice", r.advice());
    JsonReport.number(g, "typicalElements", r.typicalElements());
    JsonReport.number(g, "busiestElements", r.busiestElements());
    JsonReport.strings(g, "reasons", r.reasons());
    g.writeEndObject();
  }
}
