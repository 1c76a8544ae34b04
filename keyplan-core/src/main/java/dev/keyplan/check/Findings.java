package dev.keyplan.check;

import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the findings of one rule; the id and store are filled in so a rule cannot misname
 * itself.
 */
public final class Findings {
  private final String rule;
  private final String store;
  private final List<Finding> found = new ArrayList<>();

  Findings(String rule, String store) {
    this.rule = rule;
    this.store = store;
  }

  /** Reports a finding on {@code target}, located at {@code location}. */
  public void report(
      Severity severity, String target, Location location, String message, String fix) {
    found.add(new Finding(rule, severity, store, target, message, fix, location));
  }

  List<Finding> all() {
    return found;
  }
}
