package dev.keyplan.cli;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.emit.CqlEmitter;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.emit.CloudFormationYaml;
import dev.keyplan.dynamodb.emit.CreateTableJson;
import dev.keyplan.dynamodb.emit.TerraformHcl;
import dev.keyplan.dynamodb.emit.WorkbenchJson;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.emit.MongoshScript;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan emit TARGET MODEL}: the design's schema in the form a tool deploys or imports. The
 * targets and their formats are described in docs/emit.md; this class only picks the emitter.
 */
@Command(
    name = "emit",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the schema of a model's store design (formats: docs/emit.md).",
      "TARGET is one of:",
      "  cql             Cassandra/ScyllaDB CQL, annotated with the patterns served",
      "  createtable     DynamoDB CreateTable input: one object, an array for several",
      "  ttl             DynamoDB UpdateTimeToLive input, for the tables with TTL",
      "  cloudformation  DynamoDB tables as a CloudFormation template",
      "  terraform       DynamoDB tables as Terraform aws_dynamodb_table resources",
      "  workbench       a NoSQL Workbench model: a facet and samples per item type",
      "  mongosh         MongoDB collections, validators, indexes and sharding as a mongosh script",
      "",
      "Examples:",
      "  keyplan emit createtable model.yaml > table.json",
      "  aws dynamodb create-table --cli-input-json file://table.json",
      "  keyplan emit workbench --date 2026-01-12T10:14 model.yaml > model.json",
      "  keyplan emit mongosh model.yaml > shop.js && mongosh \"mongodb://HOST/shop\" shop.js"
    })
final class EmitCommand implements Callable<Integer> {
  /** What can be emitted. */
  enum Target {
    cql,
    createtable,
    ttl,
    cloudformation,
    terraform,
    workbench,
    mongosh
  }

  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "TARGET",
      description = "What to emit: ${COMPLETION-CANDIDATES}.")
  Target target;

  @Parameters(index = "1", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path modelFile;

  @Option(
      names = "--date",
      paramLabel = "YYYY-MM-DDTHH:MM",
      description =
          "workbench only: the DateCreated and DateLastModified to write (default"
              + " 2000-01-01T00:00: fixed, so the same model always gives the same file).")
  String date;

  @Override
  public Integer call() {
    if (format.get() == OutputFormat.markdown || format.get() == OutputFormat.sarif) {
      throw new InputException(Cli.commandLine(), "emit writes text or json, not " + format.get());
    }
    if (date != null && target != Target.workbench) {
      throw new InputException(
          Cli.commandLine(), "--date is for the workbench target only, not " + target);
    }
    LocalDateTime stamp = date == null ? WorkbenchJson.DEFAULT_DATE : parseDate(date);
    Model model = ModelReader.read(modelFile);
    String text =
        switch (target) {
          case cql -> {
            if (model.design(CassandraDesign.class).isEmpty()) {
              throw new InputException(
                  model.location(),
                  "nothing to emit as cql: the model has no 'cassandra:' or 'scylladb:' section");
            }
            yield CqlEmitter.emit(CassandraAnalyzer.analyze(model));
          }
          case createtable -> {
            DynamoDbAnalysis a = dynamodb(model);
            noteTtl(a);
            yield CreateTableJson.createTable(a);
          }
          case ttl ->
              CreateTableJson.updateTimeToLive(dynamodb(model))
                  .orElseThrow(
                      () ->
                          new InputException(
                              model.location(),
                              "nothing to emit as ttl: no table of the 'dynamodb:' section has"
                                  + " 'ttl:'"));
          case cloudformation -> CloudFormationYaml.emit(dynamodb(model));
          case terraform -> TerraformHcl.emit(dynamodb(model));
          case workbench -> WorkbenchJson.emit(dynamodb(model), stamp);
          case mongosh -> {
            if (model.design(MongoDbDesign.class).isEmpty()) {
              throw new InputException(
                  model.location(),
                  "nothing to emit as mongosh: the model has no 'mongodb:' section");
            }
            yield MongoshScript.emit(MongoDbAnalyzer.analyze(model));
          }
        };
    if (format.get() == OutputFormat.json) {
      spec.commandLine()
          .getOut()
          .print(Json.object("target", target.name(), "model", model.name(), "text", text));
    } else {
      spec.commandLine().getOut().print(text);
    }
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }

  private DynamoDbAnalysis dynamodb(Model model) {
    if (model.design(DynamoDbDesign.class).isEmpty()) {
      throw new InputException(
          model.location(),
          "nothing to emit as " + target + ": the model has no 'dynamodb:' section");
    }
    DynamoDbAnalysis analysis = DynamoDbAnalyzer.analyze(model);
    if (analysis.tables().isEmpty()) {
      // A template or model without a table is not one that CloudFormation or Workbench accepts.
      throw new InputException(
          model.design(DynamoDbDesign.class).get().location(),
          "nothing to emit as " + target + ": the 'dynamodb:' section defines no table");
    }
    return analysis;
  }

  /**
   * Tells on stderr which tables need the separate TTL call, so a CreateTable alone is not mistaken
   * for the whole setup.
   */
  private void noteTtl(DynamoDbAnalysis a) {
    List<String> withTtl =
        a.tables().stream().filter(t -> t.ttl().isPresent()).map(DynamoDbTable::name).toList();
    if (!withTtl.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println(
              "note: CreateTable cannot enable TTL on "
                  + String.join(", ", withTtl)
                  + "; 'keyplan emit ttl "
                  + modelFile
                  + "' prints the update-time-to-live input");
      spec.commandLine().getErr().flush();
    }
  }

  private static LocalDateTime parseDate(String text) {
    try {
      return LocalDateTime.parse(text);
    } catch (DateTimeParseException e) {
      throw new InputException(
          Cli.commandLine(),
          "--date: expected a local date and time such as 2026-01-12T10:14,"
              + " found '"
              + text
              + "'");
    }
  }
}
