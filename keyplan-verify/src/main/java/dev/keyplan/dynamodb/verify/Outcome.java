package dev.keyplan.dynamodb.verify;

/**
 * What one request of a pattern did, as the engine reported it: the read and the write units it
 * consumed per copy, the items it returned and evaluated (Count and ScannedCount, summed over its
 * calls), the calls it made and how long it took at the client.
 */
final class Outcome {
  final Consumed reads = new Consumed();
  final Consumed writes = new Consumed();
  long returned;
  long evaluated;
  int calls;
  long nanos;

  /**
   * The items each Query or Scan call evaluated (its ScannedCount), in call order: where the engine
   * ended each page, which keyplan's page-by-page billing is then applied to.
   */
  final java.util.List<Long> pages = new java.util.ArrayList<>();

  /** Adds {@code other}, a part of the same request (the find before a write). */
  void add(Outcome other) {
    reads.add(other.reads);
    writes.add(other.writes);
    returned += other.returned;
    evaluated += other.evaluated;
    calls += other.calls;
    pages.addAll(other.pages);
  }
}
