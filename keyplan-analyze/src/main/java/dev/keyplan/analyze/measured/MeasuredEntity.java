package dev.keyplan.analyze.measured;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * One entity as its data shows it, in the model's terms (docs/model.md, "Entities"): the rows the
 * data holds ({@code count:}), the rows it gains per second over its time span ({@code growth:},
 * only with a time column), its attributes, and the spreads of its candidate keys.
 *
 * @param entity the entity's name in the model
 * @param count rows read (after any sample is scaled back up)
 * @param growthPerSecond rows per second over the time column's span; empty without {@code --time}
 * @param attributes by name, in the data's column order
 * @param spreads by attribute name, one per measured key attribute; a composite key's measurement
 *     is expressed through {@code per:} on its later attributes (the model's one syntax for it)
 * @param provenance the files measured, for the comments {@code --write} and {@code --new} leave
 */
public record MeasuredEntity(
    String entity,
    double count,
    OptionalDouble growthPerSecond,
    Map<String, MeasuredAttribute> attributes,
    Map<String, MeasuredSpread> spreads,
    Provenance provenance) {

  public MeasuredEntity {
    attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    spreads = Collections.unmodifiableMap(new LinkedHashMap<>(spreads));
  }

  /** The attribute names, in the data's order. */
  public List<String> attributeNames() {
    return List.copyOf(attributes.keySet());
  }
}
