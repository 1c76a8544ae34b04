package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Flags a table compacted with TimeWindowCompactionStrategy whose data does not expire. TWCS keeps
 * one SSTable per time window and reclaims space by dropping a window's SSTable once everything in
 * it has expired; it is meant for data written with a TTL, and without one the windows are never
 * dropped (Apache Cassandra docs, TWCS: "recommended compaction strategy for time-series and
 * expiring Time-To-Live (TTL) workloads", and its operational concerns,
 * https://cassandra.apache.org/doc/latest/cassandra/managing/operating/compaction/twcs.html).
 *
 * <p>The compaction class is read from the table's {@code compaction} option, short ({@code
 * TimeWindowCompactionStrategy}) or full ({@code
 * org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy}). The data expires when the
 * table has a {@code default_time_to_live}, or when every write pattern that stores values in it
 * (insert, upsert, update, increment) says {@code using ttl}. A materialized view expires with its
 * base table, so a view is judged by its base's TTL and writes.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "TimeWindowCompactionStrategy on data that has no TTL",
    severity = Severity.WARNING)
public final class TwcsWithoutTtl implements CassandraRule {
  static final String TWCS = "TimeWindowCompactionStrategy";

  /** The {@code 'class'} entry of a map option kept as its source text. */
  private static final Pattern CLASS = Pattern.compile("'class'\\s*:\\s*'([^']*)'");

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      if (!compactionClass(t.table()).map(TWCS::equals).orElse(false)) {
        continue;
      }
      // A view's rows expire with its base table's: judge the base.
      String source = t.table().viewOf().orElse(t.name());
      Optional<CqlTable> base =
          t.isView()
              ? a.schema().tables().stream().filter(x -> x.name().equals(source)).findFirst()
              : Optional.of(t.table());
      if (base.isEmpty() || base.get().defaultTimeToLiveSeconds() > 0) {
        continue;
      }
      List<CassandraPlan> writes =
          a.writesInto(source).stream()
              .filter(p -> !p.pattern().operation().isWriteOf(Operation.Kind.DELETE))
              .toList();
      List<String> withoutTtl =
          writes.stream()
              .filter(p -> ((Operation.Write) p.pattern().operation()).ttlSeconds() == 0)
              .map(p -> p.pattern().id())
              .collect(Collectors.toList());
      if (!writes.isEmpty() && withoutTtl.isEmpty()) {
        continue;
      }
      String why =
          writes.isEmpty()
              ? "no write pattern of the model gives it a TTL"
              : "pattern"
                  + (withoutTtl.size() == 1 ? " " : "s ")
                  + String.join(", ", withoutTtl)
                  + (withoutTtl.size() == 1 ? " writes" : " write")
                  + " without one";
      out.report(
          Severity.WARNING,
          t.name(),
          t.table().location(),
          (t.isView() ? "materialized view " : "table ")
              + t.name()
              + " is compacted with "
              + TWCS
              + " but its data never expires: "
              + (t.isView() ? "its base table " + source : source)
              + " has no default_time_to_live and "
              + why
              + "; TWCS reclaims a window only when everything in it has expired, so every window's"
              + " SSTable stays forever",
          "if the rows live for a known time, set default_time_to_live on "
              + source
              + " (or USING TTL on every write) and do not delete rows; if they must be kept, use"
              + " UnifiedCompactionStrategy, which the Cassandra 5.0 docs recommend for most workloads,"
              + " instead of TWCS");
    }
  }

  /** Returns the simple class name of the table's compaction strategy, when it has one. */
  static Optional<String> compactionClass(CqlTable table) {
    String option = table.options().get("compaction");
    if (option == null) {
      return Optional.empty();
    }
    Matcher m = CLASS.matcher(option);
    if (!m.find()) {
      return Optional.empty();
    }
    String name = m.group(1);
    return Optional.of(name.substring(name.lastIndexOf('.') + 1));
  }
}
