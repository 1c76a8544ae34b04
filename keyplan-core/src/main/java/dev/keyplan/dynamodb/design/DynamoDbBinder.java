package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.facts.AttributeTypes;
import dev.keyplan.dynamodb.facts.AttributeTypes.Stored;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Index;
import dev.keyplan.dynamodb.model.DynamoDbDesign.ItemType;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.dynamodb.model.DynamoDbDesign.StoredAttribute;
import dev.keyplan.dynamodb.schema.ImportedTable;
import dev.keyplan.dynamodb.schema.SchemaFiles;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Suggest;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Model;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Resolves a {@code dynamodb:} section into {@link DynamoDbTable}s: tables from the imported schema
 * file and the section, item types bound to their entities, each key attribute's template (given,
 * or the entity attribute of the same name) and type, and every item's size.
 *
 * <p>Problems are collected and thrown together as one {@link InputException}, each at its place: a
 * template for an attribute no key has, a key attribute an item leaves empty, one attribute typed S
 * in one item and N in another (DynamoDB declares one type per key attribute).
 */
final class DynamoDbBinder {
  private final Model model;
  private final DynamoDbDesign design;
  private final List<Diagnostic> problems = new ArrayList<>();
  private final Map<String, Long> insertTtls;

  DynamoDbBinder(Model model, DynamoDbDesign design) {
    this.model = model;
    this.design = design;
    this.insertTtls = model.insertTtls();
  }

  List<DynamoDbTable> bind() {
    Map<String, ImportedTable> imported = new LinkedHashMap<>();
    design
        .schema()
        .ifPresent(
            path ->
                SchemaFiles.read(path, design.schemaLocation())
                    .forEach(t -> imported.put(t.table().name(), t)));
    List<DynamoDbTable> out = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (DynamoDbDesign.Table written : design.tables()) {
      seen.add(written.name());
      ImportedTable from = imported.get(written.name());
      if (design.schema().isPresent() && from == null && written.partitionKey().isEmpty()) {
        problems.add(
            new Diagnostic(
                written.location(),
                "table '"
                    + written.name()
                    + "' is not in "
                    + design.schema().get().getFileName()
                    + Suggest.closest(written.name(), imported.keySet())
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse("")
                    + " and gives no partition_key"));
        continue;
      }
      table(
              merge(written, from),
              from == null ? Map.of() : from.attributeTypes(),
              from == null ? List.of() : from.warnings(),
              from == null ? List.of() : from.samples())
          .ifPresent(out::add);
    }
    for (ImportedTable t : imported.values()) {
      if (!seen.contains(t.table().name())) {
        // A table of the schema with no item types stores nothing of the model: it is still sized
        // and priced as empty, and emitted, so the design round-trips.
        table(t.table(), t.attributeTypes(), t.warnings(), t.samples()).ifPresent(out::add);
      }
    }
    Set<String> paths = new LinkedHashSet<>();
    out.forEach(t -> t.paths().forEach(p -> paths.add(p.name())));
    for (DynamoDbDesign.Access pin : design.access().values()) {
      if (pin.via().isPresent() && !paths.contains(pin.via().get())) {
        problems.add(
            new Diagnostic(
                pin.location(),
                "'"
                    + pin.pattern()
                    + "' is pinned to '"
                    + pin.via().get()
                    + "', which is no table or index"
                    + Suggest.closest(pin.via().get(), paths)
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse("")
                    + "; known: "
                    + String.join(", ", paths)));
      }
    }
    if (!problems.isEmpty()) {
      problems.sort(
          java.util.Comparator.comparing((Diagnostic d) -> d.location().file())
              .thenComparingInt(d -> d.location().line())
              .thenComparingInt(d -> d.location().column()));
      throw new InputException(problems);
    }
    return out;
  }

  /**
   * Returns the written table completed by the imported one: keys, indexes and capacity from the
   * file.
   */
  private DynamoDbDesign.Table merge(DynamoDbDesign.Table written, ImportedTable from) {
    if (from == null) {
      return written;
    }
    DynamoDbDesign.Table f = from.table();
    for (String key : List.of("partition_key", "sort_key")) {
      Optional<String> w = key.equals("partition_key") ? written.partitionKey() : written.sortKey();
      Optional<String> i = key.equals("partition_key") ? f.partitionKey() : f.sortKey();
      if (w.isPresent() && !w.equals(i)) {
        problems.add(
            new Diagnostic(
                written.location(),
                "table '"
                    + written.name()
                    + "': "
                    + key
                    + " '"
                    + w.get()
                    + "' differs from the schema file's '"
                    + i.orElse("(none)")
                    + "'"));
      }
    }
    List<Index> indexes = new ArrayList<>(f.indexes());
    // The file's mode is known only now: an index of an on-demand table follows its table's mode,
    // so a capacity written for it would be silently unused (issue 16).
    boolean onDemand = written.billing().or(f::billing).map(b -> b.onDemand()).orElse(true);
    for (Index ix : written.indexes()) {
      if (onDemand && ix.capacity().isPresent()) {
        problems.add(
            new Diagnostic(
                ix.capacity().get().location(),
                "index '"
                    + ix.name()
                    + "' sets capacity, but table '"
                    + f.name()
                    + "' is on-demand in "
                    + design.schema().map(p -> p.getFileName().toString()).orElse("the schema file")
                    + "; an index follows its table's mode: give the table {read: N, write: N} to"
                    + " provision it, or remove the index's capacity"));
        continue;
      }
      // An index written with capacity alone (no keys) is an overlay on the file's index: NoSQL
      // Workbench files have no per-index units, so the model gives them (issue 16).
      boolean overlay = !ix.local() && ix.partitionKey().isEmpty() && ix.sortKey().isEmpty();
      int i = indexOf(indexes, ix.name());
      if (i >= 0 && overlay) {
        Index file = indexes.get(i);
        indexes.set(
            i,
            new Index(
                file.name(),
                file.local(),
                file.partitionKey(),
                file.sortKey(),
                file.projection(),
                ix.capacity(),
                file.location()));
      } else if (i >= 0) {
        problems.add(
            new Diagnostic(
                ix.location(),
                "index '"
                    + ix.name()
                    + "' is already defined by the schema file; only its capacity: may be set"
                    + " here"));
      } else if (overlay) {
        problems.add(
            new Diagnostic(
                ix.location(),
                "index '"
                    + ix.name()
                    + "' is not in "
                    + design.schema().map(p -> p.getFileName().toString()).orElse("the schema file")
                    + Suggest.closest(ix.name(), f.indexes().stream().map(Index::name).toList())
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse("")
                    + " and gives no partition_key"));
      } else {
        indexes.add(ix);
      }
    }
    return new DynamoDbDesign.Table(
        f.name(),
        f.partitionKey(),
        f.sortKey(),
        indexes,
        written.billing().or(f::billing),
        written.ttl().or(f::ttl),
        written.stream().or(f::stream),
        written.items(),
        written.location());
  }

  private static int indexOf(List<Index> indexes, String name) {
    for (int i = 0; i < indexes.size(); i++) {
      if (indexes.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  private Optional<DynamoDbTable> table(
      DynamoDbDesign.Table t,
      Map<String, String> declaredTypes,
      List<Diagnostic> warnings,
      List<Map<String, dev.keyplan.dynamodb.facts.AttributeValue>> samples) {
    if (t.partitionKey().isEmpty()) {
      return Optional.empty();
    }
    List<KeyPath> paths = new ArrayList<>();
    paths.add(
        new KeyPath(
            t.name(),
            t.name(),
            false,
            false,
            List.of(t.partitionKey().get()),
            t.sortKey().map(List::of).orElse(List.of()),
            Projection.ALL,
            Optional.empty(),
            t.location()));
    for (Index ix : t.indexes()) {
      if (ix.local() && t.sortKey().isEmpty()) {
        problems.add(
            new Diagnostic(
                ix.location(),
                "a local index needs a table with a sort key; '" + t.name() + "' has none"));
      }
      paths.add(
          new KeyPath(
              t.name(),
              ix.name(),
              true,
              ix.local(),
              ix.local() ? List.of(t.partitionKey().get()) : ix.partitionKey(),
              ix.sortKey(),
              ix.projection(),
              ix.capacity(),
              ix.location()));
    }
    Set<String> keyAttributes = new LinkedHashSet<>();
    paths.forEach(p -> keyAttributes.addAll(p.keyAttributes()));
    Map<String, String> types = new HashMap<>(declaredTypes);
    Map<String, String> typedBy = new HashMap<>();
    // The attributes some item type of the table names itself, under keys: or in its attributes:
    // list: the design says which item types carry them.
    Set<String> named = new LinkedHashSet<>();
    for (ItemType it : t.items()) {
      named.addAll(it.keys().keySet());
      named.addAll(it.without().keySet());
      if (!it.allAttributes()) {
        it.attributes().forEach(a -> named.add(a.name()));
      }
    }
    List<DynamoDbItem> items = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (ItemType it : t.items()) {
      if (!names.add(it.name())) {
        problems.add(
            new Diagnostic(
                it.location(),
                "item type '" + it.name() + "' is written twice in table '" + t.name() + "'"));
        continue;
      }
      item(t, it, keyAttributes, named, paths, types, typedBy).ifPresent(items::add);
    }
    // Item types whose primary keys can be equal keep one item per key: sizing, storage and cost
    // count the items the table keeps (ItemOverwrites; ItemTypesOverwriteEachOther reports them).
    items = ItemOverwrites.cap(paths.get(0).keyAttributes(), items);
    // An INCLUDE may name attributes no modelled item type holds: DynamoDB accepts any name, and a
    // table whose item types are not written yet holds none (issue 16). The rule
    // IncludedAttributeNotHeld reports such a name as info.
    String pkType = types.getOrDefault(t.partitionKey().get(), "S");
    Optional<DynamoDbTable.KeyAttribute> sk =
        t.sortKey().map(s -> new DynamoDbTable.KeyAttribute(s, types.getOrDefault(s, "S")));
    Billing billing = t.billing().orElse(Billing.onDemand(t.location()));
    Map<String, String> keyTypes = new LinkedHashMap<>();
    for (String k : keyAttributes) {
      keyTypes.put(k, types.getOrDefault(k, "S"));
    }
    return Optional.of(
        new DynamoDbTable(
            t.name(),
            new DynamoDbTable.KeyAttribute(t.partitionKey().get(), pkType),
            sk,
            paths,
            billing,
            t.ttl(),
            t.stream(),
            items,
            keyTypes,
            warnings,
            samples,
            t.location()));
  }

  private Optional<DynamoDbItem> item(
      DynamoDbDesign.Table t,
      ItemType it,
      Set<String> keyAttributes,
      Set<String> named,
      List<KeyPath> paths,
      Map<String, String> types,
      Map<String, String> typedBy) {
    Entity e = model.entities().get(it.entity());
    if (e == null) {
      return Optional.empty();
    }
    Map<String, KeyTemplate> keys = new LinkedHashMap<>();
    for (KeyTemplate k : it.keys().values()) {
      if (!keyAttributes.contains(k.attribute())) {
        problems.add(
            new Diagnostic(
                k.location(),
                "'"
                    + k.attribute()
                    + "' is not a key attribute of table '"
                    + t.name()
                    + "' or its indexes"
                    + Suggest.closest(k.attribute(), keyAttributes)
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse("")
                    + "; key attributes: "
                    + String.join(", ", keyAttributes)));
        continue;
      }
      keys.put(k.attribute(), k);
    }
    KeyPath table = paths.get(0);
    for (Map.Entry<String, dev.keyplan.input.Location> w : it.without().entrySet()) {
      String k = w.getKey();
      if (!keyAttributes.contains(k)) {
        problems.add(
            new Diagnostic(
                w.getValue(),
                "'"
                    + k
                    + "' is not a key attribute of table '"
                    + t.name()
                    + "' or its indexes, so '~' has nothing to leave out; key attributes: "
                    + String.join(", ", keyAttributes)));
      } else if (table.keyAttributes().contains(k)) {
        String role = table.partitionKey().contains(k) ? "partition key" : "sort key";
        problems.add(
            new Diagnostic(
                w.getValue(),
                String.format(
                    "item type '%s' cannot leave out the table's %s '%s' (%s: ~): every item"
                        + " carries the table's key",
                    it.name(), role, k, k)));
      }
    }
    // A key attribute named like an entity attribute takes its value, unless a template says
    // otherwise: on the table's key always (every item has it). On an index's key, when the item
    // type stores that attribute (every attribute, or a listed one), or when no item type of the
    // table names it (under keys: or in an attributes: list), so the design says nothing of who
    // carries it; never when the item type leaves it out with `~`. An item holds what the
    // application writes into it, and DynamoDB puts in an index only the items that have its key
    // attributes (issue 16 §4: a comment that does not list the complaint's customer_id, which the
    // complaint lists, is not in the index keyed by it, and is 25 B smaller).
    for (String k : keyAttributes) {
      if (!keys.containsKey(k)
          && e.attribute(k).isPresent()
          && !it.without().containsKey(k)
          && (table.keyAttributes().contains(k) || it.stores(k) || !named.contains(k))) {
        keys.put(
            k,
            new KeyTemplate(
                k,
                "{" + k + "}",
                List.of(new KeyTemplate.Placeholder(k, it.location())),
                it.location()));
      }
    }
    for (String k : table.keyAttributes()) {
      if (!keys.containsKey(k) && !it.without().containsKey(k)) {
        problems.add(
            new Diagnostic(
                it.location(),
                "item type '"
                    + it.name()
                    + "' gives no value for the table's "
                    + (k.equals(table.partitionKey().get(0)) ? "partition" : "sort")
                    + " key '"
                    + k
                    + "': add it under 'keys:' (such as "
                    + k
                    + ": \""
                    + it.name().toUpperCase(java.util.Locale.ROOT)
                    + "#{…}\")"));
      }
    }
    Map<String, Stored> attributes = new LinkedHashMap<>();
    Map<String, String> storedNames = new LinkedHashMap<>();
    // DynamoDB name -> entity attribute stored under it, to refuse two under one name.
    Map<String, String> storedUnder = new HashMap<>();
    keys.keySet().forEach(k -> storedUnder.put(k, k));
    List<StoredAttribute> wanted = new ArrayList<>(it.attributes());
    if (it.allAttributes()) {
      e.attributes()
          .values()
          .forEach(
              a ->
                  wanted.add(
                      new StoredAttribute(
                          a.name(),
                          Optional.empty(),
                          java.util.OptionalLong.empty(),
                          it.location())));
    }
    for (StoredAttribute s : wanted) {
      Attribute a = e.attribute(s.name()).orElse(null);
      if (a == null || keys.containsKey(s.name()) || it.without().containsKey(s.name())) {
        continue;
      }
      Optional<Stored> stored = AttributeTypes.of(a, s.type(), s.size());
      if (stored.isEmpty()) {
        problems.add(
            new Diagnostic(
                s.location(),
                "attribute '"
                    + s.name()
                    + "' of type "
                    + a.type()
                    + " cannot be stored as "
                    + s.type().orElse("")
                    + " without a size: write {type: "
                    + s.type().orElse("")
                    + ", size: 8B}"));
        continue;
      }
      String as = s.storedName().orElse(s.name());
      String prior = storedUnder.putIfAbsent(as, s.name());
      if (prior != null && !prior.equals(s.name())) {
        problems.add(
            new Diagnostic(
                s.location(),
                "item type '"
                    + it.name()
                    + "' stores '"
                    + s.name()
                    + "' as '"
                    + as
                    + "', under which '"
                    + prior
                    + "' is already stored; an item holds one value per name"));
        continue;
      }
      attributes.put(s.name(), stored.get());
      s.storedName().filter(n -> !n.equals(s.name())).ifPresent(n -> storedNames.put(s.name(), n));
    }
    long ttl = t.ttl().isPresent() ? insertTtls.getOrDefault(e.name(), 0L) : 0;
    if (t.ttl().isPresent()
        && ttl > 0
        && !attributes.containsKey(t.ttl().get())
        && !keys.containsKey(t.ttl().get())) {
      // The application writes the expiry time, in epoch seconds, into the TTL attribute.
      attributes.put(t.ttl().get(), new Stored("N", AttributeTypes.epochSecondsBytes(), 10));
    }
    if (t.ttl().isPresent()
        && attributes.containsKey(t.ttl().get())
        && !attributes.get(t.ttl().get()).descriptor().equals("N")) {
      // TTL reads only a Number of epoch seconds; any other type never expires (AWS DG, TTL).
      ttl = 0;
    }
    Map<String, Long> keyBytes = new LinkedHashMap<>();
    for (KeyTemplate k : keys.values()) {
      String type = keyType(e, k);
      String prior = types.putIfAbsent(k.attribute(), type);
      if (prior != null && !prior.equals(type)) {
        problems.add(
            new Diagnostic(
                k.location(),
                "key attribute '"
                    + k.attribute()
                    + "' is "
                    + type
                    + " here but "
                    + prior
                    + (typedBy.containsKey(k.attribute())
                        ? " in item type '" + typedBy.get(k.attribute()) + "'"
                        : " in the schema file")
                    + "; DynamoDB declares one type per key attribute"));
      }
      typedBy.putIfAbsent(k.attribute(), it.name());
      long value = valueBytes(e, k, type);
      keyBytes.put(k.attribute(), value);
    }
    // An item stores no sparse attribute it lacks (present: P%), nor a key attribute built from
    // one, so the average item counts each at its share; the table's own key is on every item.
    Set<String> primary = new LinkedHashSet<>();
    t.partitionKey().ifPresent(primary::add);
    t.sortKey().ifPresent(primary::add);
    long bytes =
        Math.round(
            DynamoDbItem.averageBytes(
                e, keys, keyBytes, attributes, storedNames, primary, Set.of()));
    long full =
        Math.round(DynamoDbItem.weighedBytes(keyBytes, attributes, storedNames, k -> 1, a -> 1));
    double rows = e.rowsAfter(model.horizonSeconds(), ttl);
    long lifetime = ttl > 0 ? Math.min(ttl, model.horizonSeconds()) : model.horizonSeconds();
    long largest = full;
    for (Map.Entry<String, Stored> a : attributes.entrySet()) {
      Attribute source = e.attribute(a.getKey()).orElse(null);
      if (source != null && source.growsPerSecond() > 0) {
        largest +=
            Math.round(
                source.growsPerSecond()
                    * lifetime
                    * AttributeTypes.elementBytes(a.getValue(), source.items()));
      }
    }
    return Optional.of(
        new DynamoDbItem(
            it.name(),
            e,
            t.name(),
            keys,
            keyBytes,
            attributes,
            storedNames,
            bytes,
            largest,
            rows,
            ttl,
            it.location(),
            // Every item written stays until ItemOverwrites caps the rows at the distinct keys.
            rows));
  }

  /** A bare placeholder keeps its attribute's scalar type; any other template is a string. */
  private static String keyType(Entity e, KeyTemplate k) {
    if (k.isBareAttribute()) {
      String attr = ((KeyTemplate.Placeholder) k.parts().get(0)).attribute();
      Optional<Stored> s =
          e.attribute(attr)
              .flatMap(a -> AttributeTypes.of(a, Optional.empty(), java.util.OptionalLong.empty()));
      if (s.isPresent() && Set.of("S", "N", "B").contains(s.get().descriptor())) {
        return s.get().descriptor();
      }
    }
    return "S";
  }

  /**
   * Returns a key value's bytes: literals as UTF-8, placeholders as text, a shard as its largest
   * digits.
   */
  private static long valueBytes(Entity e, KeyTemplate k, String type) {
    long size = 0;
    for (KeyTemplate.Part p : k.parts()) {
      if (p instanceof KeyTemplate.Literal l) {
        size += ItemSize.utf8Bytes(l.text());
      } else if (p instanceof KeyTemplate.Shard s) {
        size += Integer.toString(s.count() - 1).length();
      } else if (p instanceof KeyTemplate.Placeholder ph) {
        Optional<Stored> s =
            e.attribute(ph.attribute())
                .flatMap(
                    a -> AttributeTypes.of(a, Optional.empty(), java.util.OptionalLong.empty()));
        size +=
            s.map(x -> k.isBareAttribute() && !type.equals("S") ? x.valueBytes() : x.textBytes())
                .orElse(0L);
      }
    }
    return size;
  }
}
