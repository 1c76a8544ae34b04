package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.cql.CqlKeyspace;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.cassandra.facts.ConsistencyLevels;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Flags a keyspace of the design replicated with SimpleStrategy. SimpleStrategy places replicas on
 * the next nodes of the ring whatever their datacenter and rack; the CQL reference calls it
 * "generally not a wise choice for production" and points to NetworkTopologyStrategy
 * (https://cassandra.apache.org/doc/latest/cassandra/developing/cql/ddl.html#create-keyspace-statement),
 * and the architecture docs say it is for testing clusters whose datacenter layout is not yet known
 * (https://cassandra.apache.org/doc/latest/cassandra/architecture/dynamo.html#replication-strategy).
 *
 * <p>Production: a keyplan model states a production workload (peak rates, a horizon, a node
 * budget) and has no test mode, so every keyspace that holds a table of the design is a production
 * keyspace.
 *
 * <p>The datacenter-local levels (LOCAL_ONE, LOCAL_QUORUM, LOCAL_SERIAL) and EACH_QUORUM mean
 * nothing there: with a strategy other than NetworkTopologyStrategy, Cassandra's LOCAL_QUORUM waits
 * for a quorum of all the replicas but counts only those in the coordinator's datacenter, and
 * EACH_QUORUM is a plain QUORUM (ConsistencyLevel.localQuorumFor, blockFor and blockForWrite,
 * https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/db/ConsistencyLevel.java).
 * With one datacenter that is QUORUM; once the cluster has several, a partition whose replicas are
 * mostly in another datacenter cannot answer a LOCAL_QUORUM request at all.
 *
 * <p>Severity: a warning; an error when a request fails for certain: the schema names two or more
 * datacenters (in its NetworkTopologyStrategy keyspaces) and a pattern runs at a datacenter-local
 * level, or a conditional write commits at EACH_QUORUM, which Cassandra refuses on any other
 * strategy (validateForCasCommit, same source).
 */
@RuleSpec(
    category = Category.CONSISTENCY,
    summary = "SimpleStrategy keyspace in a production or multi-datacenter design",
    severity = Severity.WARNING)
public final class SimpleStrategyInProduction implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    Set<String> keyspaces = new LinkedHashSet<>();
    for (BoundTable t : a.tables()) {
      keyspaces.add(t.table().keyspace());
    }
    Set<String> datacenters = new TreeSet<>();
    for (CqlKeyspace k : a.schema().keyspaces()) {
      if (!k.strategyClass().equals("SimpleStrategy")) {
        k.replication().keySet().stream()
            .filter(dc -> !dc.equals("replication_factor"))
            .forEach(datacenters::add);
      }
    }
    // Levels that name datacenters, with the patterns that run at each, in model order.
    Map<String, List<String>> dcLevels = new LinkedHashMap<>();
    List<String> eachQuorumLwts = new ArrayList<>();
    for (ConsistencyCheck c : a.consistency()) {
      String level = c.level().toUpperCase(java.util.Locale.ROOT);
      if (ConsistencyLevels.isLocal(level) || level.equals("EACH_QUORUM")) {
        dcLevels.computeIfAbsent(level, k -> new ArrayList<>()).add(c.pattern().id());
      }
      if (level.equals("EACH_QUORUM")
          && c.pattern().operation() instanceof Operation.Write w
          && w.isLightweightTransaction()) {
        eachQuorumLwts.add(c.pattern().id());
      }
    }
    for (CqlKeyspace k : a.schema().keyspaces()) {
      if (!k.strategyClass().equals("SimpleStrategy")
          || keyspaces.stream().noneMatch(n -> Objects.equals(n, k.name()))) {
        continue;
      }
      boolean multiDc = datacenters.size() >= 2;
      boolean localLevels = dcLevels.keySet().stream().anyMatch(ConsistencyLevels::isLocal);
      Severity severity =
          (multiDc && localLevels) || !eachQuorumLwts.isEmpty() ? Severity.ERROR : Severity.WARNING;
      StringBuilder m = new StringBuilder();
      m.append("keyspace ")
          .append(k.name())
          .append(" uses SimpleStrategy (replication_factor ")
          .append(k.totalReplicas())
          .append("), which places replicas ignoring datacenters and racks: not for production");
      if (multiDc) {
        m.append("; the schema names ")
            .append(datacenters.size())
            .append(" datacenters (")
            .append(String.join(", ", datacenters))
            .append("), so a partition's replicas may all be in one of them");
      }
      dcLevels.forEach(
          (level, patterns) ->
              m.append("; ")
                  .append(patterns.size())
                  .append(patterns.size() == 1 ? " pattern runs at " : " patterns run at ")
                  .append(level)
                  .append(" (")
                  .append(String.join(", ", patterns))
                  .append(")"));
      if (!dcLevels.isEmpty()) {
        m.append(
            ", a datacenter level that SimpleStrategy turns into a quorum of all replicas, of"
                + " which only the coordinator's datacenter's count");
      }
      if (!eachQuorumLwts.isEmpty()) {
        m.append("; Cassandra refuses an EACH_QUORUM commit of a conditional write (")
            .append(String.join(", ", eachQuorumLwts))
            .append(") on SimpleStrategy");
      }
      out.report(
          severity,
          k.name(),
          k.location(),
          m.toString(),
          "ALTER KEYSPACE "
              + k.name()
              + " WITH replication = {'class': 'NetworkTopologyStrategy', '<datacenter>': "
              + k.totalReplicas()
              + "} (the datacenter name the snitch reports, per datacenter), then run a full repair"
              + " of the keyspace");
    }
  }
}
