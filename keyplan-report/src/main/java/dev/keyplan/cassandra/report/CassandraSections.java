package dev.keyplan.cassandra.report;

import static dev.keyplan.report.SimulationPlots.ALL;
import static dev.keyplan.report.SimulationPlots.BYTES;
import static dev.keyplan.report.SimulationPlots.RATE;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.report.JsonSection;
import dev.keyplan.report.SimulationPlots.Plot;
import dev.keyplan.report.StoreReport;
import java.io.IOException;
import java.util.List;

/** A Cassandra or ScyllaDB analysis in each format of {@code keyplan check}. */
public final class CassandraSections implements StoreReport<CassandraAnalysis> {
  @Override
  public Class<CassandraAnalysis> analysisType() {
    return CassandraAnalysis.class;
  }

  @Override
  public void text(CassandraAnalysis a, StringBuilder out) {
    CassandraText.render(a, out);
  }

  @Override
  public void markdown(CassandraAnalysis a, StringBuilder out) {
    CassandraMarkdown.render(a, out);
  }

  @Override
  public void html(CassandraAnalysis a, StringBuilder out) {
    CassandraHtml.render(a, out);
  }

  @Override
  public void htmlSchema(CassandraAnalysis a, StringBuilder out) {
    CassandraHtml.schema(a, out);
  }

  @Override
  public List<Plot> simulationPlots() {
    return List.of(
        new Plot("coordinator_ops", "Requests each node coordinates, per second", RATE, ALL, null),
        new Plot("replica_reads", "Replica reads on each node, per second", RATE, ALL, null),
        new Plot("replica_writes", "Replica writes on each node, per second", RATE, ALL, null),
        new Plot(
            "bytes",
            "Data on each node at each interval's end (before compression)",
            BYTES,
            ALL,
            null));
  }

  @Override
  public void json(JsonSection section, JsonGenerator g, CassandraAnalysis a) throws IOException {
    switch (section) {
      case PATTERNS -> {
        for (CassandraPlan p : a.plans()) {
          CassandraJson.pattern(g, a, p);
        }
      }
      case TABLES -> {
        for (CassandraSizing s : a.sizing().values()) {
          CassandraJson.table(g, a, s);
        }
      }
      case CONSISTENCY -> {
        for (ConsistencyCheck c : a.consistency()) {
          CassandraJson.consistency(g, a, c);
        }
      }
      case CLUSTER -> CassandraCluster.json(g, a);
      default -> {
        // no heat, shards, relationships or costs array of its own: heat is in each table
      }
    }
  }
}
