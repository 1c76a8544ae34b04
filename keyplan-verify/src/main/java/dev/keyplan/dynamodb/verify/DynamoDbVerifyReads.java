package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.verify.KeyCondition.Bound;
import dev.keyplan.dynamodb.verify.KeyCondition.Op;
import dev.keyplan.dynamodb.verify.KeyCondition.Term;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Runs one request of a read plan against one key group, the way the plan says: GetItem with the
 * plan's key; Query on the plan's table or index with its key condition, once per write shard,
 * newest first where the read orders so, with the read's limit, paging on LastEvaluatedKey; a Scan
 * of every page; and, where a global index does not project what the read selects, a BatchGetItem
 * of the table items the query returned (eventually consistent, as keyplan costs it). Every call
 * asks for {@code ReturnConsumedCapacity=INDEXES}.
 *
 * <p>The key condition's placeholders take the group's first row of the read's item type; a range
 * ({@code <attr from>}, {@code <attr to>}) spans every row of that type in the group, so it reads
 * what keyplan's plan reads: the whole partition, a range not narrowing its count.
 */
final class DynamoDbVerifyReads {
  private static final int BATCH_GET = 100;

  private final DynamoDbClient client;
  private final Namespace names;
  private final ItemBuilder builder;

  DynamoDbVerifyReads(DynamoDbClient client, Namespace names, ItemBuilder builder) {
    this.client = client;
    this.names = names;
    this.builder = builder;
  }

  /** How a read request is sent, decided once per pattern. */
  record Shape(
      DynamoDbPlan plan,
      DynamoDbTable table,
      DynamoDbItem item,
      KeyPath path,
      Operation.Read read,
      OptionalInt limitPerQuery,
      boolean forward,
      boolean fetchFromTable,
      boolean selectAll) {}

  /** Runs one request of {@code shape} against {@code group} (none for a Scan). */
  Outcome run(Shape shape, KeyGroup group) {
    long start = System.nanoTime();
    Outcome out = new Outcome();
    switch (shape.plan().access()) {
      case GET_ITEM:
        getItem(shape, group, out);
        break;
      case SCAN:
        scan(shape, out);
        break;
      default:
        query(shape, group, out);
        break;
    }
    out.nanos = System.nanoTime() - start;
    return out;
  }

  private boolean strong(Shape s) {
    return s.plan().consistency().map("strong"::equals).orElse(false);
  }

  private void getItem(Shape s, KeyGroup g, Outcome out) {
    KeyCondition kc = KeyCondition.parse(s.plan().keyCondition());
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (Term t : kc.terms()) {
      key.put(t.attribute(), value(s, g, t, 0, 0));
    }
    GetItemResponse r =
        client.getItem(
            b ->
                b.tableName(names.name(s.table().name()))
                    .key(key)
                    .consistentRead(strong(s))
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
    out.calls++;
    out.returned += r.hasItem() && !r.item().isEmpty() ? 1 : 0;
    out.evaluated += 1;
    out.reads.add(r.consumedCapacity(), names::designName);
  }

  private void query(Shape s, KeyGroup g, Outcome out) {
    KeyCondition kc = KeyCondition.parse(s.plan().keyCondition());
    List<Map<String, AttributeValue>> found = new ArrayList<>();
    for (int shard = 0; shard < kc.queries(); shard++) {
      Map<String, String> attributeNames = new LinkedHashMap<>();
      Map<String, AttributeValue> values = new LinkedHashMap<>();
      List<String> terms = new ArrayList<>();
      for (int i = 0; i < kc.terms().size(); i++) {
        Term t = kc.terms().get(i);
        String name = "#k" + i;
        attributeNames.put(name, t.attribute());
        values.put(":v" + i, value(s, g, t, 0, shard));
        if (t.op() == Op.EQ) {
          terms.add(name + " = :v" + i);
        } else if (t.op() == Op.BEGINS_WITH) {
          terms.add("begins_with(" + name + ", :v" + i + ")");
        } else {
          values.put(":w" + i, value(s, g, t, 1, shard));
          terms.add(name + " BETWEEN :v" + i + " AND :w" + i);
        }
      }
      Map<String, AttributeValue> startKey = null;
      int got = 0;
      do {
        QueryRequest.Builder b =
            QueryRequest.builder()
                .tableName(names.name(s.table().name()))
                .keyConditionExpression(String.join(" AND ", terms))
                .expressionAttributeNames(attributeNames)
                .expressionAttributeValues(values)
                .consistentRead(strong(s))
                .scanIndexForward(s.forward())
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES);
        if (s.path().isIndex()) {
          b.indexName(s.path().name());
        }
        if (s.read().count()) {
          b.select(Select.COUNT);
        } else if (s.selectAll()) {
          b.select(Select.ALL_ATTRIBUTES);
        }
        if (s.limitPerQuery().isPresent()) {
          b.limit(s.limitPerQuery().getAsInt() - got);
        }
        if (startKey != null) {
          b.exclusiveStartKey(startKey);
        }
        QueryResponse r = client.query(b.build());
        out.calls++;
        out.returned += r.count();
        out.evaluated += r.scannedCount();
        out.pages.add((long) r.scannedCount());
        got += r.count();
        out.reads.add(r.consumedCapacity(), names::designName);
        if (r.hasItems()) {
          found.addAll(r.items());
        }
        startKey =
            r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty()
                ? r.lastEvaluatedKey()
                : null;
      } while (startKey != null
          && (s.limitPerQuery().isEmpty() || got < s.limitPerQuery().getAsInt()));
    }
    if (s.fetchFromTable()) {
      fetch(s, found, out);
    }
  }

  /** The BatchGetItem of the table items behind a global index's entries, 100 keys a call. */
  private void fetch(Shape s, List<Map<String, AttributeValue>> entries, Outcome out) {
    String table = names.name(s.table().name());
    for (int from = 0; from < entries.size(); from += BATCH_GET) {
      List<Map<String, AttributeValue>> keys = new ArrayList<>();
      for (Map<String, AttributeValue> e :
          entries.subList(from, Math.min(entries.size(), from + BATCH_GET))) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        s.table().primaryKey().forEach(k -> key.put(k, e.get(k)));
        keys.add(key);
      }
      Map<String, KeysAndAttributes> request =
          Map.of(table, KeysAndAttributes.builder().keys(keys).consistentRead(false).build());
      while (!request.isEmpty()) {
        Map<String, KeysAndAttributes> now = request;
        BatchGetItemResponse r =
            client.batchGetItem(
                b -> b.requestItems(now).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
        out.calls++;
        out.reads.addAll(r.consumedCapacity(), names::designName);
        request = r.hasUnprocessedKeys() ? r.unprocessedKeys() : Map.of();
      }
    }
  }

  private void scan(Shape s, Outcome out) {
    Map<String, AttributeValue> startKey = null;
    int got = 0;
    do {
      ScanRequest.Builder b =
          ScanRequest.builder()
              .tableName(names.name(s.table().name()))
              .consistentRead(strong(s))
              .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES);
      if (s.path().isIndex()) {
        b.indexName(s.path().name());
      }
      if (s.read().count()) {
        b.select(Select.COUNT);
      }
      if (s.limitPerQuery().isPresent()) {
        b.limit(s.limitPerQuery().getAsInt() - got);
      }
      if (startKey != null) {
        b.exclusiveStartKey(startKey);
      }
      ScanResponse r = client.scan(b.build());
      out.calls++;
      out.returned += r.count();
      out.evaluated += r.scannedCount();
      got += r.count();
      out.reads.add(r.consumedCapacity(), names::designName);
      startKey =
          r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (startKey != null
        && (s.limitPerQuery().isEmpty() || got < s.limitPerQuery().getAsInt()));
  }

  /**
   * Returns operand {@code operand} of term {@code t} for the group's first row of the item type: a
   * bare placeholder of an N or B key as that key's own value, anything else as text.
   */
  private AttributeValue value(Shape s, KeyGroup g, Term t, int operand, int shard) {
    KeyCondition.Template template = t.operands().get(operand);
    KeyGroup.Member m =
        g.member(s.item())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "the key group " + g.label() + " holds no " + s.item().name() + " items"));
    Instance row = m.rows().get(0);
    String type = s.table().keyTypes().getOrDefault(t.attribute(), "S");
    if (template.bare().isPresent() && !type.equals("S")) {
      return builder.key(s.table(), s.item(), t.attribute(), row);
    }
    String text =
        KeyCondition.fill(
            template, (a, bound) -> placeholder(s, m, row, a, bound), count -> shard % count);
    return AttributeValue.fromS(text);
  }

  private String placeholder(Shape s, KeyGroup.Member m, Instance row, String a, Bound bound) {
    if (bound == Bound.VALUE) {
      return builder.text(s.item().entity(), a, row.tag(a));
    }
    String best = null;
    for (Instance r : m.rows()) {
      String v = builder.text(s.item().entity(), a, r.tag(a));
      if (best == null || (bound == Bound.FROM ? v.compareTo(best) < 0 : v.compareTo(best) > 0)) {
        best = v;
      }
    }
    return best;
  }
}
