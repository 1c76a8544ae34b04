package dev.keyplan.check.size;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * KeySpreadUndeclared says, at the entity, which partition-key attribute has no known spread, so
 * the table cannot be sized or heat-checked (seed 000, step 4: "Size and heat-check each key"). A
 * spread is known from the entity's {@code spread:}, from an enumeration's or a boolean's values,
 * or because the attribute alone is the entity's key (one value per row); derived columns (a time
 * bucket, a shard suffix) need none.
 */
final class KeySpreadUndeclaredTest {
  private final RuleTester tester = RuleTester.of(KeySpreadUndeclared.class);

  @Test
  void channelWithoutSpread_isInfo_knownSpreadsAreNot() {
    // Message: channel_id has no spread, is not enumerated, and is not Message's whole key
    // ([channel_id, message_id]) ⇒ info at the entity.
    // User: user_id is the whole key, so it has one value per row ⇒ known.
    // Order: status is an enumeration of 3 values ⇒ known.
    // Reading: sensor_id declares only its busiest share, 2%, so at least 1 / 2% = 50 values
    // exist ⇒ known.
    tester
        .model(
            """
        model: app
        horizon: 1y
        entities:
          Message: # FINDING: KeySpreadUndeclared [info]: spreads over channel_id
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
          User:
            attributes:
              user_id: uuid
              name: {type: text, size: 20B}
            key: [user_id]
            count: 10M
          Order:
            attributes:
              order_id: uuid
              status: {type: text, values: [OPEN, PAID, SHIPPED]}
            key: [order_id]
            growth: 200/s
          Reading:
            attributes:
              sensor_id: uuid
              recorded_at: {type: timestamp, time_ordered: true}
              value: double
            key: [sensor_id, recorded_at]
            growth: 10k/s
            spread:
              sensor_id: {busiest: 2%}
        patterns:
          - id: post-message
            rate: 50k/s
            insert: Message
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.messages_by_channel (channel_id bigint, message_id bigint, body text,
          PRIMARY KEY ((channel_id), message_id));
        CREATE TABLE app.users (user_id uuid PRIMARY KEY, name text);
        CREATE TABLE app.orders_by_status (status text, order_id uuid,
          PRIMARY KEY ((status), order_id));
        CREATE TABLE app.readings_by_sensor (sensor_id uuid, recorded_at timestamp, value double,
          PRIMARY KEY ((sensor_id), recorded_at));
        """)
        .expectMarkedFindings();
  }

  @Test
  void compositeKey_namesOnlyTheUndeclaredPart_derivedColumnsNeedNoSpread() {
    // Document: tenant_id is declared, region is not ⇒ info naming region alone.
    // Upload: its key (tenant_id, day, shard) has a declared tenant_id and two derived columns
    // (a 1-day bucket and a 4-value shard suffix) ⇒ known.
    tester
        .model(
            """
        model: docs
        horizon: 1y
        entities:
          Document: # FINDING: KeySpreadUndeclared [info]: spreads over region
            attributes:
              tenant_id: uuid
              region: {type: text, size: 10B}
              doc_id: uuid
            key: [doc_id]
            growth: 100/s
            spread:
              tenant_id: {distinct: 50k}
          Upload:
            attributes:
              tenant_id: uuid
              uploaded_at: {type: timestamp, time_ordered: true}
              upload_id: uuid
            key: [upload_id]
            growth: 100/s
            spread:
              tenant_id: {distinct: 50k}
        patterns:
          - id: add-document
            rate: 100/s
            insert: Document
        cassandra:
          schema: unused.cql
          derived:
            uploads_by_tenant.day: {window: 1d, of: uploaded_at}
            uploads_by_tenant.shard: {shards: 4}
        """)
        .cql(
            """
        CREATE KEYSPACE docs WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE docs.documents_by_tenant_region (tenant_id uuid, region text, doc_id uuid,
          PRIMARY KEY ((tenant_id, region), doc_id));
        CREATE TABLE docs.uploads_by_tenant (tenant_id uuid, day date, shard int,
          uploaded_at timestamp, upload_id uuid,
          PRIMARY KEY ((tenant_id, day, shard), uploaded_at, upload_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void dynamodb_indexKeyWithoutSpread_isInfo_uniqueAndKeyedAreNot() {
    // User's table key USER#{user_id} holds the whole key: one item per value ⇒ known. GSI1 is
    // keyed on the email, which is unique ⇒ known. GSI2 is keyed on the country, with no spread
    // ⇒ info at the entity, naming the index.
    tester
        .model(
            """
        model: app
        horizon: 1y
        entities:
          User: # FINDING: KeySpreadUndeclared [info]: on App.GSI2: User does not say how it spreads over country
            attributes:
              user_id: uuid
              email: {type: text, size: 30B, unique: true}
              country: {type: text, size: 2B}
            key: [user_id]
            count: 1M
        patterns:
          - id: by-email
            rate: 10/s
            query: User where email = ?
        dynamodb:
          tables:
            App:
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK}
                GSI2: {partition_key: GSI2PK}
              items:
                User: {keys: {PK: "USER#{user_id}", GSI1PK: "{email}", GSI2PK: "C#{country}"}}
        """)
        .expectMarkedFindings();
  }

  private static final String TRACKS =
      """
      model: music
      horizon: 30d
      entities:
        Track:%s
          attributes:
            artist_id: {type: text, size: 8B}
            album_id: {type: text, size: 8B}
            track_id: {type: text, size: 8B}
          key: [track_id]
          count: %s
          spread:
            artist_id: {distinct: 1M}
            album_id: {distinct: 10M%s}
      patterns:
        - id: album
          rate: 10/s
          query: Track where artist_id = ? and album_id = ?
      dynamodb:
        tables:
          Music:
            partition_key: PK
            sort_key: SK
            items:
              Track: {keys: {PK: "A#{artist_id}", SK: "L#{album_id}#T#{track_id}"}}
      """;

  @Test
  void dynamodb_sortKeyEqualityWithoutPer_isInfo_whenTheBoundsDifferAHundredfold() {
    // 100M tracks over 1M artists: 100 an artist. An album's tracks are between 100 / 10M,
    // at least 1 (album_id independent of the artist, what the planner counts), and the whole
    // partition, 100: a factor 100, two orders of magnitude ⇒ info.
    tester
        .model(
            TRACKS.formatted(
                " # FINDING: KeySpreadUndeclared [info]: the equality on album_id in album reads"
                    + " between 1 and 100 items of a partition of Music",
                "100M",
                ""))
        .expectMarkedFindings();
    // per: {artist_id: 10} says it: no finding.
    tester.model(TRACKS.formatted("", "100M", ", per: {artist_id: 10}")).expectMarkedFindings();
    // 10M tracks are 10 an artist: the bounds 1 and 10 differ tenfold, below the rule's factor.
    tester.model(TRACKS.formatted("", "10M", "")).expectMarkedFindings();
  }

  @Test
  void mongodb_aShardKeyWithoutSpread_isInfo_keyedAndTimeOrderedAreNot() {
    // tenants on {country_code: 1}: nothing says how tenants spread over countries ⇒ info.
    // by_id on {tenant_id: hashed}: the sole key, one value per document ⇒ nothing.
    // events on {created_at: 1}: time-ordered, each document the clock's next value ⇒ nothing.
    tester
        .model(
            """
        model: saas
        horizon: 1y
        entities:
          Tenant:
            attributes:
              tenant_id: uuid
              country_code: {type: text, size: 2B}
            key: [tenant_id]
            count: 1M
          Event:
            attributes:
              event_id: uuid
              created_at: {type: timestamp, time_ordered: true}
            key: [event_id]
            growth: 10/s
        patterns:
          - {id: tenant, rate: 10/s, query: Tenant where tenant_id = ?}
        mongodb:
          shards: 2
          collections:
            tenants:
              entity: Tenant
              shard_key: {country_code: 1} # FINDING: KeySpreadUndeclared [info]: cannot count the chunks or heat-check the shards of tenants: Tenant does not say how it spreads over country_code
            by_id:
              entity: Tenant
              shard_key: {tenant_id: hashed}
            events:
              entity: Event
              shard_key: {created_at: 1}
        """)
        .expectMarkedFindings();
  }
}
