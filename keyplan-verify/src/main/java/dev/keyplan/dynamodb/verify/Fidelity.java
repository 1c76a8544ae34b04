package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.KeyTemplate;
import java.util.List;
import java.util.Optional;

/**
 * Where the engine can be trusted to charge what DynamoDB charges, so that a difference is
 * keyplan's and not the engine's. Against AWS everything that is run is compared. Against dynalite
 * 4.0.0 (architect/dynalite {@code db/index.js}, checked by measurement in docs/verify-dynamodb.md)
 * these are not:
 *
 * <ul>
 *   <li>index writes: dynalite never charges write units for a global or local secondary index (AWS
 *       adds one or two writes per index entry, GSI.md), so a write's units are compared on the
 *       table alone, and not even there when the item has a local index entry, which keyplan counts
 *       in the table's units;
 *   <li>transactions: dynalite has no TransactWriteItems or TransactGetItems;
 *   <li>string sizes: dynalite counts a string or an attribute name in UTF-16 code units, DynamoDB
 *       in UTF-8 bytes, so an item type with non-ASCII names or key text is not compared (keyplan's
 *       generated values are ASCII, where the two agree);
 *   <li>TTL (no UpdateTimeToLive, nothing expires) and throttling (no limits at all): neither
 *       changes a request's units, and neither is measured.
 * </ul>
 */
enum Fidelity {
  /** architect/dynalite, or another local emulator (its ARNs carry account 000000000000). */
  DYNALITE,
  /** Amazon DynamoDB itself. */
  DYNAMODB;

  /** Returns the engine behind a table ARN: emulators report account 000000000000. */
  static Fidelity ofArn(String arn) {
    return arn != null && arn.contains(":000000000000:") ? DYNALITE : DYNAMODB;
  }

  /** Returns the word the report names the engine with. */
  String word() {
    return this == DYNALITE ? "dynalite (local emulator)" : "Amazon DynamoDB";
  }

  /**
   * Returns why the write units on {@code copy} (a table, or {@code table.index}) are not compared,
   * or empty when they are; {@code written} are the item types the request writes.
   */
  Optional<String> writeUnits(String copy, List<DynamoDbTable> tables, List<DynamoDbItem> written) {
    if (this == DYNAMODB) {
      return Optional.empty();
    }
    Optional<DynamoDbTable> table = tables.stream().filter(t -> t.name().equals(copy)).findFirst();
    if (table.isEmpty()) {
      return Optional.of(
          "dynalite never charges global index writes (AWS charges each entry written)");
    }
    boolean lsi =
        table.get().lsis().stream()
            .anyMatch(l -> written.stream().anyMatch(it -> it.table().equals(copy) && it.on(l)));
    return lsi
        ? Optional.of(
            "dynalite does not charge local index writes, which keyplan counts in the table's units")
        : Optional.empty();
  }

  /**
   * Returns why the read units on {@code copy} are not compared, or empty when they are: dynalite
   * adds up the sizes of the table items a local index query fetches and rounds once ({@code
   * db/index.js queryTable}), where DynamoDB charges every fetched item on its own (AWS DG, "Local
   * secondary indexes", read capacity units), as keyplan does.
   */
  Optional<String> readUnits(DynamoDbPlan plan, String copy) {
    boolean lsiFetch =
        plan.path().map(p -> p.local() && copy.equals(p.table())).orElse(false)
            && plan.touches().size() > 1;
    return this == DYNALITE && lsiFetch
        ? Optional.of(
            "dynalite charges the table items a local index query fetches"
                + " as one sum rounded once; DynamoDB charges each item fetched")
        : Optional.empty();
  }

  /** Returns why request units touching {@code items} are not compared, or empty when they are. */
  Optional<String> text(List<DynamoDbItem> items) {
    if (this == DYNAMODB) {
      return Optional.empty();
    }
    for (DynamoDbItem it : items) {
      if (!ascii(it)) {
        return Optional.of(
            "item type "
                + it.name()
                + " has non-ASCII names or key text: dynalite counts UTF-16"
                + " code units where DynamoDB counts UTF-8 bytes");
      }
    }
    return Optional.empty();
  }

  /** Returns why a plan is not run at all, or empty when it is. */
  Optional<String> notRun(DynamoDbPlan plan) {
    if (plan.access() == DynamoDbPlan.Access.NOT_SERVED) {
      return Optional.of("keyplan's plan does not serve it: " + String.join("; ", plan.notes()));
    }
    if (!plan.pattern().with().isEmpty()) {
      return Optional.of(
          "keyplan verify does not run a read with related entities (with:) yet: its items"
              + " of several entities are not loaded together");
    }
    if (plan.operation().startsWith("Transact")) {
      return Optional.of(
          this == DYNALITE
              ? "dynalite has no " + plan.operation() + " (UnknownOperationException)"
              : "keyplan verify does not send transactions");
    }
    return Optional.empty();
  }

  private static boolean ascii(DynamoDbItem it) {
    for (String name : it.attributeNames()) {
      if (!name.chars().allMatch(c -> c < 0x80)) {
        return false;
      }
    }
    for (KeyTemplate t : it.keys().values()) {
      for (KeyTemplate.Part p : t.parts()) {
        if (p instanceof KeyTemplate.Literal l && !l.text().chars().allMatch(c -> c < 0x80)) {
          return false;
        }
      }
    }
    return true;
  }
}
