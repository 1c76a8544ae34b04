package dev.keyplan.check;

/**
 * How sure a finding is, and how bad (adapted from Error Prone's "Criteria for new checks").
 *
 * <ul>
 *   <li>{@link #ERROR}: the design fails in production as modelled (a pattern no table serves, a
 *       partition past a hard limit, a key that needs more than a node can give). No false
 *       positives: the numbers in the message prove it.
 *   <li>{@link #WARNING}: likely trouble, right about nine times in ten.
 *   <li>{@link #INFO}: advice, or a fact the model does not give enough to decide.
 * </ul>
 */
public enum Severity {
  INFO,
  WARNING,
  ERROR;

  /** Returns the lower-case word printed in compiler-style output. */
  public String word() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Returns true if this severity is at least {@code other}. */
  public boolean atLeast(Severity other) {
    return compareTo(other) >= 0;
  }
}
