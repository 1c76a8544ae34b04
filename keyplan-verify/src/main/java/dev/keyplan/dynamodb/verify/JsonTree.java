package dev.keyplan.dynamodb.verify;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text into maps, lists, strings, numbers and booleans: enough to take the CreateTable
 * input keyplan's emitter writes apart without a second JSON library.
 */
final class JsonTree {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonTree() {}

  /**
   * Returns the value {@code json} holds: a {@code Map}, {@code List}, {@code String}, {@code
   * Number}, {@code Boolean} or null.
   */
  static Object parse(String json) {
    try (JsonParser p = FACTORY.createParser(json)) {
      p.nextToken();
      return value(p);
    } catch (IOException e) {
      throw new UncheckedIOException("keyplan's own JSON did not parse", e);
    }
  }

  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT:
        {
          Map<String, Object> m = new LinkedHashMap<>();
          while (p.nextToken() != JsonToken.END_OBJECT) {
            String name = p.currentName();
            p.nextToken();
            m.put(name, value(p));
          }
          return m;
        }
      case START_ARRAY:
        {
          List<Object> l = new ArrayList<>();
          while (p.nextToken() != JsonToken.END_ARRAY) {
            l.add(value(p));
          }
          return l;
        }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return p.getDoubleValue();
      case VALUE_TRUE:
        return true;
      case VALUE_FALSE:
        return false;
      default:
        return null;
    }
  }

  /** Returns {@code o} as a JSON object. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object o) {
    return (Map<String, Object>) o;
  }

  /** Returns member {@code name} of {@code o} as a list of objects, empty when absent. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> objects(Map<String, Object> o, String name) {
    Object v = o.get(name);
    return v == null ? List.of() : (List<Map<String, Object>>) v;
  }
}
