package dev.keyplan.mongodb.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbRelationship;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.report.JsonSection;
import dev.keyplan.report.StoreReport;
import java.io.IOException;

/** A MongoDB analysis in each format of {@code keyplan check}. */
public final class MongoDbSections implements StoreReport<MongoDbAnalysis> {
  @Override
  public Class<MongoDbAnalysis> analysisType() {
    return MongoDbAnalysis.class;
  }

  @Override
  public void text(MongoDbAnalysis a, StringBuilder out) {
    MongoDbText.render(a, out);
  }

  @Override
  public void markdown(MongoDbAnalysis a, StringBuilder out) {
    MongoDbMarkdown.render(a, out);
  }

  @Override
  public void html(MongoDbAnalysis a, StringBuilder out) {
    MongoDbHtml.render(a, out);
  }

  @Override
  public void htmlSchema(MongoDbAnalysis a, StringBuilder out) {
    MongoDbHtml.schema(a, out);
  }

  @Override
  public void json(JsonSection section, JsonGenerator g, MongoDbAnalysis a) throws IOException {
    switch (section) {
      case PATTERNS -> {
        for (MongoDbPlan p : a.plans()) {
          MongoDbJson.pattern(g, a, p);
        }
      }
      case TABLES -> {
        for (MongoDbCollection c : a.collections()) {
          MongoDbJson.collection(g, a, c);
        }
      }
      case SHARDS -> {
        for (MongoDbShard s : a.shards()) {
          MongoDbJson.shard(g, a, s);
        }
      }
      case RELATIONSHIPS -> {
        for (MongoDbRelationship r : a.relationships()) {
          MongoDbJson.relationship(g, a, r);
        }
      }
      default -> {
        // no heat array, costs or consistency checks
      }
    }
  }
}
