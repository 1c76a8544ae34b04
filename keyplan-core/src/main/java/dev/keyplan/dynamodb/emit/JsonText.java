package dev.keyplan.dynamodb.emit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.keyplan.dynamodb.facts.AttributeValue;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Map;

/**
 * The JSON the DynamoDB emitters write, through Jackson's {@link JsonGenerator} so that quoting and
 * escaping are a parser's, not ours. The layout is fixed so that the same design always gives the
 * same bytes on every platform: two-space indent, {@code \n} line breaks (Jackson's default
 * indenter uses the platform's), {@code "name": value}, empty arrays as {@code []}, and a final
 * newline.
 *
 * <pre>{@code
 * {
 *   "TableName": "AppTable",
 *   "TableData": []
 * }
 * }</pre>
 */
final class JsonText {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonText() {}

  /** What writes one document. */
  @FunctionalInterface
  interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  /** Returns the document {@code body} writes, in the layout above. */
  static String write(Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setPrettyPrinter(printer());
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.append('\n').toString();
  }

  private static DefaultPrettyPrinter printer() {
    Separators separators =
        Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator("");
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter(separators);
    printer.indentObjectsWith(indenter);
    printer.indentArraysWith(indenter);
    return printer;
  }

  /**
   * Writes {@code item} as DynamoDB JSON, {@code {"PK": {"S": "C#1"}, …}}, in its attribute order.
   */
  static void item(JsonGenerator g, Map<String, AttributeValue> item) throws IOException {
    g.writeStartObject();
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      g.writeFieldName(e.getKey());
      value(g, e.getValue());
    }
    g.writeEndObject();
  }

  /**
   * Writes one value with its type descriptor, as the AttributeValue reference shapes it: numbers
   * as strings, binary as base64, {@code NULL} as {@code true}
   * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html).
   */
  static void value(JsonGenerator g, AttributeValue v) throws IOException {
    g.writeStartObject();
    g.writeFieldName(v.descriptor());
    if (v instanceof AttributeValue.S s) {
      g.writeString(s.value());
    } else if (v instanceof AttributeValue.N n) {
      g.writeString(n.text());
    } else if (v instanceof AttributeValue.B b) {
      g.writeString(base64(b));
    } else if (v instanceof AttributeValue.Bool b) {
      g.writeBoolean(b.value());
    } else if (v instanceof AttributeValue.Null) {
      g.writeBoolean(true);
    } else if (v instanceof AttributeValue.L l) {
      g.writeStartArray();
      for (AttributeValue e : l.elements()) {
        value(g, e);
      }
      g.writeEndArray();
    } else if (v instanceof AttributeValue.M m) {
      item(g, m.entries());
    } else if (v instanceof AttributeValue.SS ss) {
      g.writeStartArray();
      for (String e : ss.elements()) {
        g.writeString(e);
      }
      g.writeEndArray();
    } else if (v instanceof AttributeValue.NS ns) {
      g.writeStartArray();
      for (AttributeValue.N e : ns.elements()) {
        g.writeString(e.text());
      }
      g.writeEndArray();
    } else if (v instanceof AttributeValue.BS bs) {
      g.writeStartArray();
      for (AttributeValue.B e : bs.elements()) {
        g.writeString(base64(e));
      }
      g.writeEndArray();
    } else {
      throw new IllegalStateException("unknown attribute value " + v);
    }
    g.writeEndObject();
  }

  private static String base64(AttributeValue.B b) {
    return Base64.getEncoder().encodeToString(b.bytes());
  }
}
