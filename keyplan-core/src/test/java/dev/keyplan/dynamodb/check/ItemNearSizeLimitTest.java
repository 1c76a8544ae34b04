package dev.keyplan.dynamodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * ItemNearSizeLimit compares an item's size (plus its local index entries) with DynamoDB's limit of
 * 409,600 B: a warning from 75% (307,200 B), an error above 409,600 B.
 *
 * <p>Item sizes follow ItemSize: every attribute is its name's UTF-8 bytes plus its value. In these
 * models {@code PK = "D#{doc_id}"} is 2 + (2 + 36) = 40 B, {@code title} of 100 B is 5 + 100 = 105
 * B and {@code body} of N B is 4 + N; sizes in models are decimal (400KB = 400,000 B).
 */
final class ItemNearSizeLimitTest {
  private final RuleTester tester = RuleTester.of(ItemNearSizeLimit.class);

  @Test
  void documentsOfFourHundredDecimalKilobytes_areNearTheLimit_warning() {
    // 40 + 105 + (4 + 400,000) = 400,149 B = 97.7% of 409,600 B ≥ 75% ⇒ warning; under the limit.
    // Writes ⌈400,149 / 1,024⌉ = 391 WCU; strong reads ⌈400,149 / 4,096⌉ = 98 RCU.
    tester
        .model(
            """
        model: docs
        horizon: 1y
        entities:
          Document:
            attributes:
              doc_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 400KB}
            key: [doc_id]
            count: 1M
        patterns:
          - id: get-doc
            rate: 10/s
            query: Document where doc_id = ?
        dynamodb:
          tables:
            Docs:
              partition_key: PK
              items:
                Document:   # FINDING: ItemNearSizeLimit [warning]: is 400,149 B, 97.7% of
                  keys: {PK: "D#{doc_id}"}
                  attributes: [title, body]
        """)
        .expectMarkedFindings();
  }

  @Test
  void documentOverTheLimit_isError_byItsExcessBytes() {
    // 40 + 105 + (4 + 410,000) = 410,149 B > 409,600 B by 549 B ⇒ error.
    tester
        .model(
            """
        model: docs
        horizon: 1y
        entities:
          Document:
            attributes:
              doc_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 410KB}
            key: [doc_id]
            count: 1M
        patterns:
          - id: get-doc
            rate: 10/s
            query: Document where doc_id = ?
        dynamodb:
          tables:
            Docs:
              partition_key: PK
              items:
                Document:   # FINDING: ItemNearSizeLimit [error]: 410,149 B, 549 B over
                  keys: {PK: "D#{doc_id}"}
                  attributes: [title, body]
        """)
        .expectMarkedFindings();
  }

  @Test
  void threshold_isExactlySeventyFivePercent() {
    // 307,200 B = 75% of 409,600: body 307,051 B gives 40 + 105 + 4 + 307,051 = 307,200 ⇒ warning;
    // one byte less (body 307,050 B, item 307,199 B = 74.99%) ⇒ no finding.
    tester
        .model(
            """
        model: docs
        horizon: 1y
        entities:
          Document:
            attributes:
              doc_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 307051B}
            key: [doc_id]
            count: 1M
          Draft:
            attributes:
              doc_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 307050B}
            key: [doc_id]
            count: 1M
        patterns:
          - id: get-doc
            rate: 10/s
            query: Document where doc_id = ?
          - id: get-draft
            rate: 10/s
            query: Draft where doc_id = ?
        dynamodb:
          tables:
            Docs:
              partition_key: PK
              items:
                Document:   # FINDING: ItemNearSizeLimit [warning]: is 307,200 B, 75% of
                  keys: {PK: "D#{doc_id}"}
                  attributes: [title, body]
                Draft:
                  keys: {PK: "R#{doc_id}"}
                  attributes: [title, body]
        """)
        .expectMarkedFindings();
  }

  @Test
  void allProjectedLocalIndex_countsTwice_andPushesTheItemOver() {
    // Keys PK = "U#{owner_id}" 40 B, SK = "D#{doc_id}" 40 B, title (the LSI's sort key) 105 B,
    // body 4 + 250,000: the item is 250,189 B, 61% alone. Its entry in the ALL-projected LSI
    // by_title is the whole item again: 250,189 + 250,189 = 500,378 B, 90,778 B over 409,600 ⇒
    // error.
    // With KEYS_ONLY (Notes) the entry is PK + SK + title = 40 + 40 + 105 = 185 B:
    // 250,189 + 185 = 250,374 B = 61% ⇒ no finding.
    tester
        .model(
            """
        model: docs
        horizon: 1y
        entities:
          Document:
            attributes:
              doc_id: uuid
              owner_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 250KB}
            key: [doc_id]
            count: 1M
          Note:
            attributes:
              doc_id: uuid
              owner_id: uuid
              title: {type: text, size: 100B}
              body: {type: text, size: 250KB}
            key: [doc_id]
            count: 1M
        patterns:
          - id: get-doc
            rate: 10/s
            query: Document where owner_id = ? and doc_id = ?
          - id: get-note
            rate: 10/s
            query: Note where owner_id = ? and doc_id = ?
        dynamodb:
          tables:
            Docs:
              partition_key: PK
              sort_key: SK
              indexes:
                by_title: {local: true, sort_key: title}
              items:
                Document:   # FINDING: ItemNearSizeLimit [error]: 250,189 B plus 250,189 B of entries in local index by_title = 500,378 B, 90,778 B over
                  keys: {PK: "U#{owner_id}", SK: "D#{doc_id}"}
                  attributes: [title, body]
            Notes:
              partition_key: PK
              sort_key: SK
              indexes:
                by_title: {local: true, sort_key: title, projection: KEYS_ONLY}
              items:
                Note:
                  keys: {PK: "U#{owner_id}", SK: "N#{doc_id}"}
                  attributes: [title, body]
        """)
        .expectMarkedFindings();
  }
}
