package dev.keyplan.cassandra.report;

import static dev.keyplan.report.Phrases.markdownCell;
import static dev.keyplan.report.Phrases.pair;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;

/**
 * A Cassandra or ScyllaDB analysis in {@code check --format markdown}: its patterns table and its
 * cluster's capacity.
 */
public final class CassandraMarkdown {
  private CassandraMarkdown() {}

  public static void render(CassandraAnalysis a, StringBuilder out) {
    out.append("\n## ")
        .append(a.store().equals(StoreId.SCYLLADB) ? "ScyllaDB" : "Cassandra")
        .append("\n\n");
    out.append("| Pattern | Says | Rate | Table | Access | Partitions read | Rows read |\n");
    out.append("|---|---|---:|---|---|---:|---:|\n");
    for (CassandraPlan p : a.plans()) {
      out.append("| `")
          .append(p.pattern().id())
          .append("` | ")
          .append(markdownCell(p.pattern().says()))
          .append(" | ")
          .append(Units.rate(p.pattern().ratePerSecond()))
          .append(" | ")
          .append(p.tables().isEmpty() ? "—" : "`" + String.join("` + `", p.tables()) + "`")
          .append(" | ")
          .append(p.access().label())
          .append(" | ")
          .append(pair(p.partitions().typical(), p.partitions().busiest()))
          .append(" | ")
          .append(pair(p.rows().typical(), p.rows().busiest()))
          .append(" |\n");
    }
    long others =
        a.plans().stream()
            .filter(
                p ->
                    p.pattern().isRead()
                        && p.access()
                            != dev.keyplan.cassandra.design.CassandraAccess.SINGLE_PARTITION)
            .count();
    out.append("\nReads that need more than one single-partition query: ")
        .append(others)
        .append(".\n");
    java.util.List<String> assumptions = CassandraText.keyAssumptions(a);
    if (!assumptions.isEmpty()) {
      out.append('\n');
      assumptions.forEach(line -> out.append("- ").append(markdownCell(line)).append('\n'));
    }
    out.append("\n### ").append(CassandraCluster.title(a)).append("\n\n");
    out.append("| ")
        .append(String.join(" | ", CassandraCluster.COLUMNS))
        .append(" |\n|---|---:|---:|---:|\n");
    for (String[] r : CassandraCluster.rows(a.cluster())) {
      out.append("| ").append(String.join(" | ", r)).append(" |\n");
    }
    out.append('\n').append(CassandraCluster.needed(a.cluster())).append('\n');
  }
}
