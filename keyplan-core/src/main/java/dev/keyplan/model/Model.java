package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload model: what the application stores, how fast it grows, and every access pattern with
 * its rate (seed 000, "Model the queries first"). Store designs (a {@code cassandra:} or {@code
 * dynamodb:} section, one per store the registry knows) say how the patterns are keyed in a store;
 * the checks compare the two.
 *
 * @param name the model's name
 * @param file the model file, as given by the user
 * @param horizonSeconds how far ahead every size is computed (the {@code horizon:} key)
 * @param entities entities by name, in file order
 * @param patterns access patterns, in file order
 * @param designs the model's store designs, at most one per store, in the registry's order; checked
 *     side by side
 */
public record Model(
    String name,
    String file,
    long horizonSeconds,
    Map<String, Entity> entities,
    List<AccessPattern> patterns,
    List<StoreDesign> designs,
    Location location) {

  public Model {
    entities = Collections.unmodifiableMap(new LinkedHashMap<>(entities));
    patterns = List.copyOf(patterns);
    designs = List.copyOf(designs);
  }

  /**
   * Returns this model with its horizon moved to {@code seconds}: every analysis of the copy sizes
   * the data as it will be then. The HTML report draws growth curves by analysing the model at
   * several horizons, so a curve's point at time t is what {@code check} says for horizon t.
   */
  public Model atHorizon(long seconds) {
    if (seconds < 0) {
      throw new IllegalArgumentException("negative horizon " + seconds);
    }
    return new Model(name, file, seconds, entities, patterns, designs, location);
  }

  /**
   * Returns, per entity, the shortest TTL its inserts and upserts set when every one of them sets
   * one; an entity with an insert that sets none maps to 0 (its rows may never expire), one never
   * inserted is absent. Every store's sizing bounds the rows alive by it ({@link
   * Entity#rowsAfter}): 1,000 rows/s inserted {@code using ttl 30d} keep 2,592,000,000 alive. With
   * two inserts, {@code using ttl 30d} and {@code using ttl 7d}, the 7 days are taken for both, a
   * simplification the model docs state. Computed on each call: callers keep the map.
   */
  public Map<String, Long> insertTtls() {
    Map<String, Long> out = new LinkedHashMap<>();
    for (AccessPattern p : patterns) {
      if (p.operation() instanceof Operation.Write w
          && (w.kind() == Operation.Kind.INSERT || w.kind() == Operation.Kind.UPSERT)) {
        out.merge(w.entity(), w.ttlSeconds(), (a, b) -> a == 0 || b == 0 ? 0 : Math.min(a, b));
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /** Returns the entity named {@code name}. */
  public Optional<Entity> entity(String name) {
    return Optional.ofNullable(entities.get(name));
  }

  /**
   * Returns the design of type {@code type} (a store's own design record), if the model has one.
   */
  public <D extends StoreDesign> Optional<D> design(Class<D> type) {
    return designs.stream().filter(type::isInstance).map(type::cast).findFirst();
  }

  /**
   * Returns each entity's residency attribute ({@code residency: true}: its rows must stay in the
   * place it names) as {@code Entity.attribute}, in the model's order.
   */
  public List<String> residencyAttributes() {
    List<String> out = new java.util.ArrayList<>();
    for (Entity e : entities().values()) {
      e.residencyAttribute().ifPresent(a -> out.add(e.name() + "." + a.name()));
    }
    return List.copyOf(out);
  }
}
