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
 * @param with the reads of the pattern's related entities ({@code with:}), each from its own table
 *     by the same restrictions; this plan's own figures are its entity's alone, and {@link
 *     #requests()} lists them all for the load they add
 */
public record CassandraPlan(
    AccessPattern pattern,
    CassandraAccess access,
    List<String> tables,
    Estimate partitions,
    Estimate rows,
    boolean filtersInPartition,
    List<String> notes,
    List<String> indexes,
    List<CassandraPlan> with)
    implements Plan {

  public CassandraPlan {
    tables = List.copyOf(tables);
    notes = List.copyOf(notes);
    indexes = List.copyOf(indexes);
    with = List.copyOf(with);
  }

  /** Returns a plan that reads its own entity alone. */
  public CassandraPlan(
      AccessPattern pattern,
      CassandraAccess access,
      List<String> tables,
      Estimate partitions,
      Estimate rows,
      boolean filtersInPartition,
      List<String> notes,
      List<String> indexes) {
    this(pattern, access, tables, partitions, rows, filtersInPartition, notes, indexes, List.of());
  }

  /**
   * Returns the reads one request makes: this plan, then those of its related entities ({@code
   * with:}), each loading its own table.
   */
  public List<CassandraPlan> requests() {
    List<CassandraPlan> all = new java.util.ArrayList<>();
    all.add(this);
    all.addAll(with);
    return all;
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
