package dev.keyplan.analyze.export;

import dev.keyplan.input.Diagnostic;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What converting one export file into JSON Lines found.
 *
 * @param rows records written to the target, one per good line
 * @param badRows lines skipped as bad (at most the {@code maxBadRows} asked for)
 * @param firstBadRows the first problem of each of the first {@link Exports#BAD_ROWS_KEPT} skipped
 *     lines, each at its {@code file:line:column}
 * @param attributeTypes every top-level attribute seen, by name, with its native types
 * @param sha256 the SHA-256 of the source file's bytes as stored (compressed, for a gzip file), in
 *     lower-case hex, for the provenance that {@code --write} records
 */
public record ExportConversion(
    long rows,
    long badRows,
    List<Diagnostic> firstBadRows,
    SortedMap<String, NativeTypes> attributeTypes,
    String sha256) {

  public ExportConversion {
    firstBadRows = List.copyOf(firstBadRows);
    attributeTypes = Collections.unmodifiableSortedMap(new TreeMap<>(attributeTypes));
  }

  /** Returns each attribute's share of rows that held it, in [0, 1]. */
  public Map<String, Double> presentShares() {
    var out = new TreeMap<String, Double>();
    attributeTypes.forEach(
        (name, types) -> out.put(name, rows == 0 ? 0.0 : types.present() / (double) rows));
    return out;
  }
}
