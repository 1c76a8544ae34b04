package dev.keyplan.dynamodb.workbench;

import dev.keyplan.input.Location;

/**
 * A key attribute of a table or index, {@code {"AttributeName": "PK", "AttributeType": "S"}}.
 * DynamoDB keys are scalar, so {@code type} is S, N or B (CreateTable, AttributeDefinition).
 */
public record KeyAttribute(String name, String type, Location location) {

  AttributeDefinition asDefinition() {
    return new AttributeDefinition(name, type, location);
  }
}
