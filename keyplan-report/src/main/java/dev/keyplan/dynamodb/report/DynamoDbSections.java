package dev.keyplan.dynamodb.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.report.JsonSection;
import dev.keyplan.report.StoreReport;
import java.io.IOException;

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
}
