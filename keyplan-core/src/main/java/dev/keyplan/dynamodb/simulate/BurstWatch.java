package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import java.util.List;

/**
 * Tells when a provisioned copy's burst bucket runs dry: an event each time it empties, re-armed
 * once it is full again, and how long the first bucket lasted.
 */
final class BurstWatch {
  private final String copy;
  private final String kind;
  private final TableCapacity capacity;
  private final List<SimulationResult.Event> events;
  private double last;
  private boolean armed = true;
  private long lasted = -1;

  /**
   * @param kind {@code read} or {@code write}
   */
  BurstWatch(
      String copy, String kind, TableCapacity capacity, List<SimulationResult.Event> events) {
    this.copy = copy;
    this.kind = kind;
    this.capacity = capacity;
    this.events = events;
    this.last = capacity.burst();
  }

  /** Looks at the bucket after second {@code t}. */
  void observe(long t) {
    if (!(capacity instanceof ProvisionedTableCapacity pc)) {
      return;
    }
    double level = pc.burst();
    if (armed && last > 0 && level <= 0) {
      armed = false;
      if (lasted < 0) {
        lasted = t + 1;
      }
      events.add(
          new SimulationResult.Event(
              t,
              "burst-exhausted",
              copy,
              "the "
                  + kind
                  + " burst capacity of "
                  + Units.count(pc.burstCapacity())
                  + " units is spent after "
                  + (t + 1)
                  + " s"));
    } else if (level >= pc.burstCapacity()) {
      armed = true;
    }
    last = level;
  }

  /** Returns how many seconds the first bucket lasted, or -1 if it never ran dry. */
  long lasted() {
    return lasted;
  }
}
