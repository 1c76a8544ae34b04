package dev.keyplan.mongodb.emit;

import dev.keyplan.input.InputException;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.UuidRepresentation;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * The {@code min} and {@code max} documents of a zone's key range, as {@code sh.updateZoneKeyRange}
 * takes them: "Specify each field of the shard key … The value must be of the same BSON type or
 * types as the shard key" (MongoDB manual, "sh.updateZoneKeyRange()").
 *
 * <p>A zone in the model bounds the first shard key field ({@code min: DE, max: FR}). That value is
 * typed as the field is stored ({@code DE} a string for a string field, {@code 7} an int for an int
 * one, {@code 2026-01-01} a date); {@code MinKey} and {@code MaxKey} are the BSON MinKey and
 * MaxKey. Every later field of a compound key is MinKey, so {@code [{c: "DE", t: MinKey}, {c: "FR",
 * t: MinKey})} holds every DE document and no FR one; after a first value of MaxKey they are
 * MaxKey.
 */
final class ZoneBounds {
  private ZoneBounds() {}

  /** Returns the inclusive lower bound of {@code z}. */
  static BsonDocument min(MongoDbCollection c, Zone z) {
    return bound(c, z, z.min(), "min");
  }

  /** Returns the exclusive upper bound of {@code z}. */
  static BsonDocument max(MongoDbCollection c, Zone z) {
    return bound(c, z, z.max(), "max");
  }

  private static BsonDocument bound(MongoDbCollection c, Zone z, String text, String which) {
    ShardKey key = c.shardKey().orElseThrow();
    String first = key.keys().get(0).field();
    // The least string above a value (a config.tags bound whose later fields are MaxKey,
    // docs/mongodb-import.md "Zones") is written back as that bound: the value, then MaxKey.
    boolean after = text.endsWith("\u0000") && key.keys().size() > 1;
    BsonValue value =
        typed(
            after ? text.substring(0, text.length() - 1) : text,
            c.types().getOrDefault(first, "string"));
    if (value == null) {
      throw new InputException(
          z.location(),
          "zone '"
              + z.name()
              + "' of collection '"
              + c.name()
              + "': "
              + which
              + " '"
              + text
              + "' is not a value of "
              + first
              + ", which is stored as "
              + c.types().get(first));
    }
    BsonDocument d = new BsonDocument(c.fieldOf(first), value);
    for (IndexKey k : key.keys().subList(1, key.keys().size())) {
      d.append(
          c.fieldOf(k.field()),
          value instanceof BsonMaxKey || after ? new BsonMaxKey() : new BsonMinKey());
    }
    return d;
  }

  /** Returns {@code text} as a value of BSON type {@code type}, or null if it is not one. */
  private static BsonValue typed(String text, String type) {
    if (text.equals("MinKey")) {
      return new BsonMinKey();
    }
    if (text.equals("MaxKey")) {
      return new BsonMaxKey();
    }
    try {
      return switch (type) {
        case "int" -> new BsonInt32(Integer.parseInt(text));
        case "long" -> new BsonInt64(Long.parseLong(text));
        case "double" -> new BsonDouble(Double.parseDouble(text));
        case "decimal" -> new BsonDecimal128(Decimal128.parse(text));
        case "bool" ->
            text.equals("true") || text.equals("false")
                ? BsonBoolean.valueOf(text.equals("true"))
                : null;
        case "date" -> new BsonDateTime(instant(text).toEpochMilli());
        case "objectId" -> new BsonObjectId(new ObjectId(text));
        case "uuid" -> new BsonBinary(UUID.fromString(text), UuidRepresentation.STANDARD);
        default -> new BsonString(text);
      };
    } catch (IllegalArgumentException | DateTimeParseException e) {
      return null;
    }
  }

  /**
   * A date as written: {@code 2026-01-01} (UTC midnight) or an instant {@code
   * 2026-01-01T10:00:00Z}.
   */
  private static Instant instant(String text) {
    return text.length() == 10
        ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
        : Instant.parse(text);
  }
}
