package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Entity;

/**
 * A share of one item type's rows and the bytes each takes on a copy: what one key value (or the
 * tail of values) stores at a simulated second. Rows follow the entity's growth from today's count
 * ({@link Entity#rowsAfter}, which also applies the table's TTL); bytes per row are the analysis's
 * storage bytes (item plus 100 B, local index entries included on the table; index entry plus 100 B
 * on a global index).
 */
record SizeTerm(Entity entity, long ttlSeconds, double share, double bytesPerRow) {
  /** Returns the bytes at {@code second}: share × rows × bytes per row. */
  double bytesAt(long second) {
    return share * entity.rowsAfter(second, ttlSeconds) * bytesPerRow;
  }
}
