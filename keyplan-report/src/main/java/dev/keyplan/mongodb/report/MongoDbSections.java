package dev.keyplan.mongodb.report;

import static dev.keyplan.report.SimulationPlots.ALL;
import static dev.keyplan.report.SimulationPlots.BYTES;
import static dev.keyplan.report.SimulationPlots.COUNT;
import static dev.keyplan.report.SimulationPlots.RATE;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbRelationship;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.report.JsonSection;
import dev.keyplan.report.SimulationPlots.Plot;
import dev.keyplan.report.StoreReport;
import java.io.IOException;
import java.util.List;

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
  public List<Plot> simulationPlots() {
    return List.of(
        new Plot("data_bytes", "Data on each shard at each interval's end", BYTES, ALL, null),
        new Plot("chunks", "Chunks on each shard", COUNT, ALL, null),
        new Plot("inserts_per_s", "Inserts on each shard, per second", RATE, ALL, "inserts"),
        new Plot(
            "writes_per_s",
            "Writes on each shard (targeted, and broadcast ones that found their document), per second",
            RATE,
            ALL,
            "writes"),
        new Plot(
            "reads_targeted_per_s", "Targeted reads on each shard, per second", RATE, ALL, "reads"),
        new Plot(
            "reads_broadcast_per_s",
            "Broadcast (scatter-gather) reads reaching each shard, per second",
            RATE,
            ALL,
            "reads"));
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
