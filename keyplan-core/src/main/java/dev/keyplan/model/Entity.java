package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A kind of thing the application stores, with its volume.
 *
 * @param count rows that exist today
 * @param growthPerSecond rows added per second (the {@code growth:} rate); 0 for a fixed set
 * @param key the attributes that identify one row (Chebotko's key attributes); may be empty
 * @param spread how rows spread over the values of each key attribute that has a declared spread
 */
public record Entity(
    String name,
    Map<String, Attribute> attributes,
    double count,
    double growthPerSecond,
    List<String> key,
    Map<String, Spread> spread,
    Location location) {

  public Entity {
    attributes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(attributes));
    key = List.copyOf(key);
    spread = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(spread));
  }

  /**
   * Returns the attribute whose value names the place each row must stay in ({@code residency:
   * true}); the model reader allows one at most.
   */
  public Optional<Attribute> residencyAttribute() {
    return attributes.values().stream().filter(Attribute::residency).findFirst();
  }

  /** Returns the attribute named {@code name}. */
  public Optional<Attribute> attribute(String name) {
    return Optional.ofNullable(attributes.get(name));
  }

  /**
   * Returns the rows alive {@code seconds} from now when each row lives at most {@code ttlSeconds}
   * (0: rows never expire).
   *
   * <p>Without a TTL: {@code count + growth × seconds}. With one, today's rows are gone once the
   * horizon passes the TTL, leaving the last TTL's worth of growth ({@code growth × ttl}); before
   * that, today's rows are counted as still alive (the worst case). Example: 1,000 readings/s with
   * a 30-day TTL hold 1,000 × 2,592,000 = 2.592 billion rows after any horizon of 30 days or more.
   */
  public double rowsAfter(long seconds, long ttlSeconds) {
    if (ttlSeconds > 0 && seconds >= ttlSeconds) {
      return growthPerSecond * ttlSeconds;
    }
    return count + growthPerSecond * seconds;
  }
}
