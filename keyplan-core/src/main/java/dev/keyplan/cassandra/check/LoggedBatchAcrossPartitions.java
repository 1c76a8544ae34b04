package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flags a batch that spans partition keys: "Batch across different partition keys: large batch;
 * coordinator bottleneck. Use async writes; UNLOGGED BATCH only for same partition" (seed 003). A
 * logged batch also writes the batchlog first: atomic in the end, but not isolated, and slower.
 *
 * <p>Cassandra groups a batch's statements by partition key, across the tables of a keyspace, and
 * writes the batchlog only when there is more than one key (BatchStatement: {@code isLogged() &&
 * mutations.size() > 1}). So tables whose partition keys are the same columns, filled from the same
 * row, count as one key (a shard suffix, often random, does not): such a batch is atomic and costs
 * no batchlog. Across keys a logged batch is a warning; an unlogged one is advice, and a warning
 * past unlogged_batch_across_partitions_warn_threshold ({@value
 * CassandraLimits#UNLOGGED_BATCH_PARTITIONS_WARN} keys, cassandra.yaml), where Cassandra itself
 * logs a warning. A fan-out ({@code fan_out:}) writes N partitions of a table keyed by its {@code
 * each}: 150 timeline partitions in one unlogged batch are past that threshold.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Batch across partition keys",
    severity = Severity.WARNING)
public final class LoggedBatchAcrossPartitions implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      AccessPattern.Batch batch = p.pattern().batch();
      if (batch == AccessPattern.Batch.NONE) {
        continue;
      }
      // Each distinct key with the partitions one request writes under it: a fan-out's N when its
      // rows differ in that key (BoundTable.partitionsWritten), else 1.
      Map<List<String>, Double> keys = new LinkedHashMap<>();
      for (String name : p.tables()) {
        BoundTable t = a.table(name).orElseThrow();
        keys.merge(keyOf(t), t.partitionsWritten(p.pattern()), Math::max);
      }
      double partitions = keys.values().stream().mapToDouble(Double::doubleValue).sum();
      if (partitions < 2) {
        continue;
      }
      boolean logged = batch == AccessPattern.Batch.LOGGED;
      boolean pastWarn = partitions > CassandraLimits.UNLOGGED_BATCH_PARTITIONS_WARN;
      Severity severity = logged || pastWarn ? Severity.WARNING : Severity.INFO;
      out.report(
          severity,
          p.pattern().id(),
          p.pattern().location(),
          "pattern "
              + p.pattern().id()
              + " writes "
              + Units.count(partitions)
              + " partition keys ("
              + String.join(", ", p.tables())
              + p.pattern().fanOut().map(f -> "; " + f.describe()).orElse("")
              + ") in one "
              + (logged ? "logged" : "unlogged")
              + " batch: the coordinator "
              + (logged
                  ? "writes the batchlog to other nodes first and waits for every partition"
                  : "waits for every partition's replicas"
                      + (pastWarn
                          ? "; more than "
                              + CassandraLimits.UNLOGGED_BATCH_PARTITIONS_WARN
                              + " keys (unlogged_batch_across_partitions_warn_threshold)"
                          : "")),
          logged
              ? "keep the logged batch only if the copies must converge together (it is atomic, "
                  + "not isolated); otherwise send one asynchronous write per table"
              : "send one asynchronous write per table; batch only rows of one partition");
    }
  }

  /**
   * Returns what identifies the partition key value a row gets in {@code t}: its columns in order,
   * each with its type, and for a derived column how it is derived.
   */
  private static List<String> keyOf(BoundTable t) {
    List<String> key = new ArrayList<>();
    for (String k : t.partitionKey()) {
      String type = t.table().column(k).map(c -> c.type().toString()).orElse("?");
      // A shard suffix is often random, so two tables' suffixes count as different keys.
      String derived =
          t.derived(k)
              .map(
                  d ->
                      d.isTimeBucket()
                          ? "window " + d.windowSeconds() + " of " + d.of().orElse("")
                          : "shards of " + t.name())
              .orElse("");
      key.add(k + " " + type + " " + derived);
    }
    return key;
  }
}
