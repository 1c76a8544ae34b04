package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.ItemOverwrites;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Flags item types of a table whose primary keys can be equal, so one write replaces another item.
 * PutItem "creates a new item, or replaces an old item with a new item. If an item that has the
 * same primary key as the new item already exists in the specified table, the new item completely
 * replaces the existing item" (DynamoDB API Reference, PutItem,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html). docs/model.md,
 * "Rows that overwrite each other", defines it for every store; this is the DynamoDB part
 * (Cassandra's is RowsOverwriteEachOther).
 *
 * <p>Two cases, both errors:
 *
 * <ul>
 *   <li><b>Two item types</b> of one table overwrite each other when, for every attribute of the
 *       table's primary key, their templates can produce the same value: the same literal parts and
 *       the same attributes in the same places (issue 16, Decisions). A placeholder is "the same
 *       attribute" when both name it, or one is declared {@code copy_of} the other, except when it
 *       is, in each item type, the whole key of a different entity: {@code {id}} of a Customer and
 *       {@code {id}} of a Product are different entities' ids and never equal. A {@code {shard:N}}
 *       suffix matches any other suffix: both start at 0 ({@link ItemOverwrites#sameKey}). The
 *       message states how few the table may hold, the figure the sizing counts ({@link
 *       ItemOverwrites}): with N items and D distinct key values per type, each type keeps K =
 *       min(N, D) items, up to min(K<sub>A</sub>, K<sub>B</sub>) keys are shared, and each shared
 *       key keeps one item, so the table keeps as few as K<sub>A</sub> + K<sub>B</sub> −
 *       min(K<sub>A</sub>, K<sub>B</sub>).
 *   <li><b>One item type</b> overwrites its own items when its primary-key templates hold neither
 *       its entity's whole {@code key} nor a {@code unique} attribute ({@link
 *       KeyCounts#identifies}): it keeps one item per distinct combination of the templates'
 *       attributes (times any shard suffixes), {@link KeyCounts#distinct}, the same count keyplan
 *       uses for item collections.
 * </ul>
 */
@RuleSpec(
    category = Category.KEY,
    summary = "Item types whose primary keys can be equal: writes replace each other's items",
    severity = Severity.ERROR)
public final class ItemTypesOverwriteEachOther implements DynamoDbRule {

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      List<String> pk = t.primaryKey();
      List<DynamoDbItem> items =
          t.items().stream().filter(it -> it.keys().keySet().containsAll(pk)).toList();
      for (DynamoDbItem it : items) {
        itself(t, it, out);
      }
      // Only earlier item types of the same key shape can share a key; the first that does is
      // the first of all the earlier ones that does.
      List<List<Integer>> earlier = ItemOverwrites.earlierOfSameShape(pk, items);
      for (int j = 1; j < items.size(); j++) {
        for (int i : earlier.get(j)) {
          if (sameKey(pk, items.get(i), items.get(j))) {
            pair(t, items.get(i), items.get(j), out);
            // One finding per item type: the first it collides with names the fix.
            break;
          }
        }
      }
    }
  }

  /** Reports an item type whose key does not identify one of its entity's rows. */
  private static void itself(DynamoDbTable t, DynamoDbItem it, Findings out) {
    Entity e = it.entity();
    List<String> unique =
        e.attributes().values().stream().filter(Attribute::unique).map(Attribute::name).toList();
    if (e.key().isEmpty() && unique.isEmpty()) {
      // Nothing says what one row is: the model cannot tell an overwrite from an update.
      return;
    }
    List<KeyTemplate> templates = templates(t, it);
    Set<String> held = KeyCounts.placeholders(templates);
    if (KeyCounts.identifies(e, held)) {
      return;
    }
    List<String> missing = e.key().stream().filter(k -> !held.contains(k)).toList();
    double keys = KeyCounts.distinct(e, held, it.writtenRows()) * KeyCounts.shards(templates);
    String kept =
        Double.isNaN(keys) || keys >= it.writtenRows()
            ? ""
            : ": the table keeps at most "
                + Units.count(keys)
                + (keys == 1 ? " item" : " items")
                + " of the "
                + Units.count(it.writtenRows())
                + " "
                + it.name()
                + " items the model writes (one per distinct "
                + (held.isEmpty() ? "key: the key is all literal" : String.join(" × ", held))
                + ")";
    // The fix appends the missing key attributes to the sort key, or to the partition key.
    String target = t.primaryKey().get(t.primaryKey().size() - 1);
    String fixed =
        it.template(target).map(KeyTemplate::text).orElse("")
            + missing.stream().map(m -> "#{" + m + "}").collect(Collectors.joining());
    out.report(
        Severity.ERROR,
        it.name(),
        it.location(),
        "item type "
            + it.name()
            + " of table "
            + t.name()
            + " has the primary key "
            + keyText(t, it)
            + ", which lacks "
            + String.join(", ", missing)
            + " of "
            + e.name()
            + "'s key"
            + (unique.isEmpty()
                ? ""
                : " and every unique attribute (" + String.join(", ", unique) + ")")
            + ": items with the same key values overwrite each other"
            + kept,
        "add "
            + String.join(", ", missing)
            + " to the key of "
            + it.name()
            + ": "
            + target
            + " = \""
            + fixed
            + "\"; if the item is meant to keep only the latest value per key, model it as an"
            + " entity of its own, keyed as the item is");
  }

  /** Reports item type {@code b} whose key can equal that of item type {@code a}. */
  private static void pair(DynamoDbTable t, DynamoDbItem a, DynamoDbItem b, Findings out) {
    double keysA = keys(t, a);
    double keysB = keys(t, b);
    // Each type writes at most one item per distinct key (ItemOverwrites, whose cap the sizing
    // applies).
    double keptA = Math.min(a.writtenRows(), keysA);
    double keptB = Math.min(b.writtenRows(), keysB);
    String lost =
        Double.isNaN(keysA) || Double.isNaN(keysB)
            ? ""
            : " (up to "
                + Units.count(Math.min(keptA, keptB))
                + " keys shared): the model writes "
                + Units.count(a.writtenRows() + b.writtenRows())
                + " items, the table keeps as few as "
                + Units.count(keptA + keptB - Math.min(keptA, keptB))
                + ", which keyplan sizes and prices";
    String target = t.primaryKey().get(t.primaryKey().size() - 1);
    String prefix = b.name().toUpperCase(java.util.Locale.ROOT) + "#";
    out.report(
        Severity.ERROR,
        b.name(),
        b.location(),
        "item types "
            + a.name()
            + " and "
            + b.name()
            + " of table "
            + t.name()
            + " have the same primary key "
            + keyText(t, b)
            + ": the "
            + Units.count(b.writtenRows())
            + " "
            + b.name()
            + " items are written over the "
            + Units.count(a.writtenRows())
            + " "
            + a.name()
            + " items with the same "
            + String.join(", ", KeyCounts.placeholders(templates(t, b)))
            + ", each write replacing the other type's item"
            + lost,
        "give "
            + b.name()
            + " a literal of its own: "
            + target
            + " = \""
            + prefix
            + b.template(target).map(KeyTemplate::text).orElse("")
            + "\"; or key it by "
            + b.entity().name()
            + "'s own key ("
            + String.join(", ", b.entity().key())
            + ")");
  }

  /** Returns the distinct primary keys item type {@code it} can write, or NaN if unknown. */
  private static double keys(DynamoDbTable t, DynamoDbItem it) {
    return ItemOverwrites.distinctKeys(t.primaryKey(), it);
  }

  private static List<KeyTemplate> templates(DynamoDbTable t, DynamoDbItem it) {
    List<KeyTemplate> out = new ArrayList<>();
    for (String k : t.primaryKey()) {
      it.template(k).ifPresent(out::add);
    }
    return out;
  }

  private static String keyText(DynamoDbTable t, DynamoDbItem it) {
    return "("
        + t.primaryKey().stream()
            .map(k -> k + " = \"" + it.template(k).map(KeyTemplate::text).orElse("?") + "\"")
            .collect(Collectors.joining(", "))
        + ")";
  }

  static boolean sameKey(List<String> primaryKey, DynamoDbItem a, DynamoDbItem b) {
    return ItemOverwrites.sameKey(primaryKey, a, b);
  }
}
