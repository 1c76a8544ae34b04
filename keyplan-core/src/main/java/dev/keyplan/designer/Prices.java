package dev.keyplan.designer;

import java.util.Map;
import java.util.TreeMap;

/**
 * The hourly prices a user gives instead of keyplan's defaults ({@code keyplan design --price
 * cassandra.node=0.5}), by name; each store names its own ({@code <store>.<what>}) and documents
 * its default with its source and date (docs/design.md, "Costs").
 *
 * @param hourly US dollars an hour, by price name
 */
public record Prices(Map<String, Double> hourly) {

  /** No override: every default stands. */
  public static final Prices DEFAULTS = new Prices(Map.of());

  public Prices {
    hourly = java.util.Collections.unmodifiableMap(new TreeMap<>(hourly));
  }

  /** Returns the price named {@code name}, or {@code fallback} when the user gave none. */
  public double hourly(String name, double fallback) {
    return hourly.getOrDefault(name, fallback);
  }

  /** Returns true if the user gave the price named {@code name}. */
  public boolean given(String name) {
    return hourly.containsKey(name);
  }
}
