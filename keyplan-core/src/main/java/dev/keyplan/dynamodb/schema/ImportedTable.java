package dev.keyplan.dynamodb.schema;

import dev.keyplan.dynamodb.model.DynamoDbDesign;
import java.util.Map;

/**
 * A table read from a definition file ({@link SchemaFiles}): its keys, indexes, capacity and stream
 * as a {@link DynamoDbDesign.Table} without item types, and the scalar type ({@code S}, {@code N},
 * {@code B}) the file declares for each key attribute ({@code AttributeDefinitions}).
 */
public record ImportedTable(DynamoDbDesign.Table table, Map<String, String> attributeTypes) {
  public ImportedTable {
    attributeTypes =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(attributeTypes));
  }
}
