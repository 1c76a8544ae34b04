package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * How every JSON output of keyplan writes its fields: unknown numbers as null, six significant
 * digits.
 */
public final class JsonFields {
  private JsonFields() {}

  /** Writes {@code name} as the text of {@code v}, or null when there is none. */
  public static void text(JsonGenerator g, String name, Optional<String> v) throws IOException {
    if (v.isPresent()) {
      g.writeStringField(name, v.get());
    } else {
      g.writeNullField(name);
    }
  }

  /** Writes {@code name} as an array of strings. */
  public static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  /** From this magnitude a figure is written as the nearest whole number. */
  static final double WHOLE_FROM = 100_000;

  public static void number(JsonGenerator g, String name, double v) throws IOException {
    g.writeFieldName(name);
    numberValue(g, v);
  }

  /**
   * Writes {@code v} as a whole number when it is one, or when it is at least {@value #WHOLE_FROM}
   * (where six significant digits would show no decimals anyway, and Jackson would write them in
   * exponent form: an average partition of 33,302,016,024.4 B is {@code 33302016024}, not {@code
   * 3.3302E10}); else with six significant digits; null for NaN.
   */
  public static void numberValue(JsonGenerator g, double v) throws IOException {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      g.writeNull();
    } else if ((v == Math.rint(v) || Math.abs(v) >= WHOLE_FROM) && Math.abs(v) < 9e15) {
      g.writeNumber(Math.round(v));
    } else {
      // Six significant digits: enough for any figure printed, and small rates do not round to 0.
      g.writeNumber(new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue());
    }
  }
}
