package dev.keyplan.dynamodb.schema;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.input.Diagnostic;
import java.util.List;
import java.util.Map;

/**
 * A table read from a definition file ({@link SchemaFiles}): its keys, indexes, capacity and stream
 * as a {@link DynamoDbDesign.Table} without item types, the scalar type ({@code S}, {@code N},
 * {@code B}) the file declares for each key attribute ({@code AttributeDefinitions}), and what the
 * file holds that keyplan read past without failing (a Workbench model's sample items it could not
 * read), each at its place in the file, and the sample items it could read (a Workbench model's
 * {@code TableData}), which the rule SampleItemsLargerThanModelled compares with the modelled item
 * sizes.
 */
public record ImportedTable(
    DynamoDbDesign.Table table,
    Map<String, String> attributeTypes,
    List<Diagnostic> warnings,
    List<Map<String, AttributeValue>> samples) {
  public ImportedTable {
    attributeTypes =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(attributeTypes));
    warnings = List.copyOf(warnings);
    samples =
        samples.stream()
            .map(s -> java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(s)))
            .toList();
  }

  /** Returns a table read with nothing to warn about and no sample items. */
  public ImportedTable(DynamoDbDesign.Table table, Map<String, String> attributeTypes) {
    this(table, attributeTypes, List.of(), List.of());
  }
}
