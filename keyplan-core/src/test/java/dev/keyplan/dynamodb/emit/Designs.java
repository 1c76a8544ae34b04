package dev.keyplan.dynamodb.emit;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;

/**
 * The designs the emitter tests share, written as model text so each test reads like a user's file.
 *
 * <p>{@link #SHOP} has every feature the emitters translate, in two tables:
 *
 * <ul>
 *   <li>{@code AppTable}: PK/SK, provisioned 100/50, a NEW_AND_OLD_IMAGES stream; {@code GSI1}
 *       (GSI1PK/GSI1SK, INCLUDE total and status, 20/10); {@code ByTournament}, a multi-attribute
 *       key (tournament_id + region / round + match_id, KEYS_ONLY, 5/5); {@code ByDate}, a local
 *       index on order_date; item types Customer, Order and Match.
 *   <li>{@code Sessions}: partition key session_id only, on demand, TTL on expires_at (stored as N,
 *       epoch seconds); item type Session.
 * </ul>
 */
final class Designs {
  private Designs() {}

  static final String SHOP =
      """
      model: shop
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            name: {type: text, size: 20B}
            tier: {type: text, values: [free, pro]}
          key: [customer_id]
          count: 1000
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            order_date: date
            total: {type: decimal, size: 8B}
            status: {type: text, values: [open, paid]}
            quantity: int
          key: [order_id]
          count: 10000
        Match:
          attributes:
            match_id: uuid
            tournament_id: {type: text, size: 12B}
            region: {type: text, size: 8B}
            round: {type: text, size: 10B}
            score: int
          key: [match_id]
          count: 500
        Session:
          attributes:
            session_id: uuid
            user_id: uuid
            expires_at: timestamp
          key: [session_id]
          count: 100
      patterns:
        - id: customer
          rate: 10/s
          query: Customer where customer_id = ?
        - id: session
          rate: 10/s
          query: Session where session_id = ?
      dynamodb:
        tables:
          AppTable:
            partition_key: PK
            sort_key: SK
            capacity: {read: 100, write: 50}
            stream: NEW_AND_OLD_IMAGES
            indexes:
              GSI1:
                partition_key: GSI1PK
                sort_key: GSI1SK
                projection: [total, status]
                capacity: {read: 20, write: 10}
              ByTournament:
                partition_key: [tournament_id, region]
                sort_key: [round, match_id]
                projection: KEYS_ONLY
                capacity: {read: 5, write: 5}
              ByDate: {local: true, sort_key: order_date}
            items:
              Customer:
                keys: {PK: "C#{customer_id}", SK: PROFILE}
                attributes: [name, tier]
              Order:
                keys:
                  PK: "C#{customer_id}"
                  SK: "ORDER#{order_id}"
                  GSI1PK: "{quantity}"
                  GSI1SK: "{status}"
                attributes: [total, status]
              Match:
                keys: {PK: "M#{match_id}#{shard:4}", SK: MATCH}
                attributes: [score]
          Sessions:
            partition_key: session_id
            ttl: expires_at
            items:
              Session:
                keys: {session_id: "{session_id}"}
                attributes: {user_id: S, expires_at: N}
      """;

  /** One on-demand table with a sort key and nothing else. */
  static final String ONE_TABLE =
      """
      model: one
      horizon: 1y
      entities:
        Event:
          attributes:
            event_id: uuid
            at: timestamp
          key: [event_id]
          count: 10
      patterns:
        - id: event
          rate: 1/s
          query: Event where event_id = ?
      dynamodb:
        tables:
          Events:
            partition_key: PK
            sort_key: SK
            items:
              Event:
                keys: {PK: "E#{event_id}", SK: "{at}"}
      """;

  /** Returns the analysis of model {@code text}. */
  static DynamoDbAnalysis analyze(String text) {
    return DynamoDbAnalyzer.analyze(ModelReader.read("m.yaml", text, Path.of(".")));
  }
}
