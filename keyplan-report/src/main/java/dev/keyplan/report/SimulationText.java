package dev.keyplan.report;

import dev.keyplan.input.BidiControls;
import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import java.util.Locale;

/**
 * A simulation for people: what it shows, the summary tables, the events, the settings and how it
 * was approximated. The time series goes to CSV or JSON, not to a terminal.
 *
 * <p>Cells are shown by their column's name: a column with {@code bytes} in it as a size, one with
 * {@code share} as a percentage, other numbers with up to three decimals below 100 and none above.
 */
public final class SimulationText {
  private SimulationText() {}

  public static String render(SimulationResult r) {
    return render(r, "simulation of ");
  }

  /** Renders {@code r} under the heading {@code heading + store} ("verification of cassandra"). */
  public static String render(SimulationResult r, String heading) {
    StringBuilder out = new StringBuilder();
    out.append(heading).append(r.store()).append('\n');
    for (String f : r.findings()) {
      out.append("  ").append(f).append('\n');
    }
    for (SimulationResult.Table t : r.tables()) {
      if (t.rows().isEmpty()) {
        continue;
      }
      out.append('\n').append(t.title()).append(":\n");
      TextTable table = new TextTable(t.columns().toArray(new String[0]));
      for (var row : t.rows()) {
        String[] cells = new String[row.size()];
        for (int i = 0; i < cells.length; i++) {
          cells[i] = cell(t.columns().get(i), row.get(i));
        }
        table.row(cells);
      }
      out.append(table.render());
    }
    if (!r.events().isEmpty()) {
      out.append("\nevents:\n");
      TextTable events = new TextTable("second", "kind", "subject", "what");
      r.events()
          .forEach(e -> events.row(Long.toString(e.second()), e.kind(), e.subject(), e.text()));
      out.append(events.render());
    }
    out.append("\nsettings:\n");
    r.settings()
        .forEach(
            s -> out.append("  ").append(s.name()).append(": ").append(s.value()).append('\n'));
    if (!r.notes().isEmpty()) {
      out.append("\nnotes:\n");
      r.notes().forEach(n -> out.append("  - ").append(n).append('\n'));
    }
    // Names from the model reach a terminal: bidi controls are shown, not obeyed (TextReport).
    return BidiControls.visible(out.toString());
  }

  /** Formats one cell by its column's name. */
  static String cell(String column, Object value) {
    if (value instanceof String s) {
      return s.isEmpty() ? "-" : s;
    }
    if (value instanceof Long l) {
      return Long.toString(l);
    }
    if (!(value instanceof Double d)) {
      return String.valueOf(value);
    }
    if (Double.isNaN(d)) {
      return "?";
    }
    if (column.contains("bytes")) {
      return Units.bytes(d);
    }
    if (column.contains("share")) {
      return String.format(Locale.ROOT, "%.1f%%", d * 100);
    }
    if (Math.abs(d) >= 100 || d == Math.rint(d)) {
      return String.format(Locale.ROOT, "%,.0f", d);
    }
    if (Math.abs(d) < 0.001) {
      return String.format(Locale.ROOT, "%.2e", d); // a scale of 4.0e-05 is not 0
    }
    return String.format(Locale.ROOT, "%.3f", d).replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
