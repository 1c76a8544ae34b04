package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.verify.Latency;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One access pattern run for one key (busiest or typical): how it is sent and, once run, what
 * keyplan predicted, every sample's outcome and the latencies. A pattern that is not sent carries
 * the reason instead.
 */
final class PatternRun {
  final AccessPattern pattern;
  final DynamoDbPlan plan;
  final Which which;

  /** Why the pattern is not sent; empty when it is. */
  final Optional<String> notRun;

  final Optional<DynamoDbVerifyReads.Shape> read;
  final Optional<DynamoDbVerifyWrites.Shape> write;

  /** The key group the requests read or write; empty for a Scan. */
  final Optional<KeyGroup> group;

  /** The table the requests go to (a write's first target's). */
  final Optional<DynamoDbTable> table;

  /** The item types the request reads or writes, for the fidelity checks. */
  final List<DynamoDbItem> items;

  /** What is worth saying about how this pattern was run. */
  final List<String> notes = new ArrayList<>();

  final List<Outcome> samples = new ArrayList<>();
  final Latency latency = new Latency();
  Prediction prediction;

  /** The engine's error, when a request failed. */
  Optional<String> failure = Optional.empty();

  PatternRun(
      AccessPattern pattern,
      DynamoDbPlan plan,
      Which which,
      Optional<String> notRun,
      Optional<DynamoDbVerifyReads.Shape> read,
      Optional<DynamoDbVerifyWrites.Shape> write,
      Optional<KeyGroup> group,
      Optional<DynamoDbTable> table,
      List<DynamoDbItem> items) {
    this.pattern = pattern;
    this.plan = plan;
    this.which = which;
    this.notRun = notRun;
    this.read = read;
    this.write = write;
    this.group = group;
    this.table = table;
    this.items = List.copyOf(items);
  }

  /** Returns a run that is not sent, for {@code reason}. */
  static PatternRun skipped(AccessPattern p, DynamoDbPlan plan, Which which, String reason) {
    return new PatternRun(
        p,
        plan,
        which,
        Optional.of(reason),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        List.of());
  }

  /** Returns true if requests were sent and none failed. */
  boolean ran() {
    return notRun.isEmpty() && failure.isEmpty() && !samples.isEmpty();
  }

  /**
   * Returns how the report names the request's target: the table or index, or the copies a write
   * touches.
   */
  String on() {
    return plan.path().map(p -> p.label()).orElse(String.join(", ", plan.copies()));
  }
}
