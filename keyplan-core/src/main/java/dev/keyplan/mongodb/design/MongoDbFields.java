package dev.keyplan.mongodb.design;

import java.util.Map;
import java.util.Optional;

/**
 * Where a collection's documents hold an entity's attributes, as the read and write planners see
 * them: a root field ({@code _id} for the id attribute), an embed's path ({@code lines.qty}), or,
 * for an embedded entity's pointer to its parent, the parent's key field. Tools that run the
 * planned queries ({@code keyplan verify}) build their filters from it, so they query the fields
 * keyplan planned on.
 */
public final class MongoDbFields {
  private MongoDbFields() {}

  /**
   * How one collection holds one entity.
   *
   * @param fields attribute → document field or path
   * @param embed the embed holding the entity, when it is not the collection's own
   */
  public record View(Map<String, String> fields, Optional<MongoDbEmbed> embed) {
    public View {
      fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }
  }

  /**
   * Returns how {@code c} holds {@code entity}, or empty when it holds it neither as documents nor
   * embedded.
   */
  public static Optional<View> of(MongoDbCollection c, String entity) {
    return MongoDbReadPlanner.view(c, entity).map(v -> new View(v.fields(), v.embed()));
  }
}
