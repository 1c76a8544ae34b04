package dev.keyplan.verify;

import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.simulate.SimulationResult.Table;
import java.util.List;

/**
 * What a verification measured next to what keyplan predicted, in the store-neutral shape the
 * renderers print: settings (endpoint and namespace, never credentials), findings (the differences
 * that matter, most important first), tables (per pattern: predicted, measured and their ratio; per
 * table: sizes; tokens) and notes (what was scaled, what the engine does not do faithfully and so
 * was not compared).
 *
 * @param mismatches comparisons outside their tolerance, each also a finding
 */
public record VerifyResult(
    String store,
    List<Setting> settings,
    List<String> findings,
    List<Table> tables,
    List<String> notes,
    int mismatches) {

  public VerifyResult {
    settings = List.copyOf(settings);
    findings = List.copyOf(findings);
    tables = List.copyOf(tables);
    notes = List.copyOf(notes);
  }

  /**
   * The same content as a {@link SimulationResult} without a time series, for the shared renderers.
   */
  public SimulationResult asResult() {
    return new SimulationResult(
        store,
        settings,
        findings,
        tables,
        List.of(),
        new SimulationResult.Series("none", List.of(), List.of()),
        notes);
  }

  /** Returns the table with {@code id}. */
  public Table table(String id) {
    return tables.stream()
        .filter(t -> t.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no table " + id));
  }
}
