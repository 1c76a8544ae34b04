package dev.keyplan.dynamodb.workbench;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.input.Location;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A facet of a table: a named access pattern's view of it. Facets "don't exist as a usable
 * construct in DynamoDB"; Workbench shows the table's items through them with the key renamed (AWS
 * DG, workbench.Visualizer.Facets and workbench.Modeler.Edit).
 *
 * @param partitionKeyAlias {@code KeyAttributeAlias.PartitionKeyAlias} as written: "a friendly name
 *     for the table's partition key", which may be a template such as {@code USER#<id>}
 * @param sortKeyAlias {@code KeyAttributeAlias.SortKeyAlias}, absent when not written
 * @param nonKeyAttributes names of table attributes the access pattern needs
 * @param data the facet's own {@code TableData} (Version 1.0 exports keep sample items here)
 */
public record Facet(
    String name,
    String partitionKeyAlias,
    Optional<String> sortKeyAlias,
    List<String> nonKeyAttributes,
    List<Map<String, AttributeValue>> data,
    Location location) {

  public Facet {
    nonKeyAttributes = List.copyOf(nonKeyAttributes);
    data = WorkbenchTable.Items.copy(data);
  }
}
