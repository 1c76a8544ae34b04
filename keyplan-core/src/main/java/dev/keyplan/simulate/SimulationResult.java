package dev.keyplan.simulate;

import java.util.List;

/**
 * What a run found, in a shape every renderer can print without knowing the store: the settings
 * used, summary tables, timed events (a split, a migration, a node joining), the time series and
 * the approximations the run made. Each store's simulator also returns its own typed results; this
 * is the view of them for text, JSON and CSV.
 *
 * @param store {@code cassandra}, {@code scylladb}, {@code dynamodb} or {@code mongodb}
 * @param settings every setting with the value used, defaults included, in a stable order
 * @param findings what the run shows, most important first ("partition channel_id-1 holds 6.4 GB")
 * @param tables summary tables
 * @param events what happened when, in time order
 * @param series values per subject and interval
 * @param notes how the run was approximated, said plainly
 */
public record SimulationResult(
    String store,
    List<Setting> settings,
    List<String> findings,
    List<Table> tables,
    List<Event> events,
    Series series,
    List<String> notes) {

  public SimulationResult {
    settings = List.copyOf(settings);
    findings = List.copyOf(findings);
    tables = List.copyOf(tables);
    events = List.copyOf(events);
    notes = List.copyOf(notes);
  }

  /** Returns this result with {@code note} added after its notes. */
  public SimulationResult withNote(String note) {
    List<String> more = new java.util.ArrayList<>(notes);
    more.add(note);
    return new SimulationResult(store, settings, findings, tables, events, series, more);
  }

  /** A setting and the value the run used. */
  public record Setting(String name, String value) {}

  /**
   * A summary table; cells are {@code String}, {@code Long} or {@code Double}.
   *
   * @param id a stable name for JSON ({@code nodes}, {@code partitions})
   */
  public record Table(String id, String title, List<String> columns, List<List<Object>> rows) {
    public Table {
      columns = List.copyOf(columns);
      rows =
          rows.stream()
              .map(r -> java.util.Collections.unmodifiableList(new java.util.ArrayList<>(r)))
              .toList();
    }

    /** Returns the cell in row {@code row} under {@code column}. */
    public Object cell(int row, String column) {
      int c = columns.indexOf(column);
      if (c < 0) {
        throw new IllegalArgumentException("no column " + column + " in " + columns);
      }
      return rows.get(row).get(c);
    }
  }

  /**
   * Something that happened at one simulated second.
   *
   * @param kind a stable word ({@code split}, {@code throttle-start}, {@code migration}, {@code
   *     jumbo})
   */
  public record Event(long second, String kind, String subject, String text) {}

  /**
   * A time series: one row per interval and subject (a node, partition or shard).
   *
   * @param subject what a row describes ({@code node}, {@code partition}, {@code shard})
   * @param columns the values' names, after {@code second} and the subject
   */
  public record Series(String subject, List<String> columns, List<Row> rows) {
    public Series {
      columns = List.copyOf(columns);
      rows = List.copyOf(rows);
    }

    /** One interval of one subject: {@code second} is the interval's start. */
    public record Row(long second, String subject, double[] values) {
      public Row {
        values = values.clone();
      }

      @Override
      public double[] values() {
        return values.clone();
      }

      /** Returns value {@code i} without copying. */
      public double value(int i) {
        return values[i];
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof Row r
            && second == r.second
            && subject.equals(r.subject)
            && java.util.Arrays.equals(values, r.values);
      }

      @Override
      public int hashCode() {
        return java.util.Objects.hash(second, subject, java.util.Arrays.hashCode(values));
      }

      @Override
      public String toString() {
        return "Row[" + second + ", " + subject + ", " + java.util.Arrays.toString(values) + "]";
      }
    }
  }
}
