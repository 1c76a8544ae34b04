package dev.keyplan.cli;

import dev.keyplan.analyze.Analysis;
import dev.keyplan.analyze.Analysis.AttributeFigures;
import dev.keyplan.analyze.Analysis.KeyFigures;
import dev.keyplan.analyze.Analysis.Quantiles;
import dev.keyplan.analyze.Analysis.TopValue;
import dev.keyplan.analyze.source.NativeSize;
import dev.keyplan.input.BidiControls;
import dev.keyplan.model.Units;
import java.util.Locale;

/**
 * {@code keyplan analyze --format text}: the figures as tables for people. Values from the data are
 * shown with control and bidi characters escaped and long ones cut, so a data file cannot move the
 * terminal's cursor or reorder a line.
 */
final class AnalyzeText {
  private AnalyzeText() {}

  /** Longest value shown, in characters. */
  static final int VALUE_WIDTH = 40;

  static String render(Analysis a) {
    StringBuilder out = new StringBuilder();
    Analysis.Data d = a.data();
    out.append("Entity ").append(a.entity()).append(": ");
    out.append(Units.count(d.rows())).append(" rows");
    if (d.sample().isPresent()) {
      out.append(" (sampled: ")
          .append(Units.count((double) d.rowsRead()))
          .append(" read, ")
          .append(Units.percent(d.sample().getAsDouble()))
          .append(", scaled back)");
    }
    out.append(" from ")
        .append(d.files().size())
        .append(d.files().size() == 1 ? " file" : " files")
        .append(" (")
        .append(d.format())
        .append("; engine ")
        .append(d.engine())
        .append(")");
    if (d.badRows() > 0) {
      out.append("; ").append(Units.count((double) d.badRows())).append(" malformed rows skipped");
    }
    out.append('\n');
    for (String f : d.files()) {
      out.append("  ").append(shown(f, 200)).append('\n');
    }
    if (!d.unmappedColumns().isEmpty()) {
      out.append("Columns ignored (no attribute of that name; --map COLUMN=ATTRIBUTE): ")
          .append(shown(String.join(", ", d.unmappedColumns()), 400))
          .append('\n');
    }
    if (!d.attributesWithoutColumn().isEmpty()) {
      out.append("Attributes without a column (not measured): ")
          .append(String.join(", ", d.attributesWithoutColumn()))
          .append('\n');
    }
    a.time()
        .ifPresent(
            t ->
                out.append("Time (")
                    .append(t.attribute())
                    .append("): ")
                    .append(t.from())
                    .append(" to ")
                    .append(t.to())
                    .append(", ")
                    .append(Units.duration(t.seconds()))
                    .append("; growth ")
                    .append(Units.rate(t.rowsPerSecond()))
                    .append('\n'));
    out.append("\nAttributes\n");
    out.append(
        String.format(
            Locale.ROOT,
            "  %-20s %-14s %8s %10s %10s %s%n",
            "attribute",
            "type",
            "present",
            "avg size",
            "p99 size",
            "elements (avg / p99 / max)"));
    for (AttributeFigures f : a.attributes()) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %-20s %-14s %8s %10s %10s %s%n",
              f.name(),
              f.type(),
              Units.percent(f.present()),
              f.fixedSize() ? "(type)" : Units.bytes(f.averageBytes()),
              f.fixedSize() ? "(type)" : Units.bytes(f.p99Bytes()),
              f.elements()
                  .map(
                      q ->
                          Units.count(q.average())
                              + " / "
                              + Units.count(q.p99())
                              + " / "
                              + Units.count(q.max()))
                  .orElse("")));
    }
    for (KeyFigures k : a.keys()) {
      key(out, k);
    }
    out.append("\nRow sizes (UTF-8 bytes of present values and their names, values as text)\n");
    NativeSize exact = a.rowSizes().nativeSize();
    sizes(
        out,
        exact == NativeSize.ITEM_BYTES ? "item (export)" : "item",
        a.rowSizes().itemBytes(),
        Analysis.ITEM_LIMIT_BYTES,
        a.rowSizes().itemsOverItemLimit());
    sizes(
        out,
        exact == NativeSize.DOCUMENT_BYTES ? "BSON (export)" : "BSON document",
        a.rowSizes().documentBytes(),
        Analysis.DOCUMENT_LIMIT_BYTES,
        a.rowSizes().rowsOverDocumentLimit());
    out.append('\n');
    for (String n : a.notes()) {
      out.append("Note: ").append(n).append('\n');
    }
    return out.toString();
  }

  private static void key(StringBuilder out, KeyFigures k) {
    out.append("\nKey ").append(k.name()).append('\n');
    out.append("  rows with a value  ").append(Units.count(k.rows())).append('\n');
    out.append("  distinct values    ")
        .append(Units.count((double) k.distinct()))
        .append(k.distinctExact() ? " (exact)" : "")
        .append('\n');
    out.append("  busiest share      ").append(Units.percent(k.busiestShare())).append('\n');
    k.busiestPerSecond()
        .ifPresent(r -> out.append("  busiest rate       ").append(Units.rate(r)).append('\n'));
    out.append("  zipf               ")
        .append(
            k.zipf()
                .map(
                    z ->
                        (z.follows() ? "follows zipf(" : "does not follow zipf (fit s = ")
                            + String.format(Locale.ROOT, "%.3f", z.exponent())
                            + ")"
                            + String.format(
                                Locale.ROOT,
                                "; KS distance %.4f, critical %.4f over %d ranks",
                                z.ksDistance(),
                                z.ksCritical(),
                                z.ranks()))
                .orElse("not fitted (fewer than 5 values with 100 rows)"))
        .append('\n');
    out.append("  rows per value     ").append(quantiles(k.rowsPerValue(), false)).append('\n');
    out.append("  bytes per value    ").append(quantiles(k.bytesPerValue(), true)).append('\n');
    out.append("  monotonicity       r = ")
        .append(String.format(Locale.ROOT, "%.4f", k.monotonicity().coefficient()))
        .append(" against ")
        .append(k.monotonicity().order())
        .append(k.monotonicity().timeOrdered() ? ": time-ordered" : ": not time-ordered")
        .append('\n');
    if (!k.buckets().isEmpty()) {
      out.append("  busiest partition  ");
      for (int i = 0; i < k.buckets().size(); i++) {
        Analysis.Bucket b = k.buckets().get(i);
        out.append(i == 0 ? "" : ", ")
            .append(b.width())
            .append(": ")
            .append(Units.count(b.busiestRows()))
            .append(" rows");
      }
      out.append('\n');
    }
    out.append("  top values\n");
    for (TopValue t : k.top()) {
      out.append(
          String.format(
              Locale.ROOT,
              "    %-" + VALUE_WIDTH + "s %12s %8s%n",
              shown(t.value(), VALUE_WIDTH),
              Units.count(t.rows()),
              Units.percent(t.share())));
    }
  }

  private static String quantiles(Quantiles q, boolean bytes) {
    return "p50 "
        + (bytes ? Units.bytes(q.p50()) : Units.count(q.p50()))
        + ", p99 "
        + (bytes ? Units.bytes(q.p99()) : Units.count(q.p99()))
        + ", max "
        + (bytes ? Units.bytes(q.max()) : Units.count(q.max()));
  }

  private static void sizes(StringBuilder out, String what, Quantiles q, long limit, double over) {
    out.append(
        String.format(
            Locale.ROOT,
            "  %-14s p50 %s, p99 %s, max %s; limit %s: %s rows over%n",
            what,
            Units.bytes(q.p50()),
            Units.bytes(q.p99()),
            Units.bytes(q.max()),
            limit(limit),
            Units.count(over)));
  }

  /**
   * A store's limit as its documents state it, in binary units with the bytes beside it: {@code 400
   * KiB (409,600 B)}, {@code 16 MiB (16,777,216 B)}. Decimal units would print DynamoDB's 400 KB
   * item limit as "410 KB".
   */
  static String limit(long bytes) {
    String binary =
        bytes % (1024L * 1024) == 0
            ? bytes / (1024L * 1024) + " MiB"
            : bytes % 1024 == 0 ? bytes / 1024 + " KiB" : null;
    String exact = Units.count((double) bytes) + " B";
    return binary == null ? exact : binary + " (" + exact + ")";
  }

  /**
   * A value as the terminal may show it: control characters (C0, DEL, C1) as a backslash-u escape
   * of four hex digits (ESC as {@code \}{@code u001B}), bidi controls as {@link
   * BidiControls#visible} writes them, cut to {@code width} characters with an ellipsis.
   */
  static String shown(String value, int width) {
    StringBuilder b = new StringBuilder();
    value
        .codePoints()
        .forEach(
            c -> {
              if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                b.append(String.format(Locale.ROOT, "\\u%04X", c));
              } else {
                b.appendCodePoint(c);
              }
            });
    String s = BidiControls.visible(b.toString());
    if (s.codePointCount(0, s.length()) <= width) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, width - 1)) + "…";
  }
}
