package dev.keyplan.report;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns, for terminal output. */
public final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  public TextTable(String... header) {
    this.header = List.of(header);
  }

  public TextTable row(String... cells) {
    rows.add(List.of(cells));
    return this;
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** Returns the table, each line indented by two spaces, with a trailing newline. */
  public String render() {
    int[] width = new int[header.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = header.get(i).length();
      for (List<String> r : rows) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, header, width);
    for (List<String> r : rows) {
      line(out, r, width);
    }
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells, int[] width) {
    StringBuilder l = new StringBuilder("  ");
    for (int i = 0; i < cells.size(); i++) {
      l.append(cells.get(i));
      if (i < cells.size() - 1) {
        l.append(" ".repeat(width[i] - cells.get(i).length() + 2));
      }
    }
    out.append(l.toString().stripTrailing()).append('\n');
  }
}
