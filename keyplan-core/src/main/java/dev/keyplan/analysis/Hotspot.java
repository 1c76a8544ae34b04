package dev.keyplan.analysis;

/**
 * The busiest key of one table, index or collection against the ceiling of what one partition
 * (replica, shard) serves, as the store's analysis computed it. A report draws it as a heat bar;
 * the comparison of stores picks each store's hottest.
 *
 * @param key what is loaded: a table's busiest partition, {@code table.index key}, a shard
 * @param what the load's kind and unit, such as {@code write units/s}
 * @param unit the load's unit in a value label, such as {@code WCU/s}
 * @param load the busiest key's load; NaN when a key spread is undeclared
 * @param ceiling what one partition serves, in the load's unit
 * @param ceilingName the ceiling in words, such as {@code the 1,000 WCU/s partition ceiling}
 * @param warnShare the share of the ceiling from which the store's rule warns
 */
public record Hotspot(
    String key,
    String what,
    String unit,
    double load,
    double ceiling,
    String ceilingName,
    double warnShare) {

  /** The load as a share of the ceiling: 840 WCU/s of 1,000 is 0.84. */
  public double share() {
    return load / ceiling;
  }

  /** {@code unknown} without a load, else {@code error}, {@code warning} or {@code ok}. */
  public String level() {
    if (Double.isNaN(load)) {
      return "unknown";
    }
    return switch (Grade.ofShare(share(), warnShare)) {
      case POOR -> "error";
      case FAIR -> "warning";
      case GOOD -> "ok";
    };
  }
}
