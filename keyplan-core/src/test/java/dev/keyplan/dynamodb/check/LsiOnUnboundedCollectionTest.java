package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * LsiOnUnboundedCollection sizes the busiest item collection of a table with a local index (all
 * items and LSI entries of one partition key value) against DynamoDB's 10 GB cap, 10,737,418,240 B.
 *
 * <p>The models store tenant events: {@code PK = "T#{tenant_id}"} (2 + 2 + 36 = 40 B), {@code SK =
 * "E#{event_id}"} (40 B), {@code type} (the LSI's sort key, an enumeration of click, view, buy: 4 B
 * on average, 4 + 4 = 8 B) and a 200 B payload (7 + 200 = 207 B): 295 B per item. In storage an
 * item is 295 + 100 = 395 B, and its entry in the ALL-projected LSI another 395 B, so each event
 * adds 790 B to its collection. 100 events/s for a horizon of 1 year (31,536,000 s) make
 * 3,153,600,000 events.
 */
final class LsiOnUnboundedCollectionTest {
  private final RuleTester tester = RuleTester.of(LsiOnUnboundedCollection.class);

  private static String events(String busiest, String table, String insert) {
    return """
        model: events
        horizon: 1y
        entities:
          Event:
            attributes:
              tenant_id: uuid
              event_id: {type: timeuuid, time_ordered: true}
              type: {type: text, values: [click, view, buy]}
              payload: {type: text, size: 200B}
            key: [event_id]
            growth: 100/s
            spread:
              tenant_id: {distinct: 1k, busiest: %s}
        patterns:
          - id: record-event
            rate: 100/s
            insert: %s
          - id: events-of-type
            rate: 10/s
            query: Event where tenant_id = ? and type = ? limit 50
        dynamodb:
          tables:
        %s
              items:
                Event:
                  keys: {PK: "T#{tenant_id}", SK: "E#{event_id}"}
                  attributes: [payload]
        """
        .formatted(busiest, insert, table.indent(4).stripTrailing());
  }

  @Test
  void busiestTenant_passesTenGigabytesInSixteenDays_isError() {
    // The busiest tenant writes 10 of the 100 events/s: 10 × 31,536,000 = 315,360,000 events at
    // 1y × 790 B = 249,134,400,000 B = 249 GB > 10 GiB. It grows 10 × 790 = 7,900 B/s
    // (682,560,000 B = 683 MB a day) from empty, so it passes 10,737,418,240 B after
    // 10,737,418,240 / 7,900 = 1,359,167 s = 15.7 days.
    tester
        .model(
            events(
                "10/s",
                """
        Events:
          partition_key: PK
          sort_key: SK
          indexes:
            by_type: {local: true, sort_key: type}   # FINDING: LsiOnUnboundedCollection [error]: holds 249 GB after 1y, growing by 683 MB a day; it passes the 10 GB cap after 15.7 days
        """,
                "Event"))
        .expectMarkedFindings();
  }

  @Test
  void analysisAgrees_onTheBusiestCollection() {
    // The rule's sum is DynamoSizing.collectionBytes: 315,360,000 × 790 = 249,134,400,000 B.
    var a =
        tester
            .model(
                events(
                    "10/s",
                    """
        Events:
          partition_key: PK
          sort_key: SK
          indexes:
            by_type: {local: true, sort_key: type}
        """,
                    "Event"))
            .dynamodb();
    assertThat(a.sizing().get("Events").collectionBytes()).isEqualTo(249_134_400_000.0);
  }

  @Test
  void quieterTenant_underTheCapAtTheHorizon_butUnbounded_isWarning() {
    // Busiest 0.2 events/s: 0.2 × 31,536,000 × 790 = 4,982,688,000 B = 4.98 GB at 1y, under the
    // cap.
    // Growing 0.2 × 790 = 158 B/s, it reaches 10 GiB after 10,737,418,240 / 158 = 67,958,344 s
    // = 787 days = 2.15 years, within 10 horizons ⇒ warning.
    tester
        .model(
            events(
                "0.2/s",
                """
        Events:
          partition_key: PK
          sort_key: SK
          indexes:
            by_type: {local: true, sort_key: type}   # FINDING: LsiOnUnboundedCollection [warning]: holds 4.98 GB after 1y, growing by 13.7 MB a day; it reaches the 10 GB cap after 787 days (2.15 years); nothing bounds it
        """,
                "Event"))
        .expectMarkedFindings();
  }

  @Test
  void slowTenant_reachingTheCapCenturiesFromNow_isOnlyAdvice() {
    // Busiest 0.001 events/s: 0.79 B/s, 10 GiB after 13,591,668,658 s = 431 years > 10 horizons ⇒
    // info.
    tester
        .model(
            events(
                "0.001/s",
                """
        Events:
          partition_key: PK
          sort_key: SK
          indexes:
            by_type: {local: true, sort_key: type}   # FINDING: LsiOnUnboundedCollection [info]: after 157,311 days (431 years)
        """,
                "Event"))
        .expectMarkedFindings();
  }

  @Test
  void ttlBoundsTheCollection_underTheCap_isNotFlagged() {
    // With TTL the item also holds expires_at (10 + 6 = 16 B): 311 B, 411 B stored, 822 B with its
    // LSI entry. Items live 30 days: 100 × 2,592,000 = 259,200,000 events, the busiest tenant's
    // 1/s share (1%) 2,592,000 × 822 = 2,130,624,000 B = 2.13 GB, and no growth ⇒ no finding.
    tester
        .model(
            events(
                "1/s",
                """
        Events:
          partition_key: PK
          sort_key: SK
          ttl: expires_at
          indexes:
            by_type: {local: true, sort_key: type}
        """,
                "Event using ttl 30d"))
        .expectMarkedFindings();
  }

  @Test
  void ttlBoundsTheCollection_butOverTheCap_isStillError() {
    // The same with the 10/s tenant: 25,920,000 × 822 = 21,306,240,000 B = 21.3 GB > 10 GiB ⇒
    // error.
    tester
        .model(
            events(
                "10/s",
                """
        Events:
          partition_key: PK
          sort_key: SK
          ttl: expires_at
          indexes:
            by_type: {local: true, sort_key: type}   # FINDING: LsiOnUnboundedCollection [error]: holds 21.3 GB after 1y (bounded
        """,
                "Event using ttl 30d"))
        .expectMarkedFindings();
  }

  @Test
  void noLocalIndex_noCap_isNotFlagged() {
    // The 249 GB collection of the first case, on a table with a GSI instead: no per-key cap.
    tester
        .model(
            events(
                "10/s",
                """
        Events:
          partition_key: PK
          sort_key: SK
          indexes:
            by_type: {partition_key: PK, sort_key: type}
        """,
                "Event"))
        .expectMarkedFindings();
  }
}
