package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.input.Location;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.facts.DocumentSize;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Flags a boolean, date, number or uuid that a collection's {@code fields:} stores as a string. The
 * text form is bigger, and it compares as text: a range or sort on {@code "9"} and {@code "10"}
 * orders them wrong, a date range works only while every value has the same format and zone, and
 * {@code $type}, {@code $jsonSchema} and date operators no longer recognise it (MongoDB manual,
 * "BSON Types" and "Comparison/Sort Order": strings compare byte by byte).
 *
 * <p>Bytes per document: the field's BSON size as stored (the string, measured by the bson library)
 * minus its size in the attribute's own BSON type; for the collection, that times its documents at
 * the horizon. A timestamp as a 24-character ISO string takes 4 + 24 + 1 = 29 value bytes against a
 * date's 8: 21 B more per document, 21 GB over 1 billion documents.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Boolean, date, number or uuid stored as a string",
    severity = Severity.WARNING)
public final class TypedValueAsString implements MongoDbRule {
  /** keyplan's BSON types that have a string form worth flagging. */
  private static final Set<String> TYPED =
      Set.of("bool", "date", "int", "long", "double", "decimal", "uuid");

  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      Optional<MongoDbDesign.Collection> written =
          a.design().collections().stream().filter(x -> x.name().equals(c.name())).findFirst();
      for (var held : c.types().entrySet()) {
        Optional<Attribute> attribute = c.entity().attribute(held.getKey());
        if (attribute.isEmpty() || !held.getValue().equals("string")) {
          continue;
        }
        String natural = BsonTypes.natural(attribute.get());
        if (!TYPED.contains(natural)) {
          continue;
        }
        Optional<MongoDbDesign.Field> field =
            written.flatMap(
                w -> w.fields().stream().filter(f -> f.name().equals(held.getKey())).findFirst());
        OptionalLong size = field.map(MongoDbDesign.Field::size).orElse(OptionalLong.empty());
        Optional<BsonValue> asString =
            BsonTypes.value(attribute.get(), Optional.of("string"), size);
        Optional<BsonValue> asNative =
            BsonTypes.value(attribute.get(), Optional.of(natural), OptionalLong.empty());
        if (asString.isEmpty() || asNative.isEmpty()) {
          continue;
        }
        long extra = bytes(asString.get()) - bytes(asNative.get());
        Location at = field.map(MongoDbDesign.Field::location).orElse(c.location());
        out.report(
            Severity.WARNING,
            c.name() + "." + held.getKey(),
            at,
            held.getKey()
                + " of "
                + c.name()
                + " is a "
                + attribute.get().type()
                + " stored as a string: "
                + bytes(asString.get())
                + " B a value against "
                + bytes(asNative.get())
                + " B as "
                + natural
                + " ("
                + (extra >= 0 ? extra + " B more" : -extra + " B less")
                + " per document, "
                + Units.bytes(Math.max(0, extra) * c.documents())
                + " over "
                + Units.count(c.documents())
                + " documents), and strings compare byte by byte, so ranges and sorts on it follow the text, not the "
                + (natural.equals("date")
                    ? "time"
                    : natural.equals("bool") ? "truth value" : "value"),
            "store it as BSON "
                + natural
                + " (drop the fields: override, or write "
                + held.getKey()
                + ": "
                + natural
                + "), converting existing documents with an update pipeline ($toDate, $toBool, $toLong, …)");
      }
    }
  }

  /** A value's bytes in a document: the field's size less its one-byte type and empty name. */
  private static long bytes(BsonValue v) {
    return DocumentSize.of(new BsonDocument("", v)) - DocumentSize.of(new BsonDocument()) - 2;
  }
}
