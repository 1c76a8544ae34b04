package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import java.util.List;
import java.util.Optional;

/**
 * The indexes one collection has in an {@code indexes_file}, without its implicit {@code _id}
 * index, each at the place of its index document in the file.
 *
 * @param collection the collection as the file names it (a member name, or the {@code ns} of
 *     servers before 4.4, {@code "shop.orders"}); empty for a bare array, which names none
 * @param location where the collection's array (or its name) is written
 */
public record ImportedIndexes(Optional<String> collection, Location location, List<Index> indexes) {
  public ImportedIndexes {
    indexes = List.copyOf(indexes);
  }
}
