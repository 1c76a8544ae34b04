package dev.keyplan.mongodb.design;

import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.List;
import java.util.Optional;

/**
 * An index resolved against its collection's documents.
 *
 * <p>Size is an estimate: {@code entries × (key bytes + 8)}, the BSON bytes of the indexed values
 * plus an 8-byte record id per entry (WiredTiger's index entries add prefix compression and page
 * overhead that keyplan does not model); a multikey index has one entry per array element.
 *
 * @param implicitId the {@code _id} index every collection has
 * @param multikey a key is inside an embedded array: one entry per element, no covered queries
 * @param entries index entries at the horizon
 * @param bytes estimated size at the horizon
 */
public record MongoDbIndex(
    String name,
    List<IndexKey> keys,
    boolean unique,
    boolean sparse,
    Optional<String> partial,
    long ttlSeconds,
    boolean caseInsensitive,
    boolean implicitId,
    boolean multikey,
    double entries,
    double bytes,
    Location location) {

  public MongoDbIndex {
    keys = List.copyOf(keys);
  }

  /** Returns the indexed fields, in key order. */
  public List<String> fields() {
    return keys.stream().map(IndexKey::field).toList();
  }

  /** Returns true if the index's first key is hashed. */
  public boolean hashed() {
    return keys.stream().anyMatch(k -> k.kind() == IndexKey.Kind.HASHED);
  }

  /** Returns true for a text index. */
  public boolean text() {
    return keys.stream().anyMatch(k -> k.kind() == IndexKey.Kind.TEXT);
  }
}
