package dev.keyplan.dynamodb.schema;

import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.dynamodb.workbench.KeyAttribute;
import dev.keyplan.dynamodb.workbench.WorkbenchCapacity;
import dev.keyplan.dynamodb.workbench.WorkbenchIndex;
import dev.keyplan.dynamodb.workbench.WorkbenchModel;
import dev.keyplan.dynamodb.workbench.WorkbenchReader;
import dev.keyplan.dynamodb.workbench.WorkbenchTable;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the tables of a NoSQL Workbench model, as {@link WorkbenchReader} reads them (format:
 * docs/workbench-import.md; AWS DG, workbench.Modeler), into {@link ImportedTable}s: the key, the
 * global indexes with their (possibly multi-attribute) keys, the local indexes, projections and
 * capacity.
 *
 * <p>Capacity: {@code PAY_PER_REQUEST} is on demand; {@code PROVISIONED} takes the units of {@code
 * ProvisionedCapacitySettings.ProvisionedThroughput} (its auto scaling bounds are not used: keyplan
 * prices the units that are set). {@code PROVISIONED} without those units is an error: no AWS
 * source documents what Workbench assumes then, and a guess would misprice the table. A model with
 * no {@code BillingMode} (Version 1.0 files have none) gives no capacity, so the model's {@code
 * capacity:} or keyplan's default, on demand, applies; when such a file still has provisioned
 * units, they are taken as provisioned.
 *
 * <p>Left out because the format has no place for them: per-index provisioned throughput (a
 * provisioned table's global indexes have no units of their own: unknown until the model sets
 * {@code indexes: {Name: {capacity: …}}} on the imported index, costed and simulated at their need
 * meanwhile), TTL and streams. A model adds TTL and stream with {@code ttl:} and {@code stream:}.
 * Facets are not imported: the model's {@code items:} say how entities are stored. The sample items
 * the reader could read come along for comparison with the modelled sizes, those it could not as
 * the table's warnings.
 */
final class WorkbenchTables {
  private WorkbenchTables() {}

  /** Returns the model's tables; a provisioned table without units is an input error. */
  static List<ImportedTable> of(WorkbenchModel model) {
    var problems = new ArrayList<Diagnostic>();
    var out = new ArrayList<ImportedTable>();
    for (WorkbenchTable t : model.tables()) {
      var indexes = new ArrayList<DynamoDbDesign.Index>();
      var types = new LinkedHashMap<String, String>();
      declare(types, t.partitionKey());
      t.sortKey().ifPresent(k -> declare(types, k));
      for (WorkbenchIndex ix : t.gsis()) {
        indexes.add(index(ix, false, types));
      }
      for (WorkbenchIndex ix : t.lsis()) {
        indexes.add(index(ix, true, types));
      }
      Optional<Billing> billing = billing(t, problems);
      var table =
          new DynamoDbDesign.Table(
              t.name(),
              Optional.of(t.partitionKey().name()),
              t.sortKey().map(KeyAttribute::name),
              indexes,
              billing,
              /* ttl= */ Optional.empty(),
              /* stream= */ Optional.empty(),
              /* items= */ List.of(),
              t.location());
      out.add(new ImportedTable(table, types, t.sampleDataWarnings(), t.allItems()));
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return List.copyOf(out);
  }

  private static void declare(Map<String, String> types, KeyAttribute key) {
    // WorkbenchReader has checked that an index key's type is the one the table declares.
    types.putIfAbsent(key.name(), key.type());
  }

  private static DynamoDbDesign.Index index(
      WorkbenchIndex ix, boolean local, Map<String, String> types) {
    ix.partitionKeys().forEach(k -> declare(types, k));
    ix.sortKeys().forEach(k -> declare(types, k));
    // A local index's partition key is the table's; DynamoDbDesign leaves it out.
    List<String> partition = local ? List.of() : names(ix.partitionKeys());
    Projection projection =
        new Projection(
            Projection.Type.valueOf(ix.projection().type().name()),
            ix.projection().nonKeyAttributes());
    return new DynamoDbDesign.Index(
        ix.name(),
        local,
        partition,
        names(ix.sortKeys()),
        projection,
        /* capacity= */ Optional.empty(),
        ix.location());
  }

  private static List<String> names(List<KeyAttribute> keys) {
    return keys.stream().map(KeyAttribute::name).toList();
  }

  private static Optional<Billing> billing(WorkbenchTable t, List<Diagnostic> problems) {
    Optional<WorkbenchCapacity> units = t.provisioned();
    if (t.billingMode().isEmpty()) {
      return units.map(u -> provisioned(u, t));
    }
    if (t.billingMode().get() == WorkbenchTable.BillingMode.PAY_PER_REQUEST) {
      // Workbench keeps the provisioned settings when a table is switched to on demand.
      return Optional.of(Billing.onDemand(t.location()));
    }
    if (units.isEmpty()) {
      problems.add(
          new Diagnostic(
              t.location(),
              "table '"
                  + t.name()
                  + "' has \"BillingMode\":"
                  + " \"PROVISIONED\" but no \"ProvisionedCapacitySettings\"; add"
                  + " {\"ProvisionedThroughput\": {\"ReadCapacityUnits\": N, \"WriteCapacityUnits\": N}},"
                  + " or write \"BillingMode\": \"PAY_PER_REQUEST\" (keyplan does not guess the units)"));
      return Optional.empty();
    }
    return Optional.of(provisioned(units.get(), t));
  }

  private static Billing provisioned(WorkbenchCapacity units, WorkbenchTable t) {
    return new Billing(false, units.readCapacityUnits(), units.writeCapacityUnits(), t.location());
  }
}
