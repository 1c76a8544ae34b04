package dev.keyplan.dynamodb.workbench;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code DataModel} entry of a Workbench model: a DynamoDB table with its key, declared
 * attributes, facets, indexes, capacity settings and sample items.
 *
 * <p>Sample items are kept where the file keeps them: Version 1.0 exports put them in each facet's
 * {@code TableData}, Version 3.0 exports in the table's (facets then carry empty arrays). {@link
 * #allItems()} joins both for callers that do not care.
 *
 * @param nonKeyAttributes {@code NonKeyAttributes}: the attributes other than the table key
 * @param lsis {@code LocalSecondaryIndexes}; no public export with one was found, so this follows
 *     the GSI shape (see docs/workbench-import.md)
 * @param tableData the table-level {@code TableData} items, in file order
 * @param sampleDataWarnings what keyplan could not read in the table's and its facets' sample items
 *     ({@code TableData}), each at its place in the file, in file order: sample data is read
 *     leniently, so these are warnings, never input errors (docs/workbench-import.md)
 */
public record WorkbenchTable(
    String name,
    KeyAttribute partitionKey,
    Optional<KeyAttribute> sortKey,
    List<AttributeDefinition> nonKeyAttributes,
    List<Facet> facets,
    List<WorkbenchIndex> gsis,
    List<WorkbenchIndex> lsis,
    Optional<BillingMode> billingMode,
    Optional<WorkbenchCapacity> provisioned,
    List<Map<String, AttributeValue>> tableData,
    List<Diagnostic> sampleDataWarnings,
    Location location) {

  public WorkbenchTable {
    nonKeyAttributes = List.copyOf(nonKeyAttributes);
    facets = List.copyOf(facets);
    gsis = List.copyOf(gsis);
    lsis = List.copyOf(lsis);
    tableData = Items.copy(tableData);
    sampleDataWarnings = List.copyOf(sampleDataWarnings);
  }

  /** The {@code BillingMode} values of the CreateTable API, which Workbench writes verbatim. */
  public enum BillingMode {
    PROVISIONED,
    PAY_PER_REQUEST
  }

  /** Returns every declared attribute: the partition key, the sort key, then the others. */
  public List<AttributeDefinition> attributes() {
    var all = new ArrayList<AttributeDefinition>();
    all.add(partitionKey.asDefinition());
    sortKey.ifPresent(k -> all.add(k.asDefinition()));
    all.addAll(nonKeyAttributes);
    return Collections.unmodifiableList(all);
  }

  /** Returns the table-level items followed by each facet's items, in file order. */
  public List<Map<String, AttributeValue>> allItems() {
    var all = new ArrayList<Map<String, AttributeValue>>(tableData);
    facets.forEach(f -> all.addAll(f.data()));
    return Collections.unmodifiableList(all);
  }

  /** Immutable copies of items that keep the attribute order of the file. */
  static final class Items {
    private Items() {}

    static List<Map<String, AttributeValue>> copy(List<Map<String, AttributeValue>> items) {
      var out = new ArrayList<Map<String, AttributeValue>>(items.size());
      for (Map<String, AttributeValue> item : items) {
        out.add(Collections.unmodifiableMap(new LinkedHashMap<>(item)));
      }
      return Collections.unmodifiableList(out);
    }
  }
}
