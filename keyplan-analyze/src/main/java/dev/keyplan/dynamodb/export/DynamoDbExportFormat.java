package dev.keyplan.dynamodb.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.ExportRecord;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.export.NativeTypes;
import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.facts.DynamoJson;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.input.InputException;
import dev.keyplan.input.LocatedJson;
import dev.keyplan.input.LocatedJson.Member;
import dev.keyplan.input.LocatedJson.Node;
import dev.keyplan.input.LocatedJson.Obj;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A DynamoDB table export to Amazon S3 in the DYNAMODB_JSON format: data files {@code
 * data/*.json.gz}, one item per line as {@code {"Item": {"id": {"S": "C#7"}, "total": {"N":
 * "12.5"}}}}, and an empty file for an empty partition (AWS DynamoDB Developer Guide, "DynamoDB
 * table export output format",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/S3DataExport.Output.html, read
 * 2026-12-05).
 *
 * <p>Each line's item is checked by the core's DynamoDB JSON reader ({@link DynamoJson}: one type
 * descriptor per value, numbers within DynamoDB's 38 digits and range, base64, non-empty sets
 * without duplicates, nesting within {@link DynamoDbLimits#MAX_NESTING_DEPTH} levels) and sized by
 * the core's {@link ItemSize}, the figure {@code keyplan dynamodb item-size} prints, against {@link
 * DynamoDbLimits#MAX_ITEM_BYTES}. An incremental export's change records ({@code Metadata}, {@code
 * Keys}, {@code NewImage}, {@code OldImage}) are refused plainly: they are a log of changes,
 * several for one item or none for an unchanged one, so their spreads are not the table's.
 *
 * <p>Values unwrapped: {@code S} a string; {@code N} a JSON number, exact ({@link
 * BigDecimal#toString}, so {@code "+5."} is {@code 5} and {@code "1e3"} {@code 1E+3}); {@code B}
 * its base64 text; {@code BOOL} true or false; {@code NULL} null; {@code L}, {@code SS}, {@code
 * NS}, {@code BS} arrays; {@code M} an object.
 */
public final class DynamoDbExportFormat implements ExportFormat {

  private static final JsonFactory JSON = JsonFactory.builder().build();

  private static final LocatedJson.Options SYNTAX =
      new LocatedJson.Options(
          "an empty line; expected one item per line, {\"Item\": {…}}",
          "attribute",
          "\\n or \\u0000",
          true);

  private static final Pattern FIRST_LINE =
      Pattern.compile("^\\s*\\{\\s*\"(?:Item|Metadata|Keys|NewImage|OldImage)\"\\s*:");

  private static final Set<String> INCREMENTAL = Set.of("Metadata", "Keys", "NewImage", "OldImage");

  private static final String EXPECTED =
      "expected {\"Item\": {…}}, one item per line as a DynamoDB export to S3 writes it"
          + " (DYNAMODB_JSON)";

  @Override
  public String id() {
    return "dynamodb-json";
  }

  @Override
  public String title() {
    return "{\"Item\": {…}} as a DynamoDB export to S3 writes it (DYNAMODB_JSON)";
  }

  @Override
  public boolean recognises(String firstLine) {
    return FIRST_LINE.matcher(firstLine).find();
  }

  @Override
  public ExportRecord convert(String file, String text) {
    Node root = LocatedJson.parse(file, text, SYNTAX);
    if (!(root instanceof Obj line)) {
      throw new InputException(root.at(), EXPECTED + ", found " + LocatedJson.describe(root));
    }
    Obj item = null;
    for (Member m : line.members()) {
      if (INCREMENTAL.contains(m.name())) {
        throw new InputException(
            m.at(),
            "'"
                + m.name()
                + "' is part of an incremental export's change record; keyplan analyze reads a"
                + " full export, whose lines are {\"Item\": {…}} (export the table with ExportType"
                + " FULL_EXPORT)");
      }
      if (!m.name().equals("Item") || item != null) {
        throw new InputException(
            m.at(), "unexpected member '" + m.name() + "'; " + EXPECTED + ", with nothing else");
      }
      if (!(m.value() instanceof Obj attributes)) {
        throw new InputException(
            m.value().at(),
            "\"Item\" needs an object of attributes such as {\"id\": {\"S\": \"a\"}}, found "
                + LocatedJson.describe(m.value()));
      }
      item = attributes;
    }
    if (item == null) {
      throw new InputException(line.at(), EXPECTED + ", found {}");
    }
    for (Member m : item.members()) {
      if (m.name().equals(Exports.NATIVE_BYTES_FIELD)) {
        throw new InputException(
            m.at(),
            "attribute '"
                + m.name()
                + "' has the name keyplan analyze gives each record's size; rename it with the"
                + " column mapping");
      }
    }
    Map<String, AttributeValue> attributes = DynamoJson.convertItem(item);
    long bytes = ItemSize.of(attributes);
    if (!ItemSize.fits(bytes)) {
      throw new InputException(
          item.at(),
          String.format(
              Locale.ROOT,
              "an item of %,d bytes; DynamoDB stores at most %,d (400 KB), so no table holds it",
              bytes,
              DynamoDbLimits.MAX_ITEM_BYTES));
    }
    var out = new StringWriter();
    var seen = new ArrayList<ExportRecord.Attribute>();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      for (Map.Entry<String, AttributeValue> a : attributes.entrySet()) {
        g.writeFieldName(a.getKey());
        write(g, a.getValue());
        seen.add(
            new ExportRecord.Attribute(
                a.getKey(), a.getValue().descriptor(), wholeNumber(a.getValue())));
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ExportRecord(out.toString(), bytes, seen);
  }

  private static void write(JsonGenerator g, AttributeValue v) throws IOException {
    // No pattern-matching switch in this code base (Java 17 without preview).
    if (v instanceof AttributeValue.S s) {
      g.writeString(s.value());
    } else if (v instanceof AttributeValue.N n) {
      g.writeNumber(n.value().toString());
    } else if (v instanceof AttributeValue.B b) {
      g.writeString(Base64.getEncoder().encodeToString(b.bytes()));
    } else if (v instanceof AttributeValue.Bool b) {
      g.writeBoolean(b.value());
    } else if (v instanceof AttributeValue.Null) {
      g.writeNull();
    } else if (v instanceof AttributeValue.L l) {
      g.writeStartArray();
      for (AttributeValue e : l.elements()) {
        write(g, e);
      }
      g.writeEndArray();
    } else if (v instanceof AttributeValue.M m) {
      g.writeStartObject();
      for (Map.Entry<String, AttributeValue> e : m.entries().entrySet()) {
        g.writeFieldName(e.getKey());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof AttributeValue.SS ss) {
      g.writeStartArray();
      for (String e : ss.elements()) {
        g.writeString(e);
      }
      g.writeEndArray();
    } else if (v instanceof AttributeValue.NS ns) {
      g.writeStartArray();
      for (AttributeValue.N e : ns.elements()) {
        g.writeNumber(e.value().toString());
      }
      g.writeEndArray();
    } else if (v instanceof AttributeValue.BS bs) {
      g.writeStartArray();
      for (AttributeValue.B e : bs.elements()) {
        g.writeString(Base64.getEncoder().encodeToString(e.bytes()));
      }
      g.writeEndArray();
    } else {
      throw new AssertionError("unknown attribute value " + v);
    }
  }

  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** Whether {@code v} is an N with no fraction within a 64-bit integer's range. */
  static boolean wholeNumber(AttributeValue v) {
    if (!(v instanceof AttributeValue.N n)) {
      return false;
    }
    BigDecimal value = n.value();
    return (value.signum() == 0 || value.stripTrailingZeros().scale() <= 0)
        && value.compareTo(LONG_MIN) >= 0
        && value.compareTo(LONG_MAX) <= 0;
  }

  /**
   * The model type of an attribute by its most common descriptor, NULL aside (docs/analyze.md,
   * "Store exports"): S text; N bigint when every N was whole within 64 bits, else decimal (a
   * DynamoDB number has up to 38 digits, which a double would round); B blob; BOOL boolean; SS, NS,
   * BS sets; L a list and M a map, of text where the export does not say more; only NULL, text.
   */
  @Override
  public String modelType(NativeTypes types) {
    String number = types.wholeNumbers() == types.count("N") ? "bigint" : "decimal";
    return types
        .mostCommon("NULL")
        .map(
            d -> {
              switch (d) {
                case "N":
                  return number;
                case "B":
                  return "blob";
                case "BOOL":
                  return "boolean";
                case "L":
                  return "list<text>";
                case "M":
                  return "map<text, text>";
                case "SS":
                  return "set<text>";
                case "NS":
                  return "set<decimal>";
                case "BS":
                  return "set<blob>";
                default:
                  return "text";
              }
            })
        .orElse("text");
  }
}
