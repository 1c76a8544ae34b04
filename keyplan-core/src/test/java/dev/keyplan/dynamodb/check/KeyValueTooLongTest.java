package dev.keyplan.dynamodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * KeyValueTooLong reports key values over DynamoDB's limits: 2,048 B for a partition key, 1,024 B
 * for a sort key (AWS DG, "Quotas"); a value of exactly the limit is accepted. A key value is the
 * template's literal text plus each placeholder as text: {@code "F#{path}"} is 2 + the path's
 * bytes.
 */
final class KeyValueTooLongTest {
  private final RuleTester tester = RuleTester.of(KeyValueTooLong.class);

  @Test
  void filePathInThePartitionKey_overByFiftyFourBytes_isError_atTheLimitIsNot() {
    // File:    "F#" + 2,100 B = 2,102 B > 2,048 B, 54 B over ⇒ error.
    // Archive: "A#" + 2,046 B = 2,048 B = the limit ⇒ accepted, no finding.
    tester
        .model(
            """
        model: files
        horizon: 1y
        entities:
          File:
            attributes:
              path: {type: text, size: 2100B}
              owner_id: uuid
            key: [path]
            count: 1M
          Archive:
            attributes:
              path: {type: text, size: 2046B}
              owner_id: uuid
            key: [path]
            count: 1M
        patterns:
          - id: get-file
            rate: 10/s
            query: File where path = ?
          - id: get-archive
            rate: 1/s
            query: Archive where path = ?
        dynamodb:
          tables:
            Files:
              partition_key: PK
              items:
                File:   # FINDING: KeyValueTooLong [error]: partition key PK = "F#{path}" is 2,102 B, 54 B over the 2,048 B limit
                  keys: {PK: "F#{path}"}
                Archive:
                  keys: {PK: "A#{path}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void urlInTheSortKey_isCheckedAgainstTheSortKeyLimit() {
    // Bookmark: SK "URL#" + 1,100 B = 1,104 B > 1,024 B, 80 B over ⇒ error (a partition key of the
    // same size would be accepted). Tag: SK "T#" + 1,022 B = 1,024 B = the limit ⇒ no finding.
    tester
        .model(
            """
        model: bookmarks
        horizon: 1y
        entities:
          Bookmark:
            attributes:
              owner_id: uuid
              url: {type: text, size: 1100B}
            key: [owner_id, url]
            count: 1M
          Tag:
            attributes:
              owner_id: uuid
              label: {type: text, size: 1022B}
            key: [owner_id, label]
            count: 1M
        patterns:
          - id: bookmarks-of-user
            rate: 10/s
            query: Bookmark where owner_id = ?
          - id: tags-of-user
            rate: 10/s
            query: Tag where owner_id = ?
        dynamodb:
          tables:
            Bookmarks:
              partition_key: PK
              sort_key: SK
              items:
                Bookmark:   # FINDING: KeyValueTooLong [error]: sort key SK = "URL#{url}" is 1,104 B, 80 B over the 1,024 B limit
                  keys: {PK: "U#{owner_id}", SK: "URL#{url}"}
                Tag:
                  keys: {PK: "U#{owner_id}", SK: "T#{label}"}
        """)
        .expectMarkedFindings();
  }
}
