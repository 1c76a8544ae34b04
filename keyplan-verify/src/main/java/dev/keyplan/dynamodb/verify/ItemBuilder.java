package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.AttributeTypes;
import dev.keyplan.dynamodb.facts.AttributeTypes.Stored;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the DynamoDB item of one item type for one {@link Instance}, as big as keyplan's analysis
 * sizes the item type ({@link DynamoDbItem#bytes}), by the same conventions keyplan sizes with
 * ({@code DynamoBinder}, {@link AttributeTypes}):
 *
 * <ul>
 *   <li>a key attribute is its template filled in: literals as written, a placeholder as its
 *       attribute's text of {@link Stored#textBytes} characters (a bare placeholder of an N or B
 *       key as a number or bytes of {@link Stored#valueBytes}), a shard suffix as the row's shard
 *       in decimal;
 *   <li>every other attribute the item type holds is a value of its stored type and {@link
 *       Stored#valueBytes} bytes ({@link Filler}); a table's TTL attribute is a time in 2100.
 * </ul>
 *
 * <p>Where keyplan's size cannot be met exactly (a shard suffix shorter than the largest one, which
 * keyplan counts) the item differs, and the size table shows by how much.
 */
final class ItemBuilder {
  /** 2100-01-01T00:00:01Z: a TTL attribute far enough ahead that AWS would not expire the item. */
  static final String TTL_VALUE = "4102444801";

  private final Filler filler;

  ItemBuilder(Filler filler) {
    this.filler = filler;
  }

  /**
   * Returns item type {@code it} of {@code t} for row {@code row}: table key first, then the other
   * keys, then the rest.
   */
  Map<String, AttributeValue> item(DynamoDbTable t, DynamoDbItem it, Instance row) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (String k : t.primaryKey()) {
      out.put(k, key(t, it, k, row));
    }
    for (String k : it.keys().keySet()) {
      out.computeIfAbsent(k, x -> key(t, it, x, row));
    }
    for (Map.Entry<String, Stored> a : it.attributes().entrySet()) {
      // Under its name in DynamoDB (follower#), which may differ from the entity's.
      out.put(it.storedName(a.getKey()), attribute(t, it.entity(), a.getKey(), a.getValue(), row));
    }
    return out;
  }

  /** Returns the primary key of {@code it}'s item for {@code row}. */
  Map<String, AttributeValue> primaryKey(DynamoDbTable t, DynamoDbItem it, Instance row) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (String k : t.primaryKey()) {
      out.put(k, key(t, it, k, row));
    }
    return out;
  }

  /** Returns key attribute {@code k} of {@code it} for {@code row}: its template filled in. */
  AttributeValue key(DynamoDbTable t, DynamoDbItem it, String k, Instance row) {
    KeyTemplate template = it.keys().get(k);
    String type = t.keyTypes().getOrDefault(k, "S");
    if (template.isBareAttribute() && !type.equals("S")) {
      String a = ((KeyTemplate.Placeholder) template.parts().get(0)).attribute();
      long bytes = stored(it.entity(), a).map(Stored::valueBytes).orElse(0L);
      return type.equals("N")
          ? AttributeValue.fromN(filler.number(a, row.tag(a), bytes))
          : AttributeValue.fromB(SdkBytes.fromByteArray(filler.binary(a, row.tag(a), bytes)));
    }
    StringBuilder s = new StringBuilder();
    for (KeyTemplate.Part p : template.parts()) {
      if (p instanceof KeyTemplate.Literal l) {
        s.append(l.text());
      } else if (p instanceof KeyTemplate.Shard sh) {
        s.append(Math.floorMod(row.shard(), sh.count()));
      } else if (p instanceof KeyTemplate.Placeholder ph) {
        s.append(text(it.entity(), ph.attribute(), row.tag(ph.attribute())));
      }
    }
    return AttributeValue.fromS(s.toString());
  }

  /**
   * Returns attribute {@code a} of {@code e} written as text inside a key template, for {@code
   * tag}.
   */
  String text(Entity e, String a, String tag) {
    return filler.text(a, tag, stored(e, a).map(Stored::textBytes).orElse(0L));
  }

  /**
   * Returns a new value of non-key attribute {@code a}, for an update: the same size, another tag.
   */
  AttributeValue attribute(DynamoDbTable t, Entity e, String a, Stored s, Instance row) {
    if (t.ttl().map(a::equals).orElse(false) && s.descriptor().equals("N")) {
      return AttributeValue.fromN(TTL_VALUE);
    }
    int items = e.attribute(a).map(Attribute::items).orElse(1);
    return filler.value(s.descriptor(), a, row.tag(a), s.valueBytes(), items);
  }

  private static Optional<Stored> stored(Entity e, String a) {
    return e.attribute(a)
        .flatMap(x -> AttributeTypes.of(x, Optional.empty(), OptionalLong.empty()));
  }

  /** Returns the key attributes of {@code it} whose template uses entity attribute {@code a}. */
  static List<String> keysUsing(DynamoDbItem it, String a) {
    return it.keys().entrySet().stream()
        .filter(k -> k.getValue().attributes().contains(a))
        .map(Map.Entry::getKey)
        .toList();
  }
}
