package dev.keyplan.mongodb.facts;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.json.JsonParseException;
import org.bson.types.Decimal128;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Reads an index's {@code partialFilterExpression} as the model holds it, text, into the BSON
 * document MongoDB receives. The text is JSON, Extended JSON or shell syntax when it came from an
 * indexes file or was written so ({@code {"status": "paid"}}), read by the BSON library so that a
 * quoted {@code "123"} stays a string; else it is the YAML flow mapping the model reader keeps
 * ({@code {status: paid, total: {$gt: 100}}}), whose plain scalars take YAML's core types: {@code
 * 100} an int, {@code 2.5} a double, {@code true} a bool, {@code null} null, anything else a
 * string.
 */
public final class PartialFilter {
  private PartialFilter() {}

  /** Returns the filter as a document, or empty when the text is neither form of a document. */
  public static Optional<BsonDocument> parse(String text) {
    try {
      return Optional.of(BsonDocument.parse(text));
    } catch (JsonParseException | org.bson.BsonInvalidOperationException e) {
      // Not JSON: the YAML flow form, next.
    }
    try {
      Object yaml = new Load(LoadSettings.builder().build()).loadFromString(text);
      return yaml instanceof Map<?, ?> m ? Optional.of(document(m)) : Optional.empty();
    } catch (YamlEngineException e) {
      return Optional.empty();
    }
  }

  private static BsonDocument document(Map<?, ?> m) {
    BsonDocument d = new BsonDocument();
    m.forEach((k, v) -> d.append(String.valueOf(k), value(v)));
    return d;
  }

  private static BsonValue value(Object v) {
    if (v == null) {
      return BsonNull.VALUE;
    }
    if (v instanceof Map<?, ?> m) {
      return document(m);
    }
    if (v instanceof List<?> l) {
      BsonArray a = new BsonArray();
      l.forEach(x -> a.add(value(x)));
      return a;
    }
    if (v instanceof Boolean b) {
      return BsonBoolean.valueOf(b);
    }
    if (v instanceof Integer i) {
      return new BsonInt32(i);
    }
    if (v instanceof Long l) {
      return new BsonInt64(l);
    }
    if (v instanceof BigInteger b) {
      return new BsonDecimal128(new Decimal128(new BigDecimal(b)));
    }
    if (v instanceof Double d) {
      return new BsonDouble(d);
    }
    return new BsonString(String.valueOf(v));
  }
}
