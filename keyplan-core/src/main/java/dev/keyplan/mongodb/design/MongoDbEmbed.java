package dev.keyplan.mongodb.design;

import dev.keyplan.input.Location;
import dev.keyplan.model.Entity;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * An entity embedded in a collection's documents, resolved: the elements one document holds for a
 * typical and for the busiest parent, and how fast its array grows.
 *
 * <p>Counts come from the child entity's rows and its spread over the {@code by} attributes (the
 * parent's key): a typical parent holds {@code rows / distinct} elements, the busiest {@code rows ×
 * busiest share}. Example: 50M order lines over 10M orders hold 5 per order.
 *
 * @param types each held child attribute's BSON type name
 * @param typical elements of a typical document (1 for a single sub-document)
 * @param busiest elements of the busiest parent's document at the horizon, capped by {@code max}
 * @param growthPerDocumentPerSecond elements the busiest parent gains per second (0 if bounded)
 * @param bounded the array cannot grow without bound: a single sub-document, a {@code max}, or a
 *     child entity that does not grow
 * @param children the busiest parent's children at the horizon before {@code max}: above it, the
 *     array holds only some of them
 * @param keeps which elements a capped array keeps: as written ({@code keeps:}), or assumed newest
 *     by the child's first {@code time_ordered} attribute (the Subset pattern's "most recent"), or
 *     empty when neither says
 * @param overflow the elements past {@code max} live in overflow documents (the Outlier pattern)
 */
public record MongoDbEmbed(
    String field,
    Entity entity,
    boolean many,
    List<String> by,
    Map<String, String> types,
    double typical,
    double busiest,
    double growthPerDocumentPerSecond,
    OptionalInt max,
    boolean bounded,
    double children,
    java.util.Optional<dev.keyplan.mongodb.model.MongoDbDesign.Kept> keeps,
    boolean overflow,
    Location location) {

  public MongoDbEmbed {
    by = List.copyOf(by);
    types = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(types));
  }

  /**
   * Returns true if the array holds only some of a parent's children: a {@code max} below the
   * busiest parent's children at the horizon. Such an array is complete for no read that needs more
   * than the {@code max} it keeps (docs/model.md, "Schema patterns").
   */
  public boolean capped() {
    return many && max.isPresent() && children > max.getAsInt();
  }

  /** Returns the document path of child attribute {@code attribute}: {@code lines.product_id}. */
  public String pathOf(String attribute) {
    return field + "." + attribute;
  }
}
