package dev.keyplan.dynamodb.verify;

import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.VerifyException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes a {@link Dataset} with BatchWriteItem, 25 puts a call (the API's limit), retrying what
 * DynamoDB leaves unprocessed, and reports progress as items written of the total.
 */
final class Loader {
  static final int BATCH = 25;
  private static final int MAX_ROUNDS = 20;

  private final DynamoDbClient client;
  private final UnaryOperator<String> tableName;
  private final UnaryOperator<String> scrub;
  private final Ledger ledger;

  Loader(
      DynamoDbClient client,
      UnaryOperator<String> tableName,
      UnaryOperator<String> scrub,
      Ledger ledger) {
    this.client = client;
    this.tableName = tableName;
    this.scrub = scrub;
    this.ledger = ledger;
  }

  /** Writes every item of {@code data}; {@code progress} hears items written of the total. */
  void load(Dataset data, Progress progress) {
    List<Dataset.Written> all = data.items();
    long done = 0;
    progress.at(0, all.size());
    for (int from = 0; from < all.size(); from += BATCH) {
      Map<String, List<WriteRequest>> batch = new LinkedHashMap<>();
      for (Dataset.Written w : all.subList(from, Math.min(all.size(), from + BATCH))) {
        String table = tableName.apply(w.table().name());
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> key =
            new LinkedHashMap<>();
        w.table().primaryKey().forEach(k -> key.put(k, w.item().get(k)));
        ledger.wrote(table, key);
        batch
            .computeIfAbsent(table, k -> new ArrayList<>())
            .add(
                WriteRequest.builder()
                    .putRequest(PutRequest.builder().item(w.item()).build())
                    .build());
      }
      write(batch);
      done = Math.min(all.size(), from + BATCH);
      Progress.tick(progress, done, all.size());
    }
  }

  private void write(Map<String, List<WriteRequest>> batch) {
    Map<String, List<WriteRequest>> pending = batch;
    for (int round = 0; !pending.isEmpty(); round++) {
      if (round == MAX_ROUNDS) {
        throw new VerifyException(
            "BatchWriteItem left items unprocessed "
                + MAX_ROUNDS
                + " times: the endpoint"
                + " is throttling the load; try again with a smaller --max-rows");
      }
      BatchWriteItemResponse r;
      try {
        Map<String, List<WriteRequest>> now = pending;
        r = client.batchWriteItem(b -> b.requestItems(now));
      } catch (SdkException e) {
        throw new VerifyException("loading items failed: " + scrub.apply(e.getMessage()));
      }
      pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
      if (!pending.isEmpty()) {
        sleep(50L << Math.min(round, 5));
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new VerifyException("interrupted while loading");
    }
  }
}
