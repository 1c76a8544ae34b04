package dev.keyplan.dynamodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * EphemeralDataWithoutTtl finds time-bounded data that a DynamoDB table keeps for ever: inserts
 * with a TTL on a table without one, a TTL attribute that is not a Number, and deletes at half the
 * insert rate or more. Storage is priced at the built-in $0.25 per GB-month (2^30 B), write units
 * at $0.625 per million on demand (2,628,000 s a month).
 */
final class EphemeralDataWithoutTtlTest {
  private final RuleTester tester = RuleTester.of(EphemeralDataWithoutTtl.class);

  private static String sessions(String ttl, String marker) {
    return """
        model: sessions
        horizon: 1y
        entities:
          Session:
            attributes:
              session_id: uuid
              user_id: uuid
              data: {type: text, size: 200B}
            key: [session_id]
            growth: 100/s
        patterns:
          - id: open-session   %s
            rate: 100/s
            insert: Session using ttl 12h
          - id: get-session
            rate: 1k/s
            query: Session where session_id = ?
        dynamodb:
          tables:
            Sessions:
              partition_key: PK
        %s
              items:
                Session:
                  keys: {PK: "S#{session_id}"}
        """
        .formatted(marker, ttl.indent(6).stripTrailing());
  }

  @Test
  void sessionsInsertedWithTtl_onATableWithout_neverExpire_isWarning() {
    // Item: PK 2 + 38 = 40, session_id 10 + 36 = 46, user_id 7 + 36 = 43, data 4 + 200 = 204: 333
    // B,
    // 433 B stored. Without TTL: 100/s × 31,536,000 s = 3,153,600,000 items at 1y. With it they
    // live 12 h + 48 h = 216,000 s: 21,600,000. Extra: 3,132,000,000 × 433 = 1,356,156,000,000 B
    // = 1.36 TB = 1,263.0197 GB × $0.25 = $315.75/month.
    tester
        .model(
            sessions(
                "",
                "# FINDING: EphemeralDataWithoutTtl [warning]: the table holds 3,153,600,000 of them"
                    + " instead of about 21,600,000 (the TTL plus the 48 hours TTL may take to delete): 1.36 TB more storage,"
                    + " $315.75/month"))
        .expectMarkedFindings();
  }

  @Test
  void ttlLongerThanTheHorizon_stillNeverExpires_isWarning() {
    // A 90-day TTL within a 30-day horizon (printed 3mo and 1mo): no item would have expired yet
    // (rows are the same
    // either way), but on a table without TTL none ever will ⇒ still a warning, without a saving.
    tester
        .model(
            sessions(
                    "",
                    "# FINDING: EphemeralDataWithoutTtl [warning]: its items never expire. Within the"
                        + " horizon of 1mo none would have expired yet")
                .replace("horizon: 1y", "horizon: 30d")
                .replace("using ttl 12h", "using ttl 90d"))
        .expectMarkedFindings();
  }

  @Test
  void tableWithTtl_isNotFlagged() {
    // The same sessions on a table with ttl: expires_at (the item holds it as a Number) ⇒ no
    // finding.
    tester.model(sessions("ttl: expires_at", "")).expectMarkedFindings();
  }

  @Test
  void ttlAttributeStoredAsAnIsoString_neverExpires_isWarning() {
    // expires_at is an entity timestamp: keyplan stores it as S, 24 characters of ISO 8601, which
    // TTL ignores. Sizing assumed 30-day expiry: 10/s × 2,592,000 s = 25,920,000 items; for ever
    // they are 10 × 31,536,000 = 315,360,000. Item: PK "C#{code_id}" 40, code_id 7 + 36 = 43,
    // expires_at 10 + 24 = 34: 117 B, 217 B stored. Extra: 289,440,000 × 217 = 62,808,480,000 B
    // = 62.8 GB = 58.49 GB (2^30) × $0.25 = $14.62/month.
    tester
        .model(
            """
        model: codes
        horizon: 1y
        entities:
          Code:
            attributes:
              code_id: uuid
              expires_at: timestamp
            key: [code_id]
            growth: 10/s
        patterns:
          - id: issue-code
            rate: 10/s
            insert: Code using ttl 30d
          - id: check-code
            rate: 10/s
            query: Code where code_id = ?
        dynamodb:
          tables:
            Codes:
              partition_key: PK
              ttl: expires_at
              items:
                Code:   # FINDING: EphemeralDataWithoutTtl [warning]: stores it as S (the entity's timestamp): TTL reads only a Number of epoch seconds, so these items never expire; after 1y they are 315,360,000 items, not the 25,920,000 a working TTL would keep: 62.8 GB more storage, $14.62/month
                  keys: {PK: "C#{code_id}"}
        """)
        .expectMarkedFindings();
  }

  private static String carts(String deletes, String marker) {
    return """
        model: carts
        horizon: 1y
        entities:
          CartItem:
            attributes:
              cart_id: uuid
              product_id: uuid
              added_at: timestamp
            key: [cart_id, product_id]
            count: 1M
        patterns:
          - id: add-to-cart
            rate: 100/s
            insert: CartItem
          - id: cart
            rate: 200/s
            query: CartItem where cart_id = ?
          - id: remove   %s
            rate: %s
        dynamodb:
          tables:
            Carts:
              partition_key: PK
              sort_key: SK
              items:
                CartItem:
                  keys: {PK: "C#{cart_id}", SK: "P#{product_id}"}
        """
        .formatted(marker, deletes);
  }

  @Test
  void deletesAtEightyPercentOfInserts_isAdvice() {
    // 80/s of 100/s inserted = 80% ≥ 50%. The item (PK 40, SK 40, cart_id 43, product_id 46,
    // added_at 8 + 24 = 32: 201 B) costs 1 WCU to delete: 80 WCU/s × 2,628,000 × $0.625 / 10^6
    // = $131.40/month. The delete names the item's key, not an age ⇒ info.
    tester
        .model(
            carts(
                "80/s\n    delete: CartItem where cart_id = ? and product_id = ?",
                "# FINDING: EphemeralDataWithoutTtl [info]: deletes 80/s CartItem items, 80% of the 100/s inserted, from"
                    + " Carts, which has no TTL: 80 WCU/s at peak ($131.40/month)"))
        .expectMarkedFindings();
  }

  @Test
  void deletesByAge_isWarning() {
    // A purge of items older than a time: a range on added_at, a timestamp ⇒ an age-based delete,
    // what TTL does for free ⇒ warning (60/s of 100/s = 60% ≥ 50%).
    tester
        .model(
            carts(
                "60/s\n    delete: CartItem where cart_id = ? and added_at < ?",
                "# FINDING: EphemeralDataWithoutTtl [warning]: 60% of the 100/s inserted, from Carts, which has no TTL,"
                    + " by age"))
        .expectMarkedFindings();
  }

  @Test
  void rareDeletes_areNotFlagged() {
    // 49/s of 100/s = 49% < 50% ⇒ no finding.
    tester
        .model(carts("49/s\n    delete: CartItem where cart_id = ? and product_id = ?", ""))
        .expectMarkedFindings();
  }
}
