package dev.keyplan.mongodb.emit;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.facts.BsonTypes;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * A collection's {@code $jsonSchema} (MongoDB manual, "Specify JSON Schema Validation" and
 * "$jsonSchema"), built from what the analysis says its documents hold, so the validator accepts
 * exactly the documents keyplan sized:
 *
 * <ul>
 *   <li>{@code _id} first, typed as the id attribute is stored, or {@code objectId};
 *   <li>each held field with the {@code bsonType} of its BSON type ({@link BsonTypes#schemaType});
 *       an enumeration's string with {@code enum} its values; a list or set with {@code items}
 *       typed as its element;
 *   <li>{@code required}: {@code _id} and the entity's key attributes, which every document has;
 *   <li>an embedded array as {@code {bsonType: "array", items: {…}, maxItems: N}} with {@code
 *       maxItems} the embed's {@code max}, so the bound the sizes assume is enforced; a single
 *       embedded document as its {@code object} schema. An element requires the child's key
 *       attributes it holds (the parent's key is left out of elements).
 * </ul>
 *
 * Other fields are allowed: the schema sets no {@code additionalProperties}.
 */
final class JsonSchemaValidator {
  private JsonSchemaValidator() {}

  /** Returns the {@code $jsonSchema} document of {@code c}. */
  static BsonDocument of(MongoDbCollection c) {
    Entity e = c.entity();
    BsonDocument properties = new BsonDocument();
    properties.append(
        "_id",
        c.idField()
            .map(id -> property(e, id, c.types().get(id)))
            .orElse(new BsonDocument("bsonType", new BsonString("objectId"))));
    for (Map.Entry<String, String> t : c.types().entrySet()) {
      if (!c.fieldOf(t.getKey()).equals("_id")) {
        properties.append(t.getKey(), property(e, t.getKey(), t.getValue()));
      }
    }
    for (MongoDbEmbed em : c.embeds()) {
      BsonDocument element = object(em.entity(), em.types(), em.entity().key());
      if (!em.many()) {
        properties.append(em.field(), element);
        continue;
      }
      BsonDocument array =
          new BsonDocument("bsonType", new BsonString("array")).append("items", element);
      em.max().ifPresent(max -> array.append("maxItems", new BsonInt32(max)));
      properties.append(em.field(), array);
    }
    Set<String> required = new LinkedHashSet<>();
    required.add("_id");
    e.key().stream().filter(c::holds).map(c::fieldOf).forEach(required::add);
    return new BsonDocument("bsonType", new BsonString("object"))
        .append("required", strings(required))
        .append("properties", properties);
  }

  private static BsonDocument object(Entity e, Map<String, String> types, Iterable<String> key) {
    BsonDocument properties = new BsonDocument();
    types.forEach((name, type) -> properties.append(name, property(e, name, type)));
    Set<String> required = new LinkedHashSet<>();
    key.forEach(
        k -> {
          if (types.containsKey(k)) {
            required.add(k);
          }
        });
    BsonDocument object = new BsonDocument("bsonType", new BsonString("object"));
    if (!required.isEmpty()) {
      object.append("required", strings(required));
    }
    return object.append("properties", properties);
  }

  private static BsonDocument property(Entity e, String attribute, String type) {
    BsonDocument p = new BsonDocument("bsonType", new BsonString(BsonTypes.schemaType(type)));
    Attribute a = e.attribute(attribute).orElseThrow();
    if (type.equals("string") && !a.values().isEmpty()) {
      p.append("enum", strings(a.values()));
    }
    if (type.equals("array") && BsonTypes.natural(a).equals("array")) {
      String element = BsonTypes.natural(BsonTypes.element(a));
      p.append(
          "items", new BsonDocument("bsonType", new BsonString(BsonTypes.schemaType(element))));
    }
    return p;
  }

  private static BsonArray strings(Iterable<String> values) {
    BsonArray a = new BsonArray();
    values.forEach(v -> a.add(new BsonString(v)));
    return a;
  }
}
