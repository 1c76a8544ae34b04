package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.input.Diagnostic;

/**
 * Reports the sample items ({@code TableData}) of an imported NoSQL Workbench model that keyplan
 * could not read, one finding per problem, at its place in the model file. Sample data is what
 * Workbench shows in its visualizer ("Adding sample data to a data model", AWS DG,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/workbench.Modeler.AddData.html);
 * DynamoDB never receives it, and hand-edited files hold values that are not DynamoDB JSON (plain
 * JSON inside an {@code M}, an object such as {@code {"HP": "100"}} where a typed value belongs).
 * So the import keeps what it can read and leaves out the rest (issue 16 Decisions: "what cannot be
 * read is a warning, never an error"); this rule says what was left out, so nothing is dropped
 * silently. DynamoDB JSON: API Reference, AttributeValue
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html).
 */
@RuleSpec(
    category = Category.DESIGN,
    summary = "Sample data of the imported Workbench model that keyplan could not read is ignored",
    severity = Severity.WARNING)
public final class UnreadSampleData implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      for (Diagnostic d : t.importWarnings()) {
        out.report(
            Severity.WARNING,
            t.name(),
            d.location(),
            "sample data of table " + t.name() + " is not read here and is ignored: " + d.message(),
            "write the value in DynamoDB JSON (a typed value such as {\"N\": \"100\"}, and"
                + " typed values inside an M), or remove it; sample data does not change what"
                + " keyplan computes");
      }
    }
  }
}
