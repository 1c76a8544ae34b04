package dev.keyplan.dynamodb.report;

import static dev.keyplan.report.SimulationPlots.GB;
import static dev.keyplan.report.SimulationPlots.units;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Units;
import dev.keyplan.report.JsonSection;
import dev.keyplan.report.SeriesChart;
import dev.keyplan.report.SimulationPlots;
import dev.keyplan.report.SimulationPlots.Plot;
import dev.keyplan.report.StoreReport;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A DynamoDB analysis in each format of {@code keyplan check}. */
public final class DynamoDbSections implements StoreReport<DynamoDbAnalysis> {
  @Override
  public Class<DynamoDbAnalysis> analysisType() {
    return DynamoDbAnalysis.class;
  }

  @Override
  public void text(DynamoDbAnalysis a, StringBuilder out) {
    DynamoDbText.render(a, out);
  }

  @Override
  public void markdown(DynamoDbAnalysis a, StringBuilder out) {
    DynamoDbMarkdown.render(a, out);
  }

  @Override
  public void html(DynamoDbAnalysis a, StringBuilder out) {
    DynamoDbHtml.render(a, out);
  }

  @Override
  public void htmlSchema(DynamoDbAnalysis a, StringBuilder out) {
    DynamoDbHtml.schema(a, out);
  }

  @Override
  public List<Plot> simulationPlots() {
    return List.of(
        new Plot(
            "consumed_wcu_per_s",
            "Write units consumed per partition, per second",
            units("WCU/s"),
            PARTITIONS,
            "WCU",
            ceiling(DynamoDbLimits.MAX_WCU_PER_PARTITION, "WCU/s")),
        new Plot(
            "throttled_wcu_per_s",
            "Write units throttled per partition, per second",
            units("WCU/s"),
            PARTITIONS,
            "WCU"),
        new Plot(
            "consumed_rcu_per_s",
            "Read units consumed per partition, per second",
            units("RCU/s"),
            PARTITIONS,
            "RCU",
            ceiling(DynamoDbLimits.MAX_RCU_PER_PARTITION, "RCU/s")),
        new Plot(
            "throttled_rcu_per_s",
            "Read units throttled per partition, per second",
            units("RCU/s"),
            PARTITIONS,
            "RCU"),
        new Plot(
            "burst_wcu",
            "Write burst capacity left in each table and index",
            units("WCU"),
            COPIES,
            null),
        new Plot(
            "burst_rcu",
            "Read burst capacity left in each table and index",
            units("RCU"),
            COPIES,
            null),
        new Plot("size_gb", "Data per partition", GB, PARTITIONS, null));
  }

  @Override
  public void json(JsonSection section, JsonGenerator g, DynamoDbAnalysis a) throws IOException {
    switch (section) {
      case PATTERNS -> {
        for (DynamoDbPlan p : a.plans()) {
          DynamoDbJson.pattern(g, a, p);
        }
      }
      case TABLES -> {
        for (DynamoDbTable t : a.tables()) {
          DynamoDbJson.table(g, a, t);
        }
      }
      case HEAT -> {
        for (DynamoDbHeat h : a.heat()) {
          DynamoDbJson.heat(g, a, h);
        }
      }
      case COSTS -> DynamoDbJson.costs(g, a);
      default -> {
        // no shards, relationships or consistency checks
      }
    }
  }

  /**
   * DynamoDB's partition rows are named {@code copy:partition}, the pairs of its partitions table.
   */
  private static final SimulationPlots.Subjects PARTITIONS =
      r -> SimulationPlots.pairs(r, "partitions", "partition")::contains;

  /** DynamoDB's table and index rows are named by the copy alone, as in its copies table. */
  private static final SimulationPlots.Subjects COPIES =
      r -> {
        Set<String> copies = new HashSet<>();
        r.tables().stream()
            .filter(t -> t.id().equals("copies"))
            .forEach(
                t ->
                    t.rows()
                        .forEach(
                            row ->
                                copies.add(String.valueOf(row.get(t.columns().indexOf("copy"))))));
        return copies::contains;
      };

  /**
   * A partition's hard ceiling, which adaptive capacity never lends past (simulate-dynamodb.md).
   */
  private static SeriesChart.Limit ceiling(int units, String unit) {
    return new SeriesChart.Limit("partition ceiling " + Units.count(units) + " " + unit, units);
  }
}
