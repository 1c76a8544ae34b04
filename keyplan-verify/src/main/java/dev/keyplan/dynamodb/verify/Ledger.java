package dev.keyplan.dynamodb.verify;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The primary key of every item keyplan wrote, per table, so that a table it reused (and so must
 * not drop) gets back exactly the items it had: at the end each recorded key is deleted, and no
 * other item of the table is read or written.
 */
final class Ledger {
  private final Map<String, Set<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();

  /** Records that {@code table} (prefixed) now holds an item keyplan wrote under {@code key}. */
  void wrote(String table, Map<String, AttributeValue> key) {
    keys.computeIfAbsent(table, k -> new LinkedHashSet<>()).add(Map.copyOf(key));
  }

  /** Returns the keys recorded for {@code table}. */
  Set<Map<String, AttributeValue>> keys(String table) {
    return java.util.Collections.unmodifiableSet(keys.getOrDefault(table, Set.of()));
  }

  /** Deletes every recorded item of {@code table}, 25 keys a BatchWriteItem; returns how many. */
  int deleteAll(DynamoDbClient client, String table) {
    List<Map<String, AttributeValue>> all = new ArrayList<>(keys(table));
    for (int from = 0; from < all.size(); from += Loader.BATCH) {
      List<WriteRequest> batch = new ArrayList<>();
      for (Map<String, AttributeValue> k :
          all.subList(from, Math.min(all.size(), from + Loader.BATCH))) {
        batch.add(
            WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(k).build()).build());
      }
      Map<String, List<WriteRequest>> pending = Map.of(table, batch);
      while (!pending.isEmpty()) {
        Map<String, List<WriteRequest>> now = pending;
        var r = client.batchWriteItem(b -> b.requestItems(now));
        pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
      }
    }
    keys.remove(table);
    return all.size();
  }
}
