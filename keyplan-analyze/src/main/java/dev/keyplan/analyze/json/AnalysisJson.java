package dev.keyplan.analyze.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.analyze.Analysis;
import dev.keyplan.analyze.Analysis.AttributeFigures;
import dev.keyplan.analyze.Analysis.Bucket;
import dev.keyplan.analyze.Analysis.KeyFigures;
import dev.keyplan.analyze.Analysis.Quantiles;
import dev.keyplan.analyze.Analysis.TopValue;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code keyplan analyze --format json}: the documented shape of docs/analyze.md ("JSON"), fields
 * always in the same order, every number finite. It lives beside the engine rather than in the CLI
 * so that every engine writes the same JSON.
 */
public final class AnalysisJson {
  private AnalysisJson() {}

  /** The shape's version: a field removed or changed in meaning raises it. */
  public static final int VERSION = 1;

  /** Returns the analysis as JSON text, ending in a line feed. */
  public static String render(Analysis a) {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeNumberField("version", VERSION);
      g.writeStringField("entity", a.entity());
      data(g, a.data());
      g.writeArrayFieldStart("attributes");
      for (AttributeFigures f : a.attributes()) {
        attribute(g, f);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("keys");
      for (KeyFigures k : a.keys()) {
        key(g, k);
      }
      g.writeEndArray();
      g.writeObjectFieldStart("rowSizes");
      g.writeStringField("measuredAs", "UTF-8 bytes of each present value and its attribute name");
      // The one figure that is instead each row's own size, read from a store's export.
      switch (a.rowSizes().nativeSize()) {
        case ITEM_BYTES -> g.writeStringField("nativeSize", "itemBytes");
        case DOCUMENT_BYTES -> g.writeStringField("nativeSize", "documentBytes");
        case NONE -> g.writeNullField("nativeSize");
      }
      quantiles(g, "itemBytes", a.rowSizes().itemBytes());
      number(g, "itemLimitBytes", Analysis.ITEM_LIMIT_BYTES);
      number(g, "rowsOverItemLimit", a.rowSizes().itemsOverItemLimit());
      quantiles(g, "documentBytes", a.rowSizes().documentBytes());
      number(g, "documentLimitBytes", Analysis.DOCUMENT_LIMIT_BYTES);
      number(g, "rowsOverDocumentLimit", a.rowSizes().rowsOverDocumentLimit());
      g.writeEndObject();
      if (a.time().isPresent()) {
        Analysis.TimeSpan t = a.time().get();
        g.writeObjectFieldStart("time");
        g.writeStringField("attribute", t.attribute());
        g.writeStringField("from", t.from());
        g.writeStringField("to", t.to());
        number(g, "seconds", t.seconds());
        number(g, "rowsPerSecond", t.rowsPerSecond());
        g.writeEndObject();
      } else {
        g.writeNullField("time");
      }
      strings(g, "notes", a.notes());
      g.writeEndObject();
      g.writeRaw('\n');
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  private static void data(JsonGenerator g, Analysis.Data d) throws IOException {
    g.writeObjectFieldStart("data");
    strings(g, "files", d.files());
    g.writeStringField("format", d.format());
    g.writeStringField("engine", d.engine());
    number(g, "rowsRead", (double) d.rowsRead());
    number(g, "rows", d.rows());
    number(g, "badRows", (double) d.badRows());
    if (d.sample().isPresent()) {
      number(g, "sample", d.sample().getAsDouble());
    } else {
      g.writeNullField("sample");
    }
    g.writeObjectFieldStart("columns");
    for (Map.Entry<String, String> e : d.columns().entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    strings(g, "unmappedColumns", d.unmappedColumns());
    strings(g, "attributesWithoutColumn", d.attributesWithoutColumn());
    g.writeEndObject();
  }

  private static void attribute(JsonGenerator g, AttributeFigures f) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", f.name());
    g.writeStringField("column", f.column());
    g.writeStringField("type", f.type());
    g.writeBooleanField("fixedSize", f.fixedSize());
    number(g, "present", f.present());
    number(g, "averageBytes", f.averageBytes());
    number(g, "p99Bytes", f.p99Bytes());
    number(g, "maxBytes", f.maxBytes());
    if (f.elements().isPresent()) {
      quantiles(g, "elements", f.elements().get());
    } else {
      g.writeNullField("elements");
    }
    g.writeEndObject();
  }

  private static void key(JsonGenerator g, KeyFigures k) throws IOException {
    g.writeStartObject();
    strings(g, "attributes", k.attributes());
    number(g, "rows", k.rows());
    number(g, "distinct", (double) k.distinct());
    g.writeBooleanField("distinctExact", k.distinctExact());
    number(g, "busiestShare", k.busiestShare());
    g.writeArrayFieldStart("top");
    for (TopValue t : k.top()) {
      g.writeStartObject();
      g.writeStringField("value", t.value());
      number(g, "rows", t.rows());
      number(g, "share", t.share());
      g.writeEndObject();
    }
    g.writeEndArray();
    if (k.zipf().isPresent()) {
      Analysis.ZipfFit z = k.zipf().get();
      g.writeObjectFieldStart("zipf");
      number(g, "exponent", z.exponent());
      number(g, "ranks", z.ranks());
      number(g, "ksDistance", z.ksDistance());
      number(g, "ksCritical", z.ksCritical());
      g.writeBooleanField("follows", z.follows());
      g.writeEndObject();
    } else {
      g.writeNullField("zipf");
    }
    quantiles(g, "rowsPerValue", k.rowsPerValue());
    quantiles(g, "bytesPerValue", k.bytesPerValue());
    g.writeObjectFieldStart("monotonicity");
    number(g, "coefficient", k.monotonicity().coefficient());
    g.writeBooleanField("timeOrdered", k.monotonicity().timeOrdered());
    g.writeStringField("order", k.monotonicity().order());
    g.writeEndObject();
    if (k.busiestPerSecond().isPresent()) {
      number(g, "busiestPerSecond", k.busiestPerSecond().getAsDouble());
    } else {
      g.writeNullField("busiestPerSecond");
    }
    g.writeArrayFieldStart("buckets");
    for (Bucket b : k.buckets()) {
      g.writeStartObject();
      g.writeStringField("width", b.width());
      number(g, "seconds", (double) b.seconds());
      number(g, "busiestRows", b.busiestRows());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void quantiles(JsonGenerator g, String name, Quantiles q) throws IOException {
    g.writeObjectFieldStart(name);
    number(g, "average", q.average());
    number(g, "p50", q.p50());
    number(g, "p99", q.p99());
    number(g, "max", q.max());
    g.writeEndObject();
  }

  private static void strings(JsonGenerator g, String name, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  /**
   * A number, finite by construction; a whole number is written without a fraction so the same
   * count always reads the same. A figure that is not finite would be a defect, and is refused
   * loudly rather than written as a string (docs/reliability.md: every figure finite).
   */
  private static void number(JsonGenerator g, String name, double v) throws IOException {
    if (!Double.isFinite(v)) {
      throw new IllegalStateException(name + " is not finite: " + v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      g.writeNumberField(name, (long) v);
    } else {
      g.writeNumberField(name, v);
    }
  }
}
