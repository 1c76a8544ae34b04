package dev.keyplan.check.write;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.model.AccessPattern;

/**
 * Flags a batch that spans partitions: "Batch across different partition keys: large batch;
 * coordinator bottleneck. Use async writes; UNLOGGED BATCH only for same partition" (seed 003). A
 * logged batch also writes the batchlog first: atomic in the end, but not isolated, and slower.
 */
@RuleSpec(summary = "Batch across partition keys", severity = Severity.WARNING)
public final class LoggedBatchAcrossPartitions implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan p : a.plans()) {
      AccessPattern.Batch batch = p.pattern().batch();
      if (batch == AccessPattern.Batch.NONE || p.tables().size() < 2) {
        continue;
      }
      boolean logged = batch == AccessPattern.Batch.LOGGED;
      out.report(logged ? Severity.WARNING : Severity.INFO, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " writes " + p.tables().size() + " partitions (" + String.join(", ", p.tables())
              + ") in one " + (logged ? "logged" : "unlogged") + " batch: the coordinator "
              + (logged ? "writes the batchlog to other nodes first and waits for every partition"
                  : "waits for every partition's replicas"),
          logged ? "keep the logged batch only if the copies must converge together (it is atomic, not isolated); "
              + "otherwise send one asynchronous write per table"
              : "send one asynchronous write per table; batch only rows of one partition");
    }
  }
}
