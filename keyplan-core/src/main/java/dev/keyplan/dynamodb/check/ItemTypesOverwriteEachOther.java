package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 *       suffix matches any other suffix: both start at 0. keyplan counts each type's items on their
 *       own ({@code DynamoDbSizing.items}); the message states how few the table may hold: with N
 *       items and D distinct key values per type, each type keeps at most min(N, D) items, up to
 *       min(D<sub>A</sub>, D<sub>B</sub>) keys are shared, and each shared key keeps one item, so
 *       the table keeps as few as min(N<sub>A</sub>, D<sub>A</sub>) + min(N<sub>B</sub>,
 *       D<sub>B</sub>) − min(D<sub>A</sub>, D<sub>B</sub>).
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
      for (int j = 1; j < items.size(); j++) {
        for (int i = 0; i < j; i++) {
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
    double keys = KeyCounts.distinct(e, held, it.rows()) * KeyCounts.shards(templates);
    String kept =
        Double.isNaN(keys) || keys >= it.rows()
            ? ""
            : ": the table keeps at most "
                + Units.count(keys)
                + (keys == 1 ? " item" : " items")
                + " of the "
                + Units.count(it.rows())
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
    String lost =
        Double.isNaN(keysA) || Double.isNaN(keysB)
            ? ""
            : " (up to "
                + Units.count(Math.min(keysA, keysB))
                + " keys shared): keyplan counts "
                + Units.count(a.rows() + b.rows())
                + " items, the table keeps as few as "
                + Units.count(
                    Math.min(a.rows(), keysA) + Math.min(b.rows(), keysB) - Math.min(keysA, keysB));
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
            + Units.count(b.rows())
            + " "
            + b.name()
            + " items are written over the "
            + Units.count(a.rows())
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
    List<KeyTemplate> templates = templates(t, it);
    return KeyCounts.distinct(it.entity(), KeyCounts.placeholders(templates), it.rows())
        * KeyCounts.shards(templates);
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

  /**
   * Returns true if {@code a} and {@code b} can write the same primary key: every key attribute's
   * templates have the same parts.
   */
  static boolean sameKey(List<String> primaryKey, DynamoDbItem a, DynamoDbItem b) {
    for (String k : primaryKey) {
      List<KeyTemplate.Part> pa = a.keys().get(k).parts();
      List<KeyTemplate.Part> pb = b.keys().get(k).parts();
      if (pa.size() != pb.size()) {
        return false;
      }
      for (int i = 0; i < pa.size(); i++) {
        if (!samePart(pa.get(i), a.entity(), pb.get(i), b.entity())) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean samePart(KeyTemplate.Part x, Entity ex, KeyTemplate.Part y, Entity ey) {
    if (x instanceof KeyTemplate.Literal lx && y instanceof KeyTemplate.Literal ly) {
      return lx.text().equals(ly.text());
    }
    if (x instanceof KeyTemplate.Shard && y instanceof KeyTemplate.Shard) {
      return true;
    }
    if (x instanceof KeyTemplate.Placeholder px && y instanceof KeyTemplate.Placeholder py) {
      return sameValues(px.attribute(), ex, py.attribute(), ey);
    }
    return false;
  }

  /** Returns true if attribute {@code x} of {@code ex} and {@code y} of {@code ey} share values. */
  private static boolean sameValues(String x, Entity ex, String y, Entity ey) {
    if (copies(ex, x, ey, y) || copies(ey, y, ex, x)) {
      return true;
    }
    if (!x.equals(y)) {
      return false;
    }
    if (ex.name().equals(ey.name())) {
      return true;
    }
    // Different entities' own ids ({id} of a Customer, {id} of a Product) never coincide.
    return !(ex.key().equals(List.of(x)) && ey.key().equals(List.of(y)));
  }

  /** Returns true if attribute {@code x} of {@code ex} is declared a copy of {@code ey.y}. */
  private static boolean copies(Entity ex, String x, Entity ey, String y) {
    Optional<String> of = ex.attribute(x).flatMap(Attribute::copyOf);
    return of.isPresent() && of.get().equals(ey.name() + "." + y);
  }
}
