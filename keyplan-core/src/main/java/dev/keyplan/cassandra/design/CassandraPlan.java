package dev.keyplan.cassandra.design;

import dev.keyplan.analysis.AccessKind;
import dev.keyplan.analysis.Plan;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.workload.Estimate;
import java.util.List;

/**
 * How one access pattern is served: by which table(s), how, and what one request touches.
 *
 * @param tables the table that serves a read (and the second one of a join), or every table a write
 *     must update
 * @param partitions partitions one request reads or writes, for a typical and the busiest key; NaN
 *     when it reaches every node (index, scan) or cannot be known
 * @param rows rows one request reads, for a typical and the busiest key
 * @param filtersInPartition the read restricts columns its table cannot seek to, so Cassandra needs
 *     ALLOW FILTERING even inside one partition
 * @param notes why, in words: what was restricted, what the fix would need
 * @param indexes the names of the schema's secondary indexes (2i, SAI, custom) the read goes
 *     through, in the order of its restrictions; empty for a write and for a read that uses none.
 *     The one place a rule learns which index a plan uses (UnusedSecondaryIndex).
 */
public record CassandraPlan(
    AccessPattern pattern,
    CassandraAccess access,
    List<String> tables,
    Estimate partitions,
    Estimate rows,
    boolean filtersInPartition,
    List<String> notes,
    List<String> indexes)
    implements Plan {

  public CassandraPlan {
    tables = List.copyOf(tables);
    notes = List.copyOf(notes);
    indexes = List.copyOf(indexes);
  }

  /** Returns a plan that goes through no secondary index. */
  public CassandraPlan(
      AccessPattern pattern,
      CassandraAccess access,
      List<String> tables,
      Estimate partitions,
      Estimate rows,
      boolean filtersInPartition,
      List<String> notes) {
    this(pattern, access, tables, partitions, rows, filtersInPartition, notes, List.of());
  }

  /** Returns how the store serves the pattern: {@link #access()}. */
  @Override
  public AccessKind kind() {
    return access;
  }
}
