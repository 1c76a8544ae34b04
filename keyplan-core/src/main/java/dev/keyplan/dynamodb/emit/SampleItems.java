package dev.keyplan.dynamodb.emit;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.AttributeTypes;
import dev.keyplan.dynamodb.facts.AttributeTypes.Stored;
import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.input.Location;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Made-up items for a table, {@value #PER_ITEM_TYPE} per item type, so a NoSQL Workbench export
 * shows each facet with data. Every value is a function of the attribute and the sample's number
 * {@code n} (1, 2, 3) only, never of a clock or a random source, so the same design always gives
 * the same items; and an attribute of the same name has the same value in every item type, so
 * sample {@code n} of an order lands in the partition of sample {@code n} of its customer.
 *
 * <p>Values by the entity attribute's type (and the DynamoDB type the item stores it as):
 *
 * <ul>
 *   <li>uuid: {@code xxxxxxxx-0000-4000-8000-00000000000n}, the first group a hash of the
 *       attribute's name (timeuuid: version 1, {@code …-1000-…});
 *   <li>text: its {@code n}th enumerated value when it has {@code values:}, else {@code name-n}
 *       ({@code name-1} for an attribute {@code name});
 *   <li>whole numbers: {@code n}; decimal, double, float: {@code n.5};
 *   <li>date: 2024-01-01 plus {@code n − 1} days; timestamp: that day at 10:00 UTC, as ISO 8601
 *       with milliseconds (24 characters, the size keyplan counts) or, stored as N, epoch seconds;
 *       time: 10:00 plus {@code n − 1} minutes; inet: {@code 192.0.2.n} (the documentation range of
 *       RFC 5737);
 *   <li>boolean: true for odd {@code n}; blob: the UTF-8 bytes of {@code name-n};
 *   <li>lists, sets and maps: one or two elements (two when the attribute has {@code items} of 2 or
 *       more), each made as above, distinct within a set;
 *   <li>the table's TTL attribute: epoch seconds from 2100-01-01, so items committed from Workbench
 *       to a real table are not deleted by TTL at once.
 * </ul>
 *
 * <p>Key attributes are their templates filled in: {@code ORDER#{order_date}#{order_id}} for sample
 * 1 is {@code ORDER#2024-01-01#…-000000000001}; a {@code {shard:N}} suffix is {@code (n − 1) mod
 * N}. A sample whose primary key repeats an earlier one (a template without placeholders, such as
 * {@code CONFIG}) is dropped, since the table holds one item per key.
 */
final class SampleItems {
  /** Samples made per item type. */
  static final int PER_ITEM_TYPE = 3;

  private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);
  private static final LocalTime TIME_OF_DAY = LocalTime.of(10, 0);

  /** 2100-01-01T00:00:00Z in epoch seconds. */
  private static final long TTL_BASE = 4_102_444_800L;

  private static final long DAY_SECONDS = 86_400;
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT);

  private SampleItems() {}

  /** Returns the samples of every item type of {@code t}, item type by item type. */
  static List<Map<String, AttributeValue>> of(DynamoDbTable t, Map<String, String> keyTypes) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    Set<List<AttributeValue>> keys = new LinkedHashSet<>();
    for (DynamoDbItem it : t.items()) {
      for (int n = 1; n <= PER_ITEM_TYPE; n++) {
        Map<String, AttributeValue> item = item(t, it, keyTypes, n);
        List<AttributeValue> primaryKey = t.primaryKey().stream().map(item::get).toList();
        if (keys.add(primaryKey)) {
          out.add(item);
        }
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Returns sample {@code n} of item type {@code it}: the table key first, then the other keys,
   * then the rest.
   */
  static Map<String, AttributeValue> item(
      DynamoDbTable t, DynamoDbItem it, Map<String, String> keyTypes, int n) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    List<String> order = new ArrayList<>(t.primaryKey());
    it.keys().keySet().stream().filter(k -> !order.contains(k)).forEach(order::add);
    for (String k : order) {
      KeyTemplate template = it.keys().get(k);
      item.put(k, key(it.entity(), template, keyTypes.getOrDefault(k, "S"), n));
    }
    for (Map.Entry<String, Stored> a : it.attributes().entrySet()) {
      boolean ttl = t.ttl().map(a.getKey()::equals).orElse(false);
      item.put(
          it.storedName(a.getKey()),
          value(a.getValue().descriptor(), it.entity().attribute(a.getKey()), a.getKey(), n, ttl));
    }
    return Collections.unmodifiableMap(item);
  }

  /** Returns key attribute {@code template} filled for sample {@code n}, as its key type. */
  static AttributeValue key(Entity e, KeyTemplate template, String type, int n) {
    StringBuilder text = new StringBuilder();
    for (KeyTemplate.Part p : template.parts()) {
      if (p instanceof KeyTemplate.Literal l) {
        text.append(l.text());
      } else if (p instanceof KeyTemplate.Shard s) {
        text.append((n - 1) % s.count());
      } else if (p instanceof KeyTemplate.Placeholder ph) {
        text.append(
            e.attribute(ph.attribute()).map(a -> text(a, n)).orElse(ph.attribute() + "-" + n));
      }
    }
    // Only a bare placeholder of a number or blob attribute has type N or B
    // (DynamoDbTable.keyTypes).
    return switch (type) {
      case "N" -> AttributeValue.N.of(text.toString());
      case "B" -> AttributeValue.B.ofBase64(text.toString());
      default -> new AttributeValue.S(text.toString());
    };
  }

  /**
   * Returns attribute {@code name}'s value in sample {@code n}, as DynamoDB type {@code
   * descriptor}; {@code a} is the entity attribute, absent for the TTL attribute the design adds.
   */
  static AttributeValue value(
      String descriptor, Optional<Attribute> a, String name, int n, boolean ttl) {
    int count = a.map(x -> Math.max(1, Math.min(2, x.items()))).orElse(1);
    List<String> args = a.map(x -> typeArguments(x.type())).orElse(List.of());
    Optional<String> element = args.isEmpty() ? Optional.empty() : Optional.of(args.get(0));
    switch (descriptor) {
      case "S":
        return new AttributeValue.S(a.map(x -> text(x, n)).orElse(name + "-" + n));
      case "N":
        return AttributeValue.N.of(number(a, n, ttl));
      case "B":
        return new AttributeValue.B((name + "-" + n).getBytes(StandardCharsets.UTF_8));
      case "BOOL":
        return new AttributeValue.Bool(n % 2 == 1);
      case "NULL":
        return new AttributeValue.Null();
      case "L":
        {
          List<AttributeValue> elements = new ArrayList<>();
          for (int j = 1; j <= count; j++) {
            elements.add(element(element, name, (n - 1) * count + j));
          }
          return new AttributeValue.L(elements);
        }
      case "M":
        {
          Map<String, AttributeValue> entries = new LinkedHashMap<>();
          if (a.isPresent() && base(a.get().type()).equals("map") && args.size() == 2) {
            for (int j = 1; j <= count; j++) {
              int k = (n - 1) * count + j;
              entries.put(
                  text(synthetic(name, args.get(0)), k),
                  element(Optional.of(args.get(1)), name, k));
            }
          } else {
            entries.put("value", new AttributeValue.S(name + "-" + n));
          }
          return new AttributeValue.M(entries);
        }
      case "SS":
        {
          Set<String> elements = new LinkedHashSet<>();
          for (int j = 1; j <= count; j++) {
            int k = (n - 1) * count + j;
            elements.add(element.map(t -> text(synthetic(name, t), k)).orElse(name + "-" + k));
          }
          return new AttributeValue.SS(List.copyOf(elements));
        }
      case "NS":
        {
          List<AttributeValue.N> elements = new ArrayList<>();
          for (int j = 1; j <= count; j++) {
            elements.add(AttributeValue.N.of(Integer.toString((n - 1) * count + j)));
          }
          return new AttributeValue.NS(elements);
        }
      case "BS":
        {
          List<AttributeValue.B> elements = new ArrayList<>();
          for (int j = 1; j <= count; j++) {
            elements.add(
                new AttributeValue.B(
                    (name + "-" + ((n - 1) * count + j)).getBytes(StandardCharsets.UTF_8)));
          }
          return new AttributeValue.BS(elements);
        }
      default:
        throw new IllegalArgumentException(
            "unknown DynamoDB type " + descriptor + " of attribute " + name);
    }
  }

  /** Returns a collection element of type {@code type} (S when unknown or itself a collection). */
  private static AttributeValue element(Optional<String> type, String name, int k) {
    if (type.isEmpty()) {
      return new AttributeValue.S(name + "-" + k);
    }
    Attribute e = synthetic(name, type.get());
    String descriptor =
        AttributeTypes.of(e, Optional.empty(), OptionalLong.empty())
            .map(Stored::descriptor)
            .orElse("S");
    return Set.of("S", "N", "B", "BOOL").contains(descriptor)
        ? value(descriptor, Optional.of(e), name, k, false)
        : new AttributeValue.S(name + "-" + k);
  }

  /**
   * Returns attribute {@code a}'s value in sample {@code n} as text: the form a key template
   * writes.
   */
  static String text(Attribute a, int n) {
    switch (base(a.type())) {
      case "uuid":
        return uuid(a.name(), 4, n);
      case "timeuuid":
        return uuid(a.name(), 1, n);
      case "text":
      case "varchar":
      case "ascii":
        return a.values().isEmpty()
            ? a.name() + "-" + n
            : a.values().get((n - 1) % a.values().size());
      case "bigint":
      case "counter":
      case "int":
      case "smallint":
      case "tinyint":
      case "varint":
        return Integer.toString(n);
      case "decimal":
      case "double":
      case "float":
        return n + ".5";
      case "date":
        return FIRST_DAY.plusDays(n - 1).toString();
      case "timestamp":
        return FIRST_DAY.plusDays(n - 1) + "T" + TIME.format(TIME_OF_DAY) + "Z";
      case "time":
        return TIME.format(TIME_OF_DAY.plusMinutes(n - 1));
      case "duration":
        return "PT" + n + "H";
      case "inet":
        return "192.0.2." + n;
      case "boolean":
        return Boolean.toString(n % 2 == 1);
      case "blob":
        return java.util.Base64.getEncoder()
            .encodeToString((a.name() + "-" + n).getBytes(StandardCharsets.UTF_8));
      default:
        return a.name() + "-" + n;
    }
  }

  private static String number(Optional<Attribute> a, int n, boolean ttl) {
    if (ttl) {
      return Long.toString(TTL_BASE + (n - 1) * DAY_SECONDS);
    }
    String base = a.map(x -> base(x.type())).orElse("");
    if (base.equals("timestamp")) {
      return Long.toString(
          FIRST_DAY.plusDays(n - 1).atTime(TIME_OF_DAY).toEpochSecond(ZoneOffset.UTC));
    }
    return Set.of("decimal", "double", "float").contains(base) ? n + ".5" : Integer.toString(n);
  }

  /**
   * A uuid of the given version whose first group is a hash of {@code name} and whose last is
   * {@code n}.
   */
  private static String uuid(String name, int version, int n) {
    return String.format(
        Locale.ROOT, "%08x-0000-%d000-8000-%012x", name.hashCode() & 0xFFFF_FFFFL, version, n);
  }

  /**
   * Returns the type's name without its arguments, lower case: {@code list<text>} is {@code list}.
   */
  private static String base(String type) {
    return type.toLowerCase(Locale.ROOT).replaceAll("<.*", "").trim();
  }

  /** Returns the top-level type arguments: {@code map<text, list<int>>} is [text, list<int>]. */
  private static List<String> typeArguments(String type) {
    int lt = type.indexOf('<');
    int gt = type.lastIndexOf('>');
    if (lt < 0 || gt < lt) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = lt + 1;
    for (int i = lt + 1; i < gt; i++) {
      char c = type.charAt(i);
      if (c == '<') {
        depth++;
      } else if (c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(type.substring(start, i).trim());
        start = i + 1;
      }
    }
    out.add(type.substring(start, gt).trim());
    return out;
  }

  /**
   * An attribute of the same name as {@code name} and type {@code type}, to make collection
   * elements.
   */
  private static Attribute synthetic(String name, String type) {
    return new Attribute(
        name,
        type,
        OptionalLong.empty(),
        1,
        false,
        List.of(),
        Optional.empty(),
        false,
        0,
        Location.NONE);
  }
}
