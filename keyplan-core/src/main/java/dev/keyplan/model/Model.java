package dev.keyplan.model;

import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workload model: what the application stores, how fast it grows, and every access pattern with
 * its rate (seed 000, "Model the queries first"). Store designs ({@code cassandra:},
 * {@code scylladb:}) say how the patterns are keyed in a store; the checks compare the two.
 *
 * @param name the model's name
 * @param file the model file, as given by the user
 * @param horizonSeconds how far ahead every size is computed (the {@code horizon:} key)
 * @param entities entities by name, in file order
 * @param patterns access patterns, in file order
 * @param cassandra the Cassandra or ScyllaDB design, if the model has one
 * @param dynamodb the DynamoDB design, if the model has one; checked side by side with the other
 * @param mongodb the MongoDB design, if the model has one; checked side by side with the others
 */
public record Model(
    String name,
    String file,
    long horizonSeconds,
    Map<String, Entity> entities,
    List<AccessPattern> patterns,
    Optional<CassandraDesign> cassandra,
    Optional<DynamoDbDesign> dynamodb,
    Optional<MongoDbDesign> mongodb,
    Location location) {

  public Model {
    entities = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(entities));
    patterns = List.copyOf(patterns);
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
    return new Model(name, file, seconds, entities, patterns, cassandra, dynamodb, mongodb, location);
  }

  /** Returns the entity named {@code name}. */
  public Optional<Entity> entity(String name) {
    return Optional.ofNullable(entities.get(name));
  }
}
