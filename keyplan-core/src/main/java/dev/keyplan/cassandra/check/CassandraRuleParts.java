package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.check.Rule;
import dev.keyplan.check.design.BidiControlInIdentifier;
import dev.keyplan.check.query.PatternNotServed;
import dev.keyplan.check.size.KeySpreadUndeclared;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** This store's parts of the rules over several stores, one line per rule, sorted. */
public final class CassandraRuleParts {
  private static final Map<
          Class<? extends Rule.OnStores>, Supplier<Rule.OnStore<CassandraAnalysis>>>
      PARTS =
          Map.of(
              // keep-sorted start
              BidiControlInIdentifier.class, CassandraBidiControlInIdentifier::new,
              KeySpreadUndeclared.class, CassandraKeySpreadUndeclared::new,
              PatternNotServed.class, CassandraPatternNotServed::new
              // keep-sorted end
              );

  private CassandraRuleParts() {}

  /** Returns this store's part of {@code rule}, if it checks this store. */
  public static List<Rule.OnStore<CassandraAnalysis>> of(Class<? extends Rule.OnStores> rule) {
    Supplier<Rule.OnStore<CassandraAnalysis>> part = PARTS.get(rule);
    return part == null ? List.of() : List.of(part.get());
  }
}
