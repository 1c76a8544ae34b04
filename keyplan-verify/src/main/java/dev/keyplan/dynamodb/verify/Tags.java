package dev.keyplan.dynamodb.verify;

/**
 * Hands out the short, unique tags that tell made-up values apart: 0, 1, …, z, 10, … in base 36, in
 * the order asked for, so the same model and seed give the same data. A value keeps its tag's last
 * characters when it is shorter than the tag, so tags are as short as the count allows.
 */
final class Tags {
  private long next;

  /** Returns a tag no earlier call returned. */
  String next() {
    return Long.toString(next++, 36);
  }
}
