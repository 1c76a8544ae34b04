package dev.keyplan.dynamodb.emit;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.emit.Emitter;
import dev.keyplan.input.InputException;
import java.util.List;
import java.util.Optional;

/** DynamoDB's targets of {@code keyplan emit} (docs/emit.md), in the order the help lists them. */
public final class DynamoDbEmitters {
  private DynamoDbEmitters() {}

  /** Returns the emitters: createtable, ttl, cloudformation, terraform, workbench. */
  public static List<Emitter<DynamoDbAnalysis>> all() {
    return List.of(
        Emitter.<DynamoDbAnalysis>of(
                "createtable",
                "DynamoDB CreateTable input: one object, an array for several",
                false,
                (a, o) -> CreateTableJson.createTable(tables(a, "createtable")),
                DynamoDbEmitters::ttlNote)
            .withExamples(
                "keyplan emit createtable model.yaml > table.json",
                "aws dynamodb create-table --cli-input-json file://table.json"),
        Emitter.<DynamoDbAnalysis>of(
            "ttl",
            "DynamoDB UpdateTimeToLive input, for the tables with TTL",
            a ->
                CreateTableJson.updateTimeToLive(tables(a, "ttl"))
                    .orElseThrow(
                        () ->
                            new InputException(
                                a.model().location(),
                                "nothing to emit as ttl: no table of the 'dynamodb:' section has 'ttl:'"))),
        Emitter.<DynamoDbAnalysis>of(
            "cloudformation",
            "DynamoDB tables as a CloudFormation template",
            a -> CloudFormationYaml.emit(tables(a, "cloudformation"))),
        Emitter.<DynamoDbAnalysis>of(
            "terraform",
            "DynamoDB tables as Terraform aws_dynamodb_table resources",
            a -> TerraformHcl.emit(tables(a, "terraform"))),
        Emitter.<DynamoDbAnalysis>of(
                "workbench",
                "a NoSQL Workbench model: a facet and samples per item type",
                true,
                (a, o) -> WorkbenchJson.emit(tables(a, "workbench"), o.date()),
                a -> Optional.empty())
            .withExamples(
                "keyplan emit workbench --date 2026-01-12T10:14 model.yaml > model.json"));
  }

  /**
   * The analysis, when its design has a table: a template or model without one is not one the tools
   * accept.
   */
  private static DynamoDbAnalysis tables(DynamoDbAnalysis a, String target) {
    if (a.tables().isEmpty()) {
      throw new InputException(
          a.design().location(),
          "nothing to emit as " + target + ": the 'dynamodb:' section defines no table");
    }
    return a;
  }

  /** CreateTable cannot enable TTL: say which tables need the separate call. */
  private static Optional<String> ttlNote(DynamoDbAnalysis a) {
    List<String> withTtl =
        a.tables().stream().filter(t -> t.ttl().isPresent()).map(DynamoDbTable::name).toList();
    if (withTtl.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "note: CreateTable cannot enable TTL on "
            + String.join(", ", withTtl)
            + "; 'keyplan emit ttl "
            + a.model().file()
            + "' prints the update-time-to-live input");
  }
}
