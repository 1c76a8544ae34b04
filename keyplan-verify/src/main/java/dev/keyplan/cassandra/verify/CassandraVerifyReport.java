package dev.keyplan.cassandra.verify;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The verification's result: settings, findings (mismatches first), and the four tables. */
final class CassandraVerifyReport {
  private CassandraVerifyReport() {}

  static VerifyResult of(
      CassandraAnalysis a,
      VerifyOptions o,
      VerifyKeyspace ks,
      String dc,
      Optional<String> jmx,
      List<List<Object>> patterns,
      List<List<Object>> writes,
      List<List<Object>> sizes,
      List<List<Object>> tokens,
      List<String> findings,
      List<String> notes,
      int mismatches,
      Collection<TableLoad> loads) {
    List<Setting> settings = new ArrayList<>();
    settings.add(new Setting("endpoint", o.endpoint().orElse(CqlConnection.DEFAULT_ENDPOINT)));
    settings.add(
        new Setting("keyspace", ks.name + (ks.created ? " (created by this run)" : " (reused)")));
    settings.add(new Setting("datacenter", dc + ", replication 1"));
    settings.add(new Setting("jmx", jmx.orElse("not reachable")));
    settings.add(new Setting("max_rows", Integer.toString(o.maxRows())));
    settings.add(new Setting("samples", Integer.toString(o.samples())));
    settings.add(new Setting("tls", Boolean.toString(o.tls())));
    settings.add(new Setting("at the end", o.keep() ? "kept" : "dropped what this run created"));
    List<String> all = new ArrayList<>();
    all.add(
        mismatches == 0
            ? "keyplan's predictions match what Cassandra measured ("
                + patterns.size()
                + " reads, "
                + sizes.size()
                + " partitions, "
                + tokens.size()
                + " tokens)"
            : mismatches + " measurements differ from keyplan's predictions");
    all.addAll(findings);
    List<Table> tables =
        List.of(
            new Table(
                "patterns",
                "Reads: keyplan's prediction and what the trace shows (latency in ms)",
                List.of(
                    "pattern",
                    "key",
                    "access",
                    "table",
                    "predicted_partitions",
                    "traced_partitions",
                    "ratio",
                    "predicted_rows",
                    "traced_rows",
                    "p50_ms",
                    "p99_ms",
                    "verdict"),
                patterns),
            new Table(
                "writes",
                "Writes (every table the pattern updates; latency in ms)",
                List.of("pattern", "kind", "tables", "statements", "p50_ms", "p99_ms"),
                writes),
            new Table(
                "partitions",
                "Partition bytes: keyplan's on-disk figure for the rows loaded (compared) and the"
                    + " docs' S_t (beside), and the bytes Cassandra flushed",
                List.of(
                    "table",
                    "partition",
                    "rows",
                    "scale",
                    "docs_formula_bytes",
                    "predicted_bytes",
                    "measured_bytes",
                    "ratio",
                    "verdict"),
                sizes),
            new Table(
                "tokens",
                "Tokens of the loaded keys: keyplan's Murmur3 and Cassandra's token()",
                List.of("table", "key", "keyplan_token", "cassandra_token", "verdict"),
                tokens));
    List<String> allNotes = new ArrayList<>(notes);
    allNotes.add(
        "partition bytes: JMX BytesFlushed of a flush holding only those partitions, compression off,"
            + " compared with keyplan's on-disk figure (SstableFootprint, Cassandra 5.0's big/nb format) for"
            + " rows written with USING TIMESTAMP spread over "
            + TableLoad.SPREAD_SECONDS
            + " s, within 10% or 64 B; the docs' S_t (Apache/Chebotko, 8 bytes of metadata per cell, no row"
            + " or partition headers) is printed beside it, not compared");
    allNotes.add(
        "the busiest partition holds keyplan's busiest row count at the horizon scaled to at most "
            + o.maxRows()
            + " rows (the scale column); single node, replication 1: one replica per partition");
    loads.stream()
        .filter(l -> l.typical.size() > 1)
        .forEach(
            l ->
                allNotes.add(
                    l.table.name()
                        + ": the typical key is loaded in "
                        + l.typical.size()
                        + " time buckets of "
                        + l.typicalRows
                        + " rows, so its newest-first walk can be traced"));
    return new VerifyResult("cassandra", settings, all, tables, allNotes, mismatches);
  }
}
