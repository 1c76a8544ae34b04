package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The JSON form of {@code keyplan check}. Its shape is documented in docs/output.md and stable:
 * fields are added, never renamed or removed. Unknown numbers are {@code null}.
 */
public final class JsonReport {
  private JsonReport() {}

  /** Returns the report as pretty-printed JSON with a trailing newline. */
  public static String render(CheckResult result) {
    var w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("model", result.model().name());
      g.writeStringField("file", result.model().file());
      g.writeNumberField("horizonSeconds", result.model().horizonSeconds());
      for (JsonSection section : JsonSection.values()) {
        g.writeArrayFieldStart(section.key());
        for (StoreAnalysis a : result.analyses()) {
          StoreReports.json(section, g, a);
        }
        g.writeEndArray();
      }
      g.writeArrayFieldStart("findings");
      for (Finding f : result.findings()) {
        finding(g, f);
      }
      g.writeEndArray();
      g.writeObjectFieldStart("summary");
      g.writeNumberField("errors", result.count(Severity.ERROR));
      g.writeNumberField("warnings", result.count(Severity.WARNING));
      g.writeNumberField("infos", result.count(Severity.INFO));
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w + "\n";
  }

  private static void finding(JsonGenerator g, Finding f) throws IOException {
    g.writeStartObject();
    g.writeStringField("rule", f.rule());
    g.writeStringField("severity", f.severity().word());
    g.writeStringField("store", f.store());
    g.writeStringField("target", f.target());
    g.writeStringField("message", f.message());
    g.writeStringField("fix", f.fix());
    g.writeObjectFieldStart("location");
    g.writeStringField("file", f.location().file());
    g.writeNumberField("line", f.location().line());
    g.writeNumberField("column", f.location().column());
    g.writeEndObject();
    g.writeEndObject();
  }
}
