package dev.keyplan.cassandra.design;

import dev.keyplan.analysis.AccessKind;
import dev.keyplan.analysis.Plan;
import dev.keyplan.model.AccessPattern;
import java.util.List;

/**
 * How one access pattern is served: by which table(s), how, and what one request touches.
 *
 * @param tables the table that serves a read (and the second one of a join), or every table a write
 *     must update
 * @param partitionsTypical partitions one request reads or writes for a typical key; NaN when it
 *     reaches every node (index, scan) or cannot be known
 * @param partitionsBusiest the same for the busiest key
 * @param rowsTypical rows one request reads for a typical key
 * @param rowsBusiest rows one request reads for the busiest key
 * @param filtersInPartition the read restricts columns its table cannot seek to, so Cassandra needs
 *     ALLOW FILTERING even inside one partition
 * @param notes why, in words: what was restricted, what the fix would need
 */
public record CassandraPlan(
    AccessPattern pattern,
    CassandraAccess access,
    List<String> tables,
    double partitionsTypical,
    double partitionsBusiest,
    double rowsTypical,
    double rowsBusiest,
    boolean filtersInPartition,
    List<String> notes)
    implements Plan {

  public CassandraPlan {
    tables = List.copyOf(tables);
    notes = List.copyOf(notes);
  }

  /** Returns how the store serves the pattern: {@link #access()}. */
  @Override
  public AccessKind kind() {
    return access;
  }
}
