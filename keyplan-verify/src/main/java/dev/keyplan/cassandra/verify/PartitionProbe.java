package dev.keyplan.cassandra.verify;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * One loaded partition: partition number {@code n} (1 is the busiest key, 2 a typical one) in time
 * bucket {@code bucket}, its key columns' values, and the token keyplan computes for them.
 */
record PartitionProbe(
    String role, long n, long bucket, List<Object> key, List<String> literals, Long token) {

  static PartitionProbe of(BoundTable t, String role, long n, long bucket) {
    List<Object> values = new ArrayList<>();
    List<String> literals = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (String name : t.partitionKey()) {
      Column c = t.table().column(name).orElseThrow();
      long number = t.derived(name).map(d -> d.isTimeBucket() ? bucket : 0L).orElse(n);
      CqlValues.Key k = CqlValues.key(c, number, CqlValues.sized(t, c).bytes());
      values.add(k.value());
      literals.add(k.literal());
      types.add(c.type().name());
    }
    // A key column of a type keyplan's token function does not read has no literal: no token.
    Long token =
        literals.contains(null)
            ? null
            : Murmur3Token.token(PartitionKeyCodec.encode(types, literals));
    return new PartitionProbe(
        role,
        n,
        bucket,
        List.copyOf(values),
        java.util.Collections.unmodifiableList(literals),
        token);
  }

  /** The key as people read it: {@code channel_id=1, bucket=3}. */
  String describe(BoundTable t) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < t.partitionKey().size(); i++) {
      b.append(i == 0 ? "" : ", ")
          .append(t.partitionKey().get(i))
          .append('=')
          .append(literals.get(i) == null ? key.get(i) : literals.get(i));
    }
    return b.toString();
  }
}
