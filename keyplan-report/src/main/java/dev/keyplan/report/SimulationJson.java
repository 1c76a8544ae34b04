package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.simulate.SimulationResult;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A simulation as JSON (docs/simulate.md): {@code store}, {@code settings} (name → value), {@code
 * findings}, {@code tables} (id → {title, rows: [ {column: value} ]}), {@code events}, {@code
 * series} ({subject, columns, rows: [[second, subject, values…]]}) and {@code notes}. Numbers keep
 * six significant digits, as in {@code check --format json}.
 */
public final class SimulationJson {
  private SimulationJson() {}

  public static String render(SimulationResult r) {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      g.writeStartObject();
      g.writeStringField("store", r.store());
      g.writeObjectFieldStart("settings");
      for (var s : r.settings()) {
        g.writeStringField(s.name(), s.value());
      }
      g.writeEndObject();
      JsonFields.strings(g, "findings", r.findings());
      g.writeObjectFieldStart("tables");
      for (var t : r.tables()) {
        g.writeObjectFieldStart(t.id());
        g.writeStringField("title", t.title());
        g.writeArrayFieldStart("rows");
        for (var row : t.rows()) {
          g.writeStartObject();
          for (int i = 0; i < row.size(); i++) {
            value(g, t.columns().get(i), row.get(i));
          }
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeArrayFieldStart("events");
      for (var e : r.events()) {
        g.writeStartObject();
        g.writeNumberField("second", e.second());
        g.writeStringField("kind", e.kind());
        g.writeStringField("subject", e.subject());
        g.writeStringField("text", e.text());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeObjectFieldStart("series");
      g.writeStringField("subject", r.series().subject());
      JsonFields.strings(g, "columns", r.series().columns());
      g.writeArrayFieldStart("rows");
      for (var row : r.series().rows()) {
        g.writeStartArray();
        g.writeNumber(row.second());
        g.writeString(row.subject());
        for (int i = 0; i < r.series().columns().size(); i++) {
          JsonFields.numberValue(g, row.value(i));
        }
        g.writeEndArray();
      }
      g.writeEndArray();
      g.writeEndObject();
      JsonFields.strings(g, "notes", r.notes());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w + "\n";
  }

  private static void value(JsonGenerator g, String name, Object v) throws IOException {
    if (v instanceof String s) {
      g.writeStringField(name, s);
    } else if (v instanceof Long l) {
      g.writeNumberField(name, l);
    } else if (v instanceof Double d) {
      JsonFields.number(g, name, d);
    } else if (v == null) {
      g.writeNullField(name);
    } else {
      g.writeStringField(name, String.valueOf(v));
    }
  }
}
