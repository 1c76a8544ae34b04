package dev.keyplan.dynamodb.workbench;

import dev.keyplan.input.Location;
import java.util.List;
import java.util.Optional;

/**
 * A NoSQL Workbench for DynamoDB data model as its "Export" writes it: {@code ModelName}, {@code
 * ModelMetadata} and the tables of {@code DataModel}. Read by {@link WorkbenchReader}; the format
 * is described in docs/workbench-import.md.
 *
 * @param name {@code ModelName}
 * @param version {@code ModelMetadata.Version}, "1.0" or "3.0" in public files; empty when the file
 *     has no {@code ModelMetadata} (the AWS guide's hand-edited example has none)
 * @param awsService {@code ModelMetadata.AWSService}, written by Workbench 3.x ("Amazon DynamoDB")
 * @param description {@code ModelMetadata.Description}, when present and not blank
 * @param tables the {@code DataModel} entries, in file order
 * @param location where the model's object starts
 */
public record WorkbenchModel(
    String name,
    Optional<String> version,
    Optional<String> awsService,
    Optional<String> description,
    List<WorkbenchTable> tables,
    Location location) {

  public WorkbenchModel {
    tables = List.copyOf(tables);
  }

  /** Returns the table called {@code tableName}, if the model has one. */
  public Optional<WorkbenchTable> table(String tableName) {
    return tables.stream().filter(t -> t.name().equals(tableName)).findFirst();
  }
}
