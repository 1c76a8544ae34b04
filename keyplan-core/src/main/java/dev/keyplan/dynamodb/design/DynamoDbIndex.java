package dev.keyplan.dynamodb.design;

import dev.keyplan.input.Location;
import dev.keyplan.model.Attribute;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Look-ups over a design's bound tables, built once per analysis: the planners and the rules ask
 * for "the item types of entity E", "the item types sharing this partition key on this index" or
 * "the table of this copy" for every pattern, and scanning every table, path and item type for each
 * answer made a check grow with patterns × item types.
 *
 * <p>Every list keeps model order (tables as written, then their paths or item types as written),
 * which is the order the scans it replaces visited them in; so sums add up in the same order and
 * "the first match" is the same match, and the analysis and the findings do not change.
 *
 * <p>Per-path look-ups are keyed by the {@link KeyPath} instances of the bound tables (by
 * identity): the planners and rules only ever hold those.
 */
public final class DynamoDbIndex {
  /**
   * An item type in its table; {@code position} counts item types over all tables, in model order.
   */
  public record Placed(DynamoDbTable table, DynamoDbItem item, int position) {}

  /**
   * An item type whose entity has an attribute that is a {@code copy_of} another entity's: the
   * copy's attribute name, and the item's {@link Placed#position position}.
   */
  public record CopyHolder(
      DynamoDbTable table, DynamoDbItem item, String attribute, int position) {}

  /** One table or index: its item types by partition signature, and what a Scan of it evaluates. */
  private record PathFacts(
      Map<String, List<DynamoDbItem>> bySignature, double scanRows, double scanBytes) {}

  /** A path (the table's key or an index) with its table. */
  record OnTable(DynamoDbTable table, KeyPath path) {}

  private final List<DynamoDbTable> tables;
  private final Map<String, DynamoDbTable> tablesByName;
  private final Map<String, Integer> tablePositions;
  private final Map<String, List<Placed>> itemsByEntity;
  private final Map<String, List<CopyHolder>> copyHolders;
  private final Map<String, List<OnTable>> pathsByCopy;
  private final Map<String, KeyPath> capacityPaths;
  private final Map<String, Map<String, Integer>> itemPositionsInTable;
  private final Map<KeyPath, PathFacts> paths;

  private DynamoDbIndex(List<DynamoDbTable> tables) {
    this.tables = List.copyOf(tables);
    Map<String, DynamoDbTable> byName = new HashMap<>();
    Map<String, Integer> positions = new HashMap<>();
    Map<String, List<Placed>> byEntity = new HashMap<>();
    Map<String, List<CopyHolder>> holders = new HashMap<>();
    Map<String, List<OnTable>> byCopy = new HashMap<>();
    Map<String, KeyPath> capacity = new HashMap<>();
    Map<String, Map<String, Integer>> itemPositions = new HashMap<>();
    Map<KeyPath, PathFacts> facts = new IdentityHashMap<>();
    int position = 0;
    for (int ti = 0; ti < this.tables.size(); ti++) {
      DynamoDbTable t = this.tables.get(ti);
      byName.putIfAbsent(t.name(), t);
      positions.putIfAbsent(t.name(), ti);
      Map<String, Integer> inTable = new HashMap<>();
      for (int i = 0; i < t.items().size(); i++) {
        DynamoDbItem it = t.items().get(i);
        inTable.putIfAbsent(it.name(), i);
        byEntity
            .computeIfAbsent(it.entity().name(), k -> new ArrayList<>())
            .add(new Placed(t, it, position));
        for (Attribute copy : it.entity().attributes().values()) {
          int at = position;
          copy.copyOf()
              .ifPresent(
                  source ->
                      holders
                          .computeIfAbsent(source, k -> new ArrayList<>())
                          .add(new CopyHolder(t, it, copy.name(), at)));
        }
        position++;
      }
      itemPositions.putIfAbsent(t.name(), Collections.unmodifiableMap(inTable));
      for (KeyPath p : t.paths()) {
        byCopy.computeIfAbsent(p.copy(), k -> new ArrayList<>()).add(new OnTable(t, p));
        if (!p.local()) {
          capacity.putIfAbsent(p.copy(), p);
        }
        facts.put(p, facts(t, p));
      }
    }
    this.tablesByName = Collections.unmodifiableMap(byName);
    this.tablePositions = Collections.unmodifiableMap(positions);
    this.itemsByEntity = frozen(byEntity);
    this.copyHolders = frozen(holders);
    this.pathsByCopy = frozen(byCopy);
    this.capacityPaths = Collections.unmodifiableMap(capacity);
    this.itemPositionsInTable = Collections.unmodifiableMap(itemPositions);
    this.paths = Collections.unmodifiableMap(facts);
  }

  /** Returns the index of {@code tables}. */
  public static DynamoDbIndex of(List<DynamoDbTable> tables) {
    return new DynamoDbIndex(tables);
  }

  /**
   * The items on {@code p} grouped by partition signature (in item order), and what a Scan of it
   * evaluates: the rows and bytes of every item on it, summed in item order as DynamoDbReadPlanner
   * did.
   */
  private static PathFacts facts(DynamoDbTable t, KeyPath p) {
    Map<String, List<DynamoDbItem>> bySignature = new LinkedHashMap<>();
    double rows = 0;
    double bytes = 0;
    for (DynamoDbItem o : t.items()) {
      if (o.on(p)) {
        bySignature.computeIfAbsent(o.partitionSignature(p), k -> new ArrayList<>()).add(o);
        // A sparse index holds only the items that carry its key attributes.
        rows += o.rowsOn(p);
        bytes += o.rowsOn(p) * o.entryBytes(p, t);
      }
    }
    return new PathFacts(frozen(bySignature), rows, bytes);
  }

  private static <T> Map<String, List<T>> frozen(Map<String, List<T>> lists) {
    Map<String, List<T>> out = new LinkedHashMap<>();
    lists.forEach((k, v) -> out.put(k, List.copyOf(v)));
    return Collections.unmodifiableMap(out);
  }

  /** Returns the table called {@code name}. */
  public Optional<DynamoDbTable> table(String name) {
    return Optional.ofNullable(tablesByName.get(name));
  }

  /** Returns the tables called {@code names} (those that exist), in model order. */
  public List<DynamoDbTable> tablesIn(Collection<String> names) {
    List<Integer> at = new ArrayList<>();
    for (String n : new java.util.LinkedHashSet<>(names)) {
      Integer i = tablePositions.get(n);
      if (i != null) {
        at.add(i);
      }
    }
    at.sort(null);
    List<DynamoDbTable> out = new ArrayList<>();
    at.forEach(i -> out.add(tables.get(i)));
    return List.copyOf(out);
  }

  /** Returns every item type of {@code entity}, in model order. */
  public List<Placed> itemsOf(String entity) {
    return itemsByEntity.getOrDefault(entity, List.of());
  }

  /**
   * Returns every item type whose entity has an attribute that is a {@code copy_of} {@code source}
   * ({@code Entity.attribute}), in model order, then in the entity's attribute order; whether the
   * item holds the copy is the caller's question.
   */
  public List<CopyHolder> copyHolders(String source) {
    return copyHolders.getOrDefault(source, List.of());
  }

  /**
   * Returns the table and path of every path whose {@link KeyPath#copy() copy} is {@code copy}, in
   * model order.
   */
  List<OnTable> pathsOf(String copy) {
    return pathsByCopy.getOrDefault(copy, List.of());
  }

  /**
   * Returns the path whose capacity {@code copy} names: the first table key or global index with
   * that copy.
   */
  public Optional<KeyPath> capacityPath(String copy) {
    return Optional.ofNullable(capacityPaths.get(copy));
  }

  /**
   * Returns where {@code copy} is written in the model: a global index's own entry for a global
   * index, else its table's; {@link Location#NONE} for a copy of no indexed table.
   */
  public Location locationOf(String copy) {
    Optional<KeyPath> p = capacityPath(copy);
    if (p.isPresent() && p.get().isIndex()) {
      return p.get().location();
    }
    String table = p.map(KeyPath::table).orElse(copy);
    return table(table).map(DynamoDbTable::location).orElse(Location.NONE);
  }

  /** Returns the first table having a path (its key, or an index) whose copy is {@code copy}. */
  public Optional<DynamoDbTable> tableOf(String copy) {
    List<OnTable> on = pathsOf(copy);
    return on.isEmpty() ? Optional.empty() : Optional.of(on.get(0).table());
  }

  /**
   * Returns the first item type of {@code table}, in its order, whose name is one of {@code names}.
   */
  public Optional<DynamoDbItem> item(DynamoDbTable table, Collection<String> names) {
    Map<String, Integer> at = itemPositionsInTable.get(table.name());
    if (at == null || tablesByName.get(table.name()) != table) {
      // Not a table of this index: scan it.
      return table.items().stream().filter(i -> names.contains(i.name())).findFirst();
    }
    int first = Integer.MAX_VALUE;
    for (String n : names) {
      Integer i = at.get(n);
      if (i != null && i < first) {
        first = i;
      }
    }
    return first == Integer.MAX_VALUE ? Optional.empty() : Optional.of(table.items().get(first));
  }

  /**
   * Returns the item types on {@code path} whose partition key templates have {@code signature}
   * ({@link DynamoDbItem#partitionSignature}), in item order: the item types sharing key values.
   */
  List<DynamoDbItem> sharing(KeyPath path, String signature) {
    return facts(path).bySignature().getOrDefault(signature, List.of());
  }

  /** Returns the rows of every item type on {@code path}: what a Scan of it evaluates. */
  double scanRows(KeyPath path) {
    return facts(path).scanRows();
  }

  /**
   * Returns the bytes of every entry on {@code path} (rows × entry bytes, summed in item order).
   */
  double scanBytes(KeyPath path) {
    return facts(path).scanBytes();
  }

  private PathFacts facts(KeyPath path) {
    PathFacts f = paths.get(path);
    if (f == null) {
      throw new IllegalArgumentException("not a path of the indexed tables: " + path.label());
    }
    return f;
  }
}
