package dev.keyplan.report;

import dev.keyplan.analysis.Plan;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.model.Units;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;

/**
 * The two things every piece of the HTML report needs: escaping and plain numbers.
 *
 * <p>Every string that comes from the model (names, {@code says} text, messages that quote them,
 * emitted schema) goes through {@link #escape}, in text and in attribute values alike, so a model
 * cannot inject markup or script into a page someone opens from a design review.
 *
 * <p>Escaping is not enough for text: a name holding U+202E (RIGHT-TO-LEFT OVERRIDE) or another
 * bidi control reorders everything after it on the line, so a page can be made to show text in an
 * order other than the one written (the Trojan-source trick, CVE-2021-42574, applied to a report).
 * Element text therefore goes through {@link #text}, which escapes and isolates the string in a
 * {@code <bdi>} element: the HTML standard ends every embedding and override opened inside a {@code
 * bdi} at its end
 * (https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-bdi-element, and UAX #9
 * rule X6a, https://www.unicode.org/reports/tr9/#X6a). Where no element may stand (the page's
 * {@code <title>}, SVG text), {@link #isolate} wraps the string in FIRST STRONG ISOLATE and POP
 * DIRECTIONAL ISOLATE, the characters {@code bdi} stands for (UAX #9 section 2.7).
 */
public final class Html {
  private Html() {}

  /** Returns {@code s} safe as element text and as a double- or single-quoted attribute value. */
  public static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** Returns {@code s} escaped and isolated in a {@code <bdi>}, for element text from the model. */
  public static String text(String s) {
    return "<bdi>" + escape(s) + "</bdi>";
  }

  /** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (UAX #9 section 2.7). */
  static final char FSI = '\u2068';

  static final char PDI = '\u2069';

  /**
   * Returns {@code s} escaped and wrapped in FSI…PDI, for text where no element may stand: the
   * page's {@code <title>} and SVG {@code <text>} and {@code <title>}.
   */
  public static String isolate(String s) {
    return FSI + escape(s) + PDI;
  }

  /**
   * Returns {@code v} as the JSON report writes it ({@link JsonFields#numberValue}: a whole number
   * when it is one or at least {@value JsonFields#WHOLE_FROM}, else six significant digits; empty
   * for NaN), for {@code data-value} attributes that tests and scripts compare with {@code check
   * --format json}.
   */
  static String plain(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    if ((v == Math.rint(v) || Math.abs(v) >= JsonFields.WHOLE_FROM) && Math.abs(v) < 9e15) {
      return Long.toString(Math.round(v));
    }
    return Double.toString(new BigDecimal(v).round(new MathContext(6)).doubleValue());
  }

  /** Returns a table cell showing {@code shown} and carrying {@code value} for machines. */
  public static String numberCell(double value, String shown) {
    return "<td class=\"num\" data-value=\"" + plain(value) + "\">" + text(shown) + "</td>";
  }

  /**
   * Returns what a pattern touches, "typical (busiest N)"; "-" for a write the analysis gives no
   * figure (NaN), which the text report's "all" would misstate as a scan.
   */
  public static String reads(dev.keyplan.model.AccessPattern p, double typical, double busiest) {
    return !p.isRead() && Double.isNaN(typical) ? "-" : Phrases.pair(typical, busiest);
  }

  /** Returns a table cell of text. */
  public static String cell(String text) {
    return "<td>" + text(text) + "</td>";
  }

  /** Marks a header name as a column of numbers, set right like its cells. */
  private static final String NUMBERS = "\u0000";

  /** Returns {@code name} as the header of a column of {@link #numberCell}s. */
  public static String num(String name) {
    return NUMBERS + name;
  }

  /** Returns a table header row; names made with {@link #num} are set right, over their numbers. */
  public static String header(String... names) {
    StringBuilder out = new StringBuilder("<thead><tr>");
    for (String n : names) {
      out.append(n.startsWith(NUMBERS) ? "<th class=\"num\">" : "<th>")
          .append(text(n.replace(NUMBERS, "")))
          .append("</th>");
    }
    return out.append("</tr></thead>\n").toString();
  }

  /** Appends {@code text} under a heading, as the schema section shows each store's. */
  public static void pre(StringBuilder out, String title, String text) {
    out.append("<h3>")
        .append(Html.text(title))
        .append("</h3>\n<pre class=\"schema\">")
        .append(lines(text))
        .append("</pre>\n");
  }

  /**
   * Returns {@code text} with each line isolated: a schema quotes model names on many lines, and an
   * override opened on one must reach neither the next line nor the rest of its own.
   */
  static String lines(String text) {
    StringBuilder out = new StringBuilder(text.length() + 64);
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        out.append('\n');
      }
      if (!lines[i].isEmpty()) {
        out.append(text(lines[i]));
      }
    }
    return out.toString();
  }

  /** One growth chart in a figure, or a note when a size is unknown. */
  public static void figure(String store, String name, Optional<String> svg, StringBuilder out) {
    out.append("<figure class=\"sizing\" data-store=\"")
        .append(store)
        .append("\"><figcaption><b>")
        .append(Html.text(name))
        .append("</b> from today to the horizon</figcaption>\n")
        .append(
            svg.orElse(
                "<p class=\"note\">Size unknown: a key attribute has no declared spread.</p>\n"))
        .append("</figure>\n");
  }

  /**
   * Opens a store's section: its heading (the store's display name) and its patterns table, whose
   * columns are {@code columns}.
   */
  public static void openStoreSection(StoreAnalysis a, StringBuilder out, String... columns) {
    out.append("<section class=\"store\" id=\"store-")
        .append(a.store())
        .append("\"><h2>")
        .append(escape(a.store().displayName()))
        .append("</h2>\n")
        .append("<h3>Patterns</h3>\n<table class=\"patterns\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(header(columns));
  }

  /**
   * Opens a plan's row of the patterns table with the cells every store has: the pattern, its rate,
   * what serves it and how.
   */
  public static void openPatternRow(Plan p, String servedBy, StringBuilder out) {
    out.append("<tr data-pattern=\"")
        .append(escape(p.pattern().id()))
        .append("\">")
        .append(cell(p.pattern().id()))
        .append(numberCell(p.pattern().ratePerSecond(), Units.rate(p.pattern().ratePerSecond())))
        .append(cell(servedBy))
        .append(cell(p.kind().label()));
  }
}
