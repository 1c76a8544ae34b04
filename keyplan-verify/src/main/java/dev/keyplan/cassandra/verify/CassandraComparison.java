package dev.keyplan.cassandra.verify;

import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.PartitionSize;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * keyplan's figures beside Cassandra's, and what counts as a mismatch: a token that differs, a read
 * keyplan calls single-partition that traces more than one partition (or a bucket walk that walks a
 * different number of buckets than keyplan's rounded-up figure), and partition bytes more than
 * {@value CassandraVerifier#SIZE_TOLERANCE} (or {@value CassandraVerifier#SIZE_TOLERANCE_BYTES}
 * bytes, whichever is larger) away from keyplan's on-disk figure for the rows loaded.
 */
final class CassandraComparison {
  private CassandraComparison() {}

  static List<Object> patternRow(
      CassandraPlan plan,
      String role,
      CassandraVerifyReads.Measured m,
      TableLoad l,
      java.util.Map<String, CassandraSizing> sizing,
      int[] mismatches,
      List<String> findings) {
    if (plan.access() == CassandraAccess.SECONDARY_INDEX
        || plan.access() == CassandraAccess.ALLOW_FILTERING
        || plan.access() == CassandraAccess.FULL_SCAN) {
      return scaledRow(plan, role, m, l, sizing.get(l.table.name()), mismatches, findings);
    }
    boolean busiest = role.equals("busiest");
    double predicted = busiest ? plan.partitions().busiest() : plan.partitions().typical();
    double predictedRows = busiest ? plan.rows().busiest() : plan.rows().typical();
    boolean walk =
        plan.access() == CassandraAccess.BUCKET_WALK && m.partitionsWalked() > 1
            || plan.access() == CassandraAccess.BUCKET_WALK;
    long measured = walk ? m.partitionsWalked() : m.traced().partitions();
    String verdict = "ok";
    if (plan.access() == CassandraAccess.SINGLE_PARTITION && (measured != 1 || m.traced().scan())) {
      verdict = "MISMATCH";
      findings.add(
          plan.pattern().id()
              + " ("
              + role
              + "): keyplan says one partition; the trace shows "
              + (m.traced().scan() ? "a range scan" : measured + " partitions"));
    } else if (walk
        && !Double.isNaN(predicted)
        && Math.abs(measured - Math.ceil(predicted - 1e-9)) > 1) {
      verdict = "MISMATCH";
      findings.add(
          plan.pattern().id()
              + " ("
              + role
              + "): keyplan says the newest-first walk reads "
              + format(predicted)
              + " buckets; it read "
              + measured);
    } else if (Double.isNaN(predicted) && m.traced().scan()) {
      verdict = "ok (all nodes)";
    }
    double expectedRows =
        verdict.equals("ok")
            ? rowsOnTheLoadedData(plan, busiest, predictedRows, m, l, sizing.get(l.table.name()))
            : Double.NaN;
    if (!Double.isNaN(expectedRows)
        && Math.abs(m.traced().rows() - expectedRows)
            > Math.max(1, CassandraVerifier.SIZE_TOLERANCE * expectedRows)) {
      verdict = "MISMATCH";
      findings.add(
          plan.pattern().id()
              + " ("
              + role
              + "): keyplan's "
              + format(predictedRows)
              + " rows come to "
              + format(expectedRows)
              + " on the loaded data; the trace read "
              + m.traced().rows());
    }
    if (verdict.startsWith("MISMATCH")) {
      mismatches[0]++;
    }
    return List.of(
        plan.pattern().id(),
        role,
        plan.access().toString().toLowerCase(Locale.ROOT).replace('_', ' '),
        plan.tables().get(0),
        predicted,
        (double) measured,
        measured / predicted,
        predictedRows,
        (double) m.traced().rows(),
        m.latency().millis(50),
        m.latency().millis(99),
        verdict);
  }

  /**
   * The rows a single-partition read or a bucket walk reads on the loaded data, by keyplan's plan,
   * or NaN where the loaded data cannot show it. A read of one row (the full primary key) reads 1.
   * A read that restricts only the partition key reads its partitions' rows up to the limit: when
   * keyplan's rows are bounded by the limit, {@code min(limit, rows loaded in the partitions
   * walked)}; otherwise keyplan's rows scaled as the load scaled the partition ({@code rows ×
   * loaded / predicted}, the scale column), so a planner whose rows are not the sizing's is caught.
   * Reads that restrict a clustering or regular column are not compared here: verify binds the
   * first loaded row's value, whose share of the rows depends on the loaded values, not on the
   * model's spread. A bucket walk asks each bucket for the rows the newer ones did not give, as the
   * application would. The tolerance is one row or {@value CassandraVerifier#SIZE_TOLERANCE}.
   */
  static double rowsOnTheLoadedData(
      CassandraPlan plan,
      boolean busiest,
      double predictedRows,
      CassandraVerifyReads.Measured m,
      TableLoad l,
      CassandraSizing size) {
    var read = (dev.keyplan.model.Operation.Read) plan.pattern().operation();
    if (Double.isNaN(predictedRows) || read.count() || size == null) {
      return Double.NaN;
    }
    if (predictedRows <= 1) {
      return 1;
    }
    boolean keyOnly =
        read.where().stream()
            .allMatch(c -> l.table.partitionKey().contains(l.table.columnOf(c.attribute())));
    if (!keyOnly) {
      return Double.NaN;
    }
    long perPartition = busiest ? l.busiestRows : l.typicalRows;
    long reachable = perPartition * Math.max(1, m.partitionsWalked());
    int limit = read.limit().orElse(Integer.MAX_VALUE);
    if (predictedRows >= limit) {
      return Math.min(limit, reachable);
    }
    PartitionSize predicted = busiest ? size.busiest() : size.typical();
    if (!predicted.known() || predicted.rows() <= 0) {
      return Double.NaN;
    }
    double scale = Math.min(1.0, perPartition / predicted.rows());
    return Math.min(limit, predictedRows * scale);
  }

  /**
   * A read that reaches past one partition (an index, an ALLOW FILTERING walk, a full scan) set
   * beside the loaded data, since its figures are the whole table's: keyplan's rows and partitions
   * are scaled by the share of the table that was loaded, {@code s = rows loaded / N_r} (partitions
   * by {@code partitions loaded / N_p}). A scan reads every row it passes, so its scaled figure is
   * the rows loaded, compared with the trace's rows read (a sequential scan's trace counts rows,
   * not partitions). An index read reads the rows holding the value asked for: keyplan's rows per
   * value scaled, at least 1 (the loaded values are distinct per row and the value asked for is a
   * loaded row's), at most the read's limit, from as many partitions; the trace counts the
   * partitions fetched. A difference of more than one row and {@value
   * CassandraVerifier#SIZE_TOLERANCE} is a mismatch.
   */
  private static List<Object> scaledRow(
      CassandraPlan plan,
      String role,
      CassandraVerifyReads.Measured m,
      TableLoad l,
      CassandraSizing size,
      int[] mismatches,
      List<String> findings) {
    boolean busiest = role.equals("busiest");
    long loadedRows = l.busiestRows + l.typicalRows * l.typical.size();
    long loadedPartitions = 1 + l.typical.size();
    double share = loadedRows / Math.max(1.0, size.rows());
    double rows = busiest ? plan.rows().busiest() : plan.rows().typical();
    boolean index = plan.access() == CassandraAccess.SECONDARY_INDEX;
    int limit =
        ((dev.keyplan.model.Operation.Read) plan.pattern().operation())
            .limit()
            .orElse(Integer.MAX_VALUE);
    double predictedRows =
        index
            ? Math.min(
                limit, Math.min(loadedRows, Math.max(1, Double.isNaN(rows) ? 1 : rows * share)))
            : loadedRows;
    double predictedPartitions =
        index ? Math.min(predictedRows, loadedPartitions) : loadedPartitions;
    double measuredRows = m.traced().rows();
    double measuredPartitions = index ? m.traced().partitions() : Double.NaN;
    boolean rowsOk =
        Math.abs(measuredRows - predictedRows)
            <= Math.max(1, CassandraVerifier.SIZE_TOLERANCE * predictedRows);
    boolean partitionsOk =
        !index
            || Math.abs(measuredPartitions - predictedPartitions)
                <= Math.max(1, CassandraVerifier.SIZE_TOLERANCE * predictedPartitions);
    String verdict = rowsOk && partitionsOk ? "ok (scaled)" : "MISMATCH";
    if (!rowsOk || !partitionsOk) {
      mismatches[0]++;
      findings.add(
          plan.pattern().id()
              + " ("
              + role
              + "): on the loaded data ("
              + loadedRows
              + " rows in "
              + loadedPartitions
              + " partitions, "
              + String.format(Locale.ROOT, "%.3g", share)
              + " of the table) keyplan's "
              + format(rows)
              + " rows scale to "
              + format(predictedRows)
              + (index ? " in " + format(predictedPartitions) + " partitions" : "")
              + "; the trace read "
              + format(measuredRows)
              + " rows"
              + (index ? " in " + format(measuredPartitions) + " partitions" : "")
              + (index && !m.traced().index() ? ", and no index served it" : ""));
    }
    return List.of(
        plan.pattern().id(),
        role,
        plan.access().toString().toLowerCase(Locale.ROOT).replace('_', ' '),
        plan.tables().get(0),
        predictedPartitions,
        measuredPartitions,
        measuredPartitions / predictedPartitions,
        predictedRows,
        measuredRows,
        m.latency().millis(50),
        m.latency().millis(99),
        verdict);
  }

  /**
   * Compares each loaded partition's bytes with keyplan's on-disk figure ({@link
   * dev.keyplan.cassandra.design.SstableFootprint}) for the rows loaded and the writes as loaded;
   * the docs' formula is printed beside it, not compared. {@code types} finds a user type's fields.
   */
  static List<List<Object>> sizeRows(
      Collection<TableLoad> loads,
      Function<String, Optional<UserType>> types,
      boolean measured,
      int[] mismatches,
      List<String> findings) {
    List<List<Object>> rows = new ArrayList<>();
    for (TableLoad l : loads) {
      PartitionSize busiest =
          l.predicted(l.busiestRows, l.writes(l.busiestRows, l.busiestClockSeconds), types);
      PartitionSize typical =
          l.predicted(
              l.typicalRows,
              l.writes(l.typicalRows * l.typical.size(), l.typicalClockSeconds),
              types);
      rows.add(sizeRow(l, "busiest", busiest, l.busiestBytes, measured, mismatches, findings));
      rows.add(sizeRow(l, "typical", typical, l.typicalBytes, measured, mismatches, findings));
    }
    return rows;
  }

  /**
   * True when {@code measured} bytes are within {@link CassandraVerifier#SIZE_TOLERANCE} of {@code
   * predicted}, or within {@link CassandraVerifier#SIZE_TOLERANCE_BYTES} for a small partition: the
   * issue's acceptance, ±10% or ±64 B, whichever is larger.
   */
  static boolean sizeWithin(double predicted, double measured) {
    double tolerance =
        Math.max(
            CassandraVerifier.SIZE_TOLERANCE * predicted, CassandraVerifier.SIZE_TOLERANCE_BYTES);
    return Math.abs(measured - predicted) <= tolerance;
  }

  private static List<Object> sizeRow(
      TableLoad l,
      String role,
      PartitionSize p,
      long bytes,
      boolean measured,
      int[] mismatches,
      List<String> findings) {
    double rows = p.rows();
    double ratio = measured && bytes > 0 ? bytes / p.diskBytes() : Double.NaN;
    String verdict =
        !measured || bytes < 0
            ? "not measured"
            : sizeWithin(p.diskBytes(), bytes) ? "ok" : "MISMATCH";
    if (verdict.equals("MISMATCH")) {
      mismatches[0]++;
      findings.add(
          l.table.name()
              + " "
              + role
              + " partition of "
              + format(rows)
              + " rows: keyplan sizes it at "
              + dev.keyplan.model.Units.bytes(p.diskBytes())
              + " on disk"
              + ", Cassandra wrote "
              + dev.keyplan.model.Units.bytes(bytes)
              + String.format(Locale.ROOT, " (×%.2f)", ratio));
    }
    return List.of(
        l.table.name(),
        role,
        rows,
        role.equals("busiest") ? l.scale : 1.0,
        p.bytes(),
        p.diskBytes(),
        measured && bytes >= 0 ? (double) bytes : Double.NaN,
        ratio,
        verdict);
  }

  static List<String> tokenFindings(List<List<Object>> tokens, int[] mismatches) {
    long different = tokens.stream().filter(r -> "DIFFERENT".equals(r.get(4))).count();
    mismatches[0] += (int) different;
    List<String> out = new ArrayList<>();
    out.add(
        tokens.isEmpty()
            ? "tokens: none read (the run stopped before)"
            : different == 0
                ? "tokens: all "
                    + tokens.size()
                    + " loaded partition keys have the token keyplan computes"
                : "tokens: "
                    + different
                    + " of "
                    + tokens.size()
                    + " loaded partition keys have another token than keyplan's");
    return out;
  }

  static String format(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
