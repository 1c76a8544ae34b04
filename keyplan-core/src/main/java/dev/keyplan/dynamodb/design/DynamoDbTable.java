package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import java.util.List;
import java.util.Optional;

/**
 * A DynamoDB table with everything resolved: key attributes and their types, the access paths (the
 * table itself, then each index), capacity, TTL, stream and the item types it holds.
 *
 * @param paths the table's own key first, then its indexes in the order written
 * @param items the item types stored in the table
 * @param keyTypes the scalar type of every key attribute of the table and its indexes: as the
 *     schema file declares it, else from the item types that fill it (a bare placeholder keeps its
 *     attribute's type, any other template is S), else S
 * @param importWarnings what the schema file holds for this table that keyplan read past (sample
 *     items it could not read), each at its place in the file; the rule UnreadSampleData reports
 *     them
 * @param samples the sample items of the schema file that keyplan could read (a Workbench model's
 *     {@code TableData}), in file order; the rule SampleItemsLargerThanModelled compares them with
 *     the item types' sizes
 */
public record DynamoDbTable(
    String name,
    KeyAttribute partitionKey,
    Optional<KeyAttribute> sortKey,
    List<KeyPath> paths,
    Billing billing,
    Optional<String> ttl,
    Optional<String> stream,
    List<DynamoDbItem> items,
    java.util.Map<String, String> keyTypes,
    List<Diagnostic> importWarnings,
    List<java.util.Map<String, dev.keyplan.dynamodb.facts.AttributeValue>> samples,
    Location location) {

  public DynamoDbTable {
    paths = List.copyOf(paths);
    items = List.copyOf(items);
    keyTypes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(keyTypes));
    importWarnings = List.copyOf(importWarnings);
    samples =
        samples.stream()
            .map(s -> java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(s)))
            .toList();
  }

  /** A key attribute: its name and scalar type ({@code S}, {@code N} or {@code B}). */
  public record KeyAttribute(String name, String type) {}

  /** Returns the table's own key path. */
  public KeyPath table() {
    return paths.get(0);
  }

  /** Returns the global secondary indexes. */
  public List<KeyPath> gsis() {
    return paths.stream().filter(p -> p.isIndex() && !p.local()).toList();
  }

  /** Returns the local secondary indexes. */
  public List<KeyPath> lsis() {
    return paths.stream().filter(KeyPath::local).toList();
  }

  /** Returns the path (the table or an index) called {@code name}. */
  public Optional<KeyPath> path(String name) {
    return paths.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /** Returns the primary key attribute names: the partition key, then the sort key if any. */
  public List<String> primaryKey() {
    return sortKey
        .map(s -> List.of(partitionKey.name(), s.name()))
        .orElse(List.of(partitionKey.name()));
  }
}
