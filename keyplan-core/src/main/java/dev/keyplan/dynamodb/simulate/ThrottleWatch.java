package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import java.util.List;

/**
 * Turns per-second throttling into start and stop events for one kind of unit and one cause (a
 * partition's ceiling, or the table's capacity). A stop is told only after {@value #QUIET_SECONDS}
 * throttle-free seconds, stamped at the first of them: at a ceiling, Poisson seconds flicker above
 * and below it, and a pair of events per flicker would bury the story.
 */
final class ThrottleWatch {
  /** Throttle-free seconds before throttling counts as stopped. */
  static final int QUIET_SECONDS = 60;

  private final String copy;
  private final String units;
  private final String cause;
  private final List<SimulationResult.Event> events;
  private boolean on;
  private long quietSince = -1;
  private long first = -1;

  /**
   * @param units {@code RCU} or {@code WCU}
   * @param cause {@code partition} or {@code table}
   */
  ThrottleWatch(String copy, String units, String cause, List<SimulationResult.Event> events) {
    this.copy = copy;
    this.units = units;
    this.cause = cause;
    this.events = events;
  }

  /**
   * Observes {@code throttled} units in {@code second}; {@code where} says where, for the start
   * event.
   */
  void observe(long second, double throttled, String where) {
    if (throttled > 0) {
      if (first < 0) {
        first = second;
      }
      if (!on) {
        on = true;
        events.add(
            new SimulationResult.Event(
                second,
                "throttle-start",
                copy,
                (units.equals("RCU") ? "reads" : "writes")
                    + " throttled "
                    + where
                    + ": "
                    + Units.count(throttled)
                    + " "
                    + units
                    + " refused in this second"));
      }
      quietSince = -1;
    } else if (on) {
      if (quietSince < 0) {
        quietSince = second;
      }
      if (second - quietSince + 1 >= QUIET_SECONDS) {
        on = false;
        events.add(
            new SimulationResult.Event(
                quietSince,
                "throttle-stop",
                copy,
                (units.equals("RCU") ? "reads" : "writes")
                    + " no longer throttled ("
                    + cause
                    + ")"));
        quietSince = -1;
      }
    }
  }

  /** Returns the first throttled second, or -1. */
  long first() {
    return first;
  }
}
