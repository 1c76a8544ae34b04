package dev.keyplan.dynamodb.verify;

import dev.keyplan.model.Entity;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One made-up row of an entity, as the application would hold it before writing its item types:
 * each attribute's tag (the part of its value that tells rows apart) and the write shard a {@code
 * {shard:N}} suffix takes. Attributes not bound to a key's tag get the row's own tag, so two rows
 * share a value only where keyplan's key groups put them together.
 *
 * @param bound the attributes whose value is shared with other rows (a key group's partition key)
 * @param own the row's tag for every other attribute
 */
record Instance(Entity entity, Map<String, String> bound, String own, int shard) {

  Instance {
    bound = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(bound));
  }

  /** Returns the tag of attribute {@code a}. */
  String tag(String a) {
    return bound.getOrDefault(a, own);
  }

  /**
   * Returns this row with {@code a} re-tagged {@code tag}: the same row after an update of {@code
   * a}.
   */
  Instance with(String a, String tag) {
    Map<String, String> b = new LinkedHashMap<>(bound);
    b.put(a, tag);
    return new Instance(entity, b, own, shard);
  }
}
