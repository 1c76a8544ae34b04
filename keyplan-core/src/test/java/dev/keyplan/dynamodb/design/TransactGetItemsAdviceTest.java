package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A read of an entity that some pattern writes in a TransactWriteItems is read-committed (AWS DG,
 * "Isolation levels for DynamoDB transactions",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-isolation):
 * a BatchGetItem, Query or Scan can see the transaction half applied. TransactGetItems reads at
 * most 100 items, each named by its full primary key, from tables
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactGetItems.html), so
 * keyplan suggests it only for a BatchGetItem of at most 100 keys (issue 16 §5); a Query is told
 * the risk and that TransactGetItems cannot serve it; a GetItem is serializable with transactions
 * and gets no note.
 *
 * <p>The model is the shape of examples/appdata.yaml: an order is written twice (by user and by id)
 * in one logged batch, which DynamoDB makes a TransactWriteItems.
 */
final class TransactGetItemsAdviceTest {

  private static final String MODEL =
      """
      model: appdata
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: {type: text, size: 12B}
            user_id: {type: text, size: 8B}
            total: {type: decimal, size: 8B}
          key: [order_id]
          count: 1M
          spread:
            user_id: {distinct: 100k}
      patterns:
        - id: user-orders
          rate: 10/s
          query: Order where user_id = ?
        - id: get-order
          rate: 10/s
          query: Order where order_id = ?
        - id: some-orders
          rate: 10/s
          query: Order where order_id in %s
        - id: place-order
          rate: 5/s
          insert: Order
          batch: logged
      dynamodb:
        tables:
          AppData:
            partition_key: PK
            sort_key: SK
            items:
              Order: {keys: {PK: "USER#{user_id}", SK: "ORDER#{order_id}"}, attributes: [total]}
              OrderById: {entity: Order, keys: {PK: "ORDER#{order_id}", SK: ORDER}, attributes: [total, user_id]}
      """;

  private static DynamoDbAnalysis analyze(String in) {
    return DynamoDbAnalyzer.analyze(ModelReader.read("m.yaml", MODEL.formatted(in), Path.of(".")));
  }

  @Test
  void aBatchGetOfAtMostAHundredKeys_isToldToUseTransactGetItems() {
    DynamoDbAnalysis a = analyze("(?, ?, ?)");
    DynamoDbPlan batch = a.plan("some-orders").orElseThrow();
    assertThat(batch.operation()).isEqualTo("BatchGetItem");
    assertThat(batch.notes())
        .contains(
            "BatchGetItem is read-committed: it can see some items of a TransactWriteItems in the"
                + " new state and others in the old; use TransactGetItems (the same 3 keys, at most"
                + " 100) for a consistent snapshot");
    // A GetItem is serializable with a TransactWriteItems: no note.
    assertThat(a.plan("get-order").orElseThrow().notes())
        .noneMatch(n -> n.contains("read-committed"));
  }

  @Test
  void aQuery_isToldTheRisk_notTransactGetItems() {
    DynamoDbPlan query = analyze("(?, ?)").plan("user-orders").orElseThrow();
    assertThat(query.operation()).isEqualTo("Query");
    assertThat(query.notes())
        .contains(
            "Query is read-committed: it can see some items of a TransactWriteItems in the new state"
                + " and others in the old; TransactGetItems cannot serve it (it reads at most 100"
                + " items named by their full primary key, from tables), so the read can see a"
                + " transaction half applied");
  }

  @Test
  void aBatchGetOfMoreThanAHundredKeys_cannotBeOneTransactGetItems() {
    // 101 keys: one more than TransactGetItems takes (DynamoDbLimits.MAX_TRANSACTION_ITEMS).
    DynamoDbPlan batch = analyze("101").plan("some-orders").orElseThrow();
    assertThat(batch.operation()).isEqualTo("BatchGetItem");
    assertThat(batch.notes())
        .anyMatch(n -> n.startsWith("BatchGetItem is read-committed"))
        .noneMatch(n -> n.contains("use TransactGetItems"));
  }
}
