package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.AttributeTypes.Stored;
import dev.keyplan.model.Operation;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Runs one request of a write plan: every item type the plan writes, for one row of a key group.
 *
 * <ul>
 *   <li>insert, upsert: a new row under the group's partition key value (a new key of its own when
 *       that key names one item, as a new customer's profile does), PutItem per item type or one
 *       BatchWriteItem, with {@code attribute_not_exists} for {@code if not exists};
 *   <li>update, increment: an existing row; SET of every changed attribute the item holds, and of
 *       every key attribute built from one (a GSI key such as {@code STATUS#{status}}), to a new
 *       value of the same size (keyplan sizes an item the same before and after); ADD 1 for an
 *       increment; a change of the table's own key is DeleteItem and PutItem;
 *   <li>delete: the row's items are put back first (not measured), then DeleteItem per item type.
 * </ul>
 *
 * <p>A write that must first find its item runs keyplan's plan of that find ({@code find}) with
 * {@link DynamoDbVerifyReads} before the write, and both count in the request. Other conditions
 * than {@code if not exists} are not sent: a condition that passes does not change what a write
 * consumes.
 */
final class DynamoDbVerifyWrites {
  private final DynamoDbClient client;
  private final Namespace names;
  private final ItemBuilder builder;
  private final DynamoDbVerifyReads reads;
  private final Tags tags;
  private final Ledger ledger;

  /** Rows an update changed, by the row as loaded: the row as it is now. */
  private final Map<Instance, Instance> current = new IdentityHashMap<>();

  DynamoDbVerifyWrites(
      DynamoDbClient client,
      Namespace names,
      ItemBuilder builder,
      DynamoDbVerifyReads reads,
      Tags tags,
      Ledger ledger) {
    this.ledger = ledger;
    this.client = client;
    this.names = names;
    this.builder = builder;
    this.reads = reads;
    this.tags = tags;
  }

  /** An item type a write plan writes, in its table. */
  record Target(DynamoDbTable table, DynamoDbItem item) {}

  /**
   * How a write request is sent.
   *
   * @param source the item type whose rows the write takes: the first target's, or the find's
   * @param find the read that finds the item first, with its plan, if the plan has one
   */
  record Shape(
      DynamoDbPlan plan,
      Operation.Write write,
      List<Target> targets,
      DynamoDbItem source,
      Optional<DynamoDbVerifyReads.Shape> find) {
    Shape {
      targets = List.copyOf(targets);
    }
  }

  /**
   * Runs request number {@code sample} of {@code shape} against {@code group}, the group rows come
   * from.
   */
  Outcome run(Shape s, KeyGroup group, int sample) {
    Operation.Kind kind = s.write().kind();
    boolean fresh = kind == Operation.Kind.INSERT || kind == Operation.Kind.UPSERT;
    Instance original = fresh ? freshRow(s, group, sample) : existingRow(s, group, sample);
    Instance row = current.getOrDefault(original, original);
    if (kind == Operation.Kind.DELETE) {
      for (Target t : s.targets()) {
        ledger.wrote(names.name(t.table().name()), builder.primaryKey(t.table(), t.item(), row));
        client.putItem(
            b ->
                b.tableName(names.name(t.table().name()))
                    .item(builder.item(t.table(), t.item(), row)));
      }
    }
    long start = System.nanoTime();
    Outcome out = new Outcome();
    s.find().ifPresent(f -> out.add(reads.run(f, group)));
    if (fresh) {
      put(s, row, out);
    } else if (kind == Operation.Kind.DELETE) {
      delete(s, row, out);
    } else {
      current.put(original, update(s, row, out));
    }
    out.nanos = System.nanoTime() - start;
    return out;
  }

  private Instance freshRow(Shape s, KeyGroup g, int sample) {
    Map<String, String> bound = new LinkedHashMap<>();
    // A key that names one item (a customer's profile) is a new value; a collection gains an item.
    if (!KeyCounts.identifies(s.source().entity(), g.keyAttributes())) {
      g.keyAttributes().stream()
          .filter(a -> s.source().entity().attribute(a).isPresent())
          .forEach(a -> bound.put(a, g.tag()));
    }
    return new Instance(s.source().entity(), bound, tags.next(), sample);
  }

  private Instance existingRow(Shape s, KeyGroup g, int sample) {
    KeyGroup.Member m =
        g.member(s.source())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "the key group "
                            + g.label()
                            + " holds no "
                            + s.source().name()
                            + " items"));
    // A find reads the group's first row, so the write takes that row too.
    return s.find().isPresent() ? m.rows().get(0) : m.rows().get(sample % m.rows().size());
  }

  private void put(Shape s, Instance row, Outcome out) {
    for (Target t : s.targets()) {
      ledger.wrote(names.name(t.table().name()), builder.primaryKey(t.table(), t.item(), row));
    }
    if (s.plan().operation().equals("BatchWriteItem")) {
      batch(
          s,
          t ->
              WriteRequest.builder()
                  .putRequest(
                      PutRequest.builder().item(builder.item(t.table(), t.item(), row)).build())
                  .build(),
          out);
      return;
    }
    boolean notExists =
        s.write()
            .condition()
            .map(c -> c.toLowerCase(Locale.ROOT).equals("not exists"))
            .orElse(false);
    for (Target t : s.targets()) {
      PutItemRequest.Builder b =
          PutItemRequest.builder()
              .tableName(names.name(t.table().name()))
              .item(builder.item(t.table(), t.item(), row))
              .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES);
      if (notExists) {
        b.conditionExpression("attribute_not_exists(#pk)")
            .expressionAttributeNames(Map.of("#pk", t.table().partitionKey().name()));
      }
      out.writes.add(client.putItem(b.build()).consumedCapacity(), names::designName);
      out.calls++;
    }
  }

  private void delete(Shape s, Instance row, Outcome out) {
    if (s.plan().operation().equals("BatchWriteItem")) {
      batch(
          s,
          t ->
              WriteRequest.builder()
                  .deleteRequest(
                      DeleteRequest.builder()
                          .key(builder.primaryKey(t.table(), t.item(), row))
                          .build())
                  .build(),
          out);
      return;
    }
    for (Target t : s.targets()) {
      out.writes.add(
          client
              .deleteItem(
                  b ->
                      b.tableName(names.name(t.table().name()))
                          .key(builder.primaryKey(t.table(), t.item(), row))
                          .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
              .consumedCapacity(),
          names::designName);
      out.calls++;
    }
  }

  private void batch(
      Shape s, java.util.function.Function<Target, WriteRequest> request, Outcome out) {
    Map<String, List<WriteRequest>> items = new LinkedHashMap<>();
    for (Target t : s.targets()) {
      items
          .computeIfAbsent(names.name(t.table().name()), k -> new ArrayList<>())
          .add(request.apply(t));
    }
    BatchWriteItemResponse r =
        client.batchWriteItem(
            b -> b.requestItems(items).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
    out.writes.addAll(r.consumedCapacity(), names::designName);
    out.calls++;
  }

  /** Updates {@code row}'s items and returns the row as the update left it. */
  private Instance update(Shape s, Instance row, Outcome out) {
    Instance after = row;
    for (String a : s.write().set()) {
      after = after.with(a, tags.next());
    }
    boolean increment = s.write().kind() == Operation.Kind.INCREMENT;
    for (Target t : s.targets()) {
      DynamoDbTable table = t.table();
      DynamoDbItem it = t.item();
      Map<String, AttributeValue> key = builder.primaryKey(table, it, row);
      boolean keyChange =
          s.write().set().stream()
              .anyMatch(
                  a ->
                      ItemBuilder.keysUsing(it, a).stream().anyMatch(table.primaryKey()::contains));
      if (keyChange) {
        // DynamoDB cannot change a key: the item is deleted and put again, as keyplan plans it.
        out.writes.add(
            client
                .deleteItem(
                    b ->
                        b.tableName(names.name(table.name()))
                            .key(key)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity(),
            names::designName);
        Map<String, AttributeValue> item = builder.item(table, it, after);
        ledger.wrote(names.name(table.name()), builder.primaryKey(table, it, after));
        out.writes.add(
            client
                .putItem(
                    b ->
                        b.tableName(names.name(table.name()))
                            .item(item)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity(),
            names::designName);
        out.calls += 2;
        continue;
      }
      Map<String, String> attributeNames = new LinkedHashMap<>();
      Map<String, AttributeValue> values = new LinkedHashMap<>();
      List<String> sets = new ArrayList<>();
      List<String> adds = new ArrayList<>();
      for (String a : s.write().set()) {
        Stored stored = it.attributes().get(a);
        if (stored != null) {
          String n = "#a" + attributeNames.size();
          attributeNames.put(n, it.storedName(a));
          String v = ":a" + values.size();
          if (increment && stored.descriptor().equals("N")) {
            values.put(v, AttributeValue.fromN("1"));
            adds.add(n + " " + v);
          } else {
            values.put(v, builder.attribute(table, it.entity(), a, stored, after));
            sets.add(n + " = " + v);
          }
        }
        for (String k : ItemBuilder.keysUsing(it, a)) {
          if (attributeNames.containsValue(k)) {
            continue;
          }
          String n = "#a" + attributeNames.size();
          attributeNames.put(n, k);
          String v = ":a" + values.size();
          values.put(v, builder.key(table, it, k, after));
          sets.add(n + " = " + v);
        }
      }
      if (sets.isEmpty() && adds.isEmpty()) {
        continue;
      }
      String expression =
          (sets.isEmpty() ? "" : "SET " + String.join(", ", sets))
              + (adds.isEmpty()
                  ? ""
                  : (sets.isEmpty() ? "" : " ") + "ADD " + String.join(", ", adds));
      UpdateItemRequest request =
          UpdateItemRequest.builder()
              .tableName(names.name(table.name()))
              .key(key)
              .updateExpression(expression)
              .expressionAttributeNames(attributeNames)
              .expressionAttributeValues(values)
              .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
              .build();
      out.writes.add(client.updateItem(request).consumedCapacity(), names::designName);
      out.calls++;
    }
    // Later requests find the row as this one left it (its table key may have changed).
    return after;
  }
}
