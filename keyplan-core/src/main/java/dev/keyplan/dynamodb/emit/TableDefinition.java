package dev.keyplan.dynamodb.emit;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One table as the control plane creates it: the shape that CreateTable input, a CloudFormation
 * {@code AWS::DynamoDB::Table} and a Terraform {@code aws_dynamodb_table} all describe, built once
 * from the analysed design so the three emitters cannot disagree.
 *
 * <p>What it holds, by the CreateTable API reference
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html):
 *
 * <ul>
 *   <li>{@code attributes}: only the key attributes of the table and of its indexes, each once,
 *       table key first. The API rejects a definition that no key schema uses, so the items' other
 *       attributes never appear here.
 *   <li>{@code keySchema}: the HASH element, then the RANGE element if the table has a sort key.
 *   <li>for each global index, every partition key attribute as a HASH element and then every sort
 *       key attribute as a RANGE element, in the order written: a multi-attribute key ({@code
 *       partition_key: [tournament_id, region]}) becomes two HASH elements, as the API takes up to
 *       four of each (AWS DG, "Multi-attribute keys pattern",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.DesignPattern.MultiAttributeKeys.html);
 *   <li>for each local index, the table's partition key as HASH and the index's sort key as RANGE.
 * </ul>
 *
 * <p>Worked example, {@code examples/orders-dynamodb.yaml}: {@code AppTable} has attributes {@code
 * PK S, SK S, GSI1PK S}, key schema {@code PK HASH, SK RANGE}, on-demand billing and one global
 * index {@code GSI1} with key schema {@code GSI1PK HASH} projecting ALL.
 *
 * <p>Key attribute types are the design's ({@link DynamoDbTable#keyTypes}): declared by an imported
 * schema file, else from the item types that fill them — a template that is one bare placeholder
 * keeps its entity attribute's scalar type ({@code {order_total}} of a {@code bigint} is N), any
 * other template is a string (S); an attribute no item fills is S.
 *
 * <p>Capacity is checked here, because CreateTable checks it: a provisioned table needs
 * ProvisionedThroughput on every global index, and an on-demand table rejects it there. Both are
 * reported at the index, in one {@link InputException} for the whole design; the missing case
 * suggests the capacity keyplan computes the workload needs (its peak at 70% utilisation).
 *
 * @param attributes the AttributeDefinitions, in the order described above
 * @param throughput the table's provisioned capacity; empty when on demand
 */
record TableDefinition(
    String name,
    List<Attribute> attributes,
    List<KeyElement> keySchema,
    Optional<Throughput> throughput,
    List<Index> globalIndexes,
    List<Index> localIndexes,
    Optional<String> stream,
    Optional<String> ttl) {

  TableDefinition {
    attributes = List.copyOf(attributes);
    keySchema = List.copyOf(keySchema);
    globalIndexes = List.copyOf(globalIndexes);
    localIndexes = List.copyOf(localIndexes);
  }

  /** A key attribute's definition: its name and scalar type (S, N or B). */
  record Attribute(String name, String type) {}

  /** One KeySchemaElement: an attribute and its role, HASH (partition) or RANGE (sort). */
  record KeyElement(String attribute, KeyType type) {}

  /** The KeyType values of a KeySchemaElement. */
  enum KeyType {
    HASH,
    RANGE
  }

  /** Provisioned read and write capacity units. */
  record Throughput(long read, long write) {}

  /**
   * A secondary index.
   *
   * @param throughput a global index's provisioned capacity (only on a provisioned table)
   */
  record Index(
      String name,
      List<KeyElement> keySchema,
      Projection projection,
      Optional<Throughput> throughput) {
    Index {
      keySchema = List.copyOf(keySchema);
    }

    /** Returns the HASH attributes, in order. */
    List<String> hashKeys() {
      return keySchema.stream()
          .filter(k -> k.type() == KeyType.HASH)
          .map(KeyElement::attribute)
          .toList();
    }

    /** Returns the RANGE attributes, in order. */
    List<String> rangeKeys() {
      return keySchema.stream()
          .filter(k -> k.type() == KeyType.RANGE)
          .map(KeyElement::attribute)
          .toList();
    }

    /** Returns true when the key has more than one partition or more than one sort attribute. */
    boolean multiAttribute() {
      return hashKeys().size() > 1 || rangeKeys().size() > 1;
    }
  }

  /** Returns true when the table is billed on demand (PAY_PER_REQUEST). */
  boolean onDemand() {
    return throughput.isEmpty();
  }

  /** Returns the table's partition key attribute. */
  String hashKey() {
    return keySchema.get(0).attribute();
  }

  /** Returns the table's sort key attribute, if it has one. */
  Optional<String> rangeKey() {
    return keySchema.size() > 1 ? Optional.of(keySchema.get(1).attribute()) : Optional.empty();
  }

  /**
   * Returns the definitions of every table of {@code analysis}; throws if CreateTable would reject
   * one.
   */
  static List<TableDefinition> of(DynamoDbAnalysis analysis) {
    List<Diagnostic> problems = new ArrayList<>();
    List<TableDefinition> out = new ArrayList<>();
    for (DynamoDbTable t : analysis.tables()) {
      out.add(of(t, analysis, problems));
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return out;
  }

  private static TableDefinition of(
      DynamoDbTable t, DynamoDbAnalysis analysis, List<Diagnostic> problems) {
    Map<String, String> types = keyTypes(t);
    Map<String, Attribute> attributes = new LinkedHashMap<>();
    for (KeyPath p : t.paths()) {
      for (String a : p.keyAttributes()) {
        attributes.putIfAbsent(a, new Attribute(a, types.get(a)));
      }
    }
    Billing billing = t.billing();
    Optional<Throughput> throughput =
        billing.onDemand() ? Optional.empty() : Optional.of(throughput(billing));
    List<Index> globals = new ArrayList<>();
    List<Index> locals = new ArrayList<>();
    for (KeyPath p : t.paths()) {
      if (!p.isIndex()) {
        continue;
      }
      if (p.local()) {
        locals.add(new Index(p.name(), keySchema(p), p.projection(), Optional.empty()));
        continue;
      }
      Optional<Throughput> indexThroughput = Optional.empty();
      if (billing.onDemand() && p.capacity().isPresent()) {
        problems.add(new Diagnostic(p.capacity().get().location(), capacityOnDemand(t, p)));
      } else if (!billing.onDemand() && p.capacity().isEmpty()) {
        problems.add(new Diagnostic(p.location(), capacityMissing(t, p, analysis)));
      } else if (!billing.onDemand()) {
        indexThroughput = Optional.of(throughput(p.capacity().get()));
      }
      globals.add(new Index(p.name(), keySchema(p), p.projection(), indexThroughput));
    }
    return new TableDefinition(
        t.name(),
        List.copyOf(attributes.values()),
        keySchema(t.table()),
        throughput,
        globals,
        locals,
        t.stream(),
        t.ttl());
  }

  private static String capacityOnDemand(DynamoDbTable t, KeyPath index) {
    return ("index '%s' gives capacity but table '%s' is on demand: CreateTable rejects"
            + " ProvisionedThroughput on an index of a PAY_PER_REQUEST table; remove the index's"
            + " 'capacity' or give the table provisioned capacity")
        .formatted(index.name(), t.name());
  }

  private static String capacityMissing(DynamoDbTable t, KeyPath index, DynamoDbAnalysis analysis) {
    String need =
        cost(analysis, index)
            .map(
                c ->
                    (" (such as capacity: {read: %d, write: %d}, the workload's peak at 70%%"
                            + " utilisation)")
                        .formatted((long) c.neededRead(), (long) c.neededWrite()))
            .orElse("");
    return ("index '%s' of provisioned table '%s' has no capacity: CreateTable needs"
            + " ProvisionedThroughput for every global index of a PROVISIONED table; add"
            + " 'capacity:' to the index%s")
        .formatted(index.name(), t.name(), need);
  }

  private static Throughput throughput(Billing b) {
    // The model reader accepts whole numbers only, so the casts are exact.
    return new Throughput((long) b.readUnits(), (long) b.writeUnits());
  }

  private static List<KeyElement> keySchema(KeyPath p) {
    List<KeyElement> out = new ArrayList<>();
    p.partitionKey().forEach(a -> out.add(new KeyElement(a, KeyType.HASH)));
    p.sortKey().forEach(a -> out.add(new KeyElement(a, KeyType.RANGE)));
    return out;
  }

  /**
   * Returns the scalar type of every key attribute of {@code t} and its indexes, as the design
   * resolved them.
   */
  static Map<String, String> keyTypes(DynamoDbTable t) {
    return t.keyTypes();
  }

  /**
   * Returns what keyplan computed for the copy {@code path} reads, such as the capacity it needs.
   */
  private static Optional<DynamoDbCost> cost(DynamoDbAnalysis analysis, KeyPath path) {
    return analysis.costs().stream().filter(c -> c.copy().equals(path.label())).findFirst();
  }
}
