package dev.keyplan.designer;

import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;

/** Workloads every store's designer is tried on, written once for the three designer tests. */
public final class DesignWorkloads {
  private DesignWorkloads() {}

  /**
   * Web sessions that expire, shaped as the DynamoDB TTL guide's session example and rule
   * EphemeralDataWithoutTtl's: 100 sessions a second, each inserted {@code using ttl 12h}, read by
   * id and listed per user. A year of them is 100 × 31,536,000 = 3,153,600,000 written; alive at
   * any time after the first 12 hours, 100 × 43,200 = 4,320,000.
   */
  public static final String SESSIONS =
      """
      model: sessions
      horizon: 1y
      entities:
        Session:
          attributes:
            session_id: uuid
            user_id: uuid
            created_at: {type: timestamp, time_ordered: true}
            data: {type: text, size: 200B}
          key: [session_id]
          count: 0
          growth: 100/s
          spread:
            user_id: {distinct: 1M, busiest: 0.01%}
      patterns:
        - id: get-session
          rate: 1k/s
          query: Session where session_id = ?
        - id: user-sessions
          rate: 10/s
          query: Session where user_id = ?
        - id: sign-in
          rate: 100/s
          insert: Session using ttl 12h
      """;

  /**
   * examples/events-mongodb.yaml's workload: 12,000 events a second, and a dashboard that reads
   * "the last hour's events" by created_at alone, no attribute to look up by.
   */
  public static final String EVENTS =
      """
      model: events
      horizon: 90d
      entities:
        Event:
          attributes:
            event_id: {type: timeuuid, time_ordered: true}
            device_id: uuid
            created_at: {type: timestamp, time_ordered: true}
            kind: {type: text, values: [boot, heartbeat, alarm, shutdown]}
            payload: {type: text, size: 300B}
          key: [event_id]
          growth: 12k/s
          spread:
            device_id: {distinct: 1M}
      patterns:
        - id: record
          rate: 12k/s
          insert: Event
        - id: last-hour
          rate: 2/s
          query: Event where created_at > ? limit 1000
      """;

  /** {@code text} read as a workload with no design and no constraint. */
  public static DesignInput input(String text) {
    return new DesignInput(
        ModelReader.read("workload.yaml", text, Path.of(".")), text, Path.of("."));
  }

  /**
   * A shop whose customers and orders must stay in their region (data residency): 50% US, 35% EU
   * and 15% APAC of both. Orders take 8,000 reads and 2,000 inserts a second, 10,000 in all.
   */
  public static final String GLOBAL_SHOP =
      """
      model: global-shop
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            region: {type: text, values: [APAC, EU, US], residency: true}
            email: {type: text, size: 30B, unique: true}
            name: {type: text, size: 40B}
          key: [customer_id]
          count: 50M
          growth: 20/s
          spread:
            region: {shares: {US: 50%, EU: 35%, APAC: 15%}}
        Order:
          attributes:
            order_id: timeuuid
            customer_id: uuid
            region: {type: text, values: [APAC, EU, US], residency: true}
            total: {type: decimal, size: 8B}
            created_at: {type: timestamp, time_ordered: true}
          key: [order_id]
          count: 0
          growth: 2k/s
          spread:
            region: {shares: {US: 50%, EU: 35%, APAC: 15%}}
            customer_id: {distinct: 50M, busiest: 1/s}
      patterns:
        - id: customer
          rate: 5k/s
          query: Customer where region = ? and customer_id = ?
        - id: orders-of-customer
          rate: 8k/s
          query: Order where region = ? and customer_id = ? order by created_at desc limit 20
        - id: place-order
          rate: 2k/s
          insert: Order
        - id: sign-up
          rate: 20/s
          insert: Customer
      """;
}
