package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.CqlTable;
import java.util.List;
import java.util.Optional;

/**
 * A table (or view) of the checked keyspaces that stores no entity of the model, so the check
 * leaves it out.
 *
 * @param table the table
 * @param closest the entity whose attributes cover most of its columns, if the model has entities
 * @param lacking the table's columns (not derived) that {@code closest} has no attribute for
 */
public record TableLeftOut(CqlTable table, Optional<String> closest, List<String> lacking) {
  public TableLeftOut {
    lacking = List.copyOf(lacking);
  }
}
