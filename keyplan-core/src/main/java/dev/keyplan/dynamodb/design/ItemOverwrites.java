package dev.keyplan.dynamodb.design;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Item types of one table whose primary keys can be equal, and the items the table keeps when they
 * are: PutItem "creates a new item, or replaces an old item with a new item" of the same primary
 * key (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html). The rule
 * ItemTypesOverwriteEachOther reports them; the binder caps each item type's items here, so that
 * sizing, storage, index entries and cost count the items the table keeps (issue 16 §4), not the
 * rows the model writes.
 *
 * <p>The caps, with N an item type's rows and D the distinct primary keys its templates can make
 * ({@link #distinctKeys}):
 *
 * <ul>
 *   <li><b>One item type</b> whose key holds neither its entity's whole key nor a unique attribute
 *       keeps min(N, D) items, one per distinct key.
 *   <li><b>Two item types</b> A (earlier in the table) and B whose keys can be equal ({@link
 *       #sameKey}): each writes K = min(N, D) keys, and their templates draw on the same attribute
 *       values, so up to min(K<sub>A</sub>, K<sub>B</sub>) keys are shared; each shared key keeps
 *       one item. keyplan counts the later type's items whole and the earlier keeps K<sub>A</sub> −
 *       min(K<sub>A</sub>, K<sub>B</sub>): the table keeps max(K<sub>A</sub>, K<sub>B</sub>) items
 *       of the two, the fewest the rule's message states. Which type's item survives depends on
 *       which write came last, which the model does not say; the later type is kept, as the rule's
 *       message reads ("the B items are written over the A items").
 * </ul>
 *
 * Worked numbers: two item types of 1,000,000 orders each keyed {@code ORDER#{order_id}}: K = 1M
 * each, the table keeps 1,000,000 items, not 2,000,000; an item type keyed {@code C#{customer_id}}
 * alone over 1,000,000 orders of 100,000 customers keeps 100,000.
 */
public final class ItemOverwrites {
  private ItemOverwrites() {}

  /** Returns {@code items} with each item type's rows capped at the items the table keeps. */
  static List<DynamoDbItem> cap(List<String> primaryKey, List<DynamoDbItem> items) {
    double[] kept = new double[items.size()];
    for (int i = 0; i < items.size(); i++) {
      DynamoDbItem it = items.get(i);
      kept[i] = it.rows();
      if (!it.keys().keySet().containsAll(primaryKey)) {
        continue;
      }
      double d = distinctKeys(primaryKey, it);
      if (overwritesItself(primaryKey, it) && !Double.isNaN(d)) {
        kept[i] = Math.min(kept[i], d);
      }
    }
    List<List<Integer>> earlier = earlierOfSameShape(primaryKey, items);
    for (int j = 1; j < items.size(); j++) {
      for (int i : earlier.get(j)) {
        if (sameKey(primaryKey, items.get(i), items.get(j))) {
          kept[i] = Math.max(0, kept[i] - Math.min(kept[i], kept[j]));
        }
      }
    }
    List<DynamoDbItem> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      out.add(kept[i] == items.get(i).rows() ? items.get(i) : items.get(i).keeping(kept[i]));
    }
    return out;
  }

  /**
   * Returns, for each of {@code items} (by index), the indexes of the earlier item types whose
   * primary key has the same shape, ascending: the only ones {@link #sameKey} can hold for. The
   * shape is, for each key attribute, its template's parts with each literal's text, a placeholder
   * and a shard suffix as mere marks; {@link #sameKey} needs the same parts in the same places and
   * equal literals, so item types of different shapes never share a key. An item type without a
   * template for every key attribute has none. Comparing every pair instead made the check
   * quadratic in a table's item types (2,000 item types in the 20,000-pattern bench model's single
   * table: 2 million pairs, twice per check), where the shapes' literal prefixes ({@code E4#})
   * leave each item type alone or nearly so.
   */
  public static List<List<Integer>> earlierOfSameShape(
      List<String> primaryKey, List<DynamoDbItem> items) {
    Map<List<String>, List<Integer>> byShape = new HashMap<>();
    List<List<Integer>> out = new ArrayList<>(items.size());
    for (int j = 0; j < items.size(); j++) {
      DynamoDbItem it = items.get(j);
      if (!it.keys().keySet().containsAll(primaryKey)) {
        out.add(List.of());
        continue;
      }
      List<Integer> same = byShape.computeIfAbsent(shape(primaryKey, it), k -> new ArrayList<>());
      out.add(List.copyOf(same));
      same.add(j);
    }
    return out;
  }

  /** The shape {@link #earlierOfSameShape} groups by. */
  private static List<String> shape(List<String> primaryKey, DynamoDbItem it) {
    List<String> out = new ArrayList<>();
    for (String k : primaryKey) {
      // A separator per key attribute: the parts of (A, B) and of (AB, -) stay apart.
      out.add("|");
      for (KeyTemplate.Part part : it.keys().get(k).parts()) {
        if (part instanceof KeyTemplate.Literal l) {
          out.add("L" + l.text());
        } else if (part instanceof KeyTemplate.Shard) {
          out.add("S");
        } else {
          out.add("P");
        }
      }
    }
    return out;
  }

  /**
   * Returns true if the item type's primary key holds neither its entity's whole key nor a unique
   * attribute, while the entity says what one row is (a key or a unique attribute).
   */
  public static boolean overwritesItself(List<String> primaryKey, DynamoDbItem it) {
    Entity e = it.entity();
    boolean unique = e.attributes().values().stream().anyMatch(Attribute::unique);
    if (e.key().isEmpty() && !unique) {
      return false;
    }
    return !KeyCounts.identifies(e, KeyCounts.placeholders(templates(primaryKey, it)));
  }

  /**
   * Returns the distinct primary keys item type {@code it} can write from the rows the model
   * writes, or NaN if a spread is unknown: the distinct values of its templates' attributes times
   * any shard suffixes.
   */
  public static double distinctKeys(List<String> primaryKey, DynamoDbItem it) {
    List<KeyTemplate> templates = templates(primaryKey, it);
    return KeyCounts.distinct(it.entity(), KeyCounts.placeholders(templates), it.writtenRows())
        * KeyCounts.shards(templates);
  }

  private static List<KeyTemplate> templates(List<String> primaryKey, DynamoDbItem it) {
    List<KeyTemplate> out = new ArrayList<>();
    for (String k : primaryKey) {
      it.template(k).ifPresent(out::add);
    }
    return out;
  }

  /**
   * Returns true if {@code a} and {@code b} can write the same primary key: for every key attribute
   * their templates have the same parts (the same literals, the same attributes in the same places,
   * any shard suffix matching another: both start at 0). A placeholder is the same attribute when
   * both name it, or one is declared {@code copy_of} the other, except when it is, in each item
   * type, the whole key of a different entity ({@code {id}} of a Customer and of a Product).
   */
  public static boolean sameKey(List<String> primaryKey, DynamoDbItem a, DynamoDbItem b) {
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
