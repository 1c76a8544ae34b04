package dev.keyplan.mongodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class BloatedDocumentTest {
  private final RuleTester tester = RuleTester.of(BloatedDocument.class);

  private static String articles(String marker, String body, String listing) {
    return """
        model: news
        horizon: 1d
        entities:
          Article:
            attributes:
              article_id: uuid
              section: {type: text, size: 10B}
              body: {type: text, size: %s}
            key: [article_id]
            count: 100k
            spread:
              section: {distinct: 5k}
        patterns:
          - id: article
            rate: 10/s
            query: Article where article_id = ?
          - id: section-list
            rate: 100/s
            query: %s
        mongodb:
          collections:
            articles:%s
              entity: Article
              indexes:
                - {section: 1}
        """
        .formatted(body, listing, marker);
  }

  @Test
  void aListingThatFetchesTheBodyItDoesNotShow_wastesIt() {
    // The document: _id 26 B, section 1 + 8 + 4 + 10 + 1 = 24 B, body 1 + 5 + 4 + 20,000 + 1 =
    // 20,011 B, 5 B
    // of length and NUL: 20,066 B, body 99.7% of it. section-list fetches 100k / 5k = 20 articles,
    // 100 × 20
    // = 2,000 a second without using the body, against article's 10 × 1: 2,000 × 20,011 B = 40.0
    // MB/s.
    tester
        .model(
            articles(
                "  # FINDING: BloatedDocument [warning]: field body is 20,011 B, 99.7% of the typical 20,066 B"
                    + " document, and section-list (100/s × 20 documents) fetch it without using it: 2,000 documents a second"
                    + " against 10 by reads that use it, 40 MB/s read for nothing",
                "20000B", "select article_id, section from Article where section = ?"))
        .expectMarkedFindings();
  }

  @Test
  void aDocumentOverTwoMebibytes_isLargeEvenWhenEveryReadUsesIt() {
    // 3,000,000 + 66 B = 3,000,066 B > 2,097,152 B; both reads return whole documents.
    tester
        .model(
            articles(
                "  # FINDING: BloatedDocument [warning]: a typical document of articles is 3,000,066 B, over"
                    + " the 2 MiB (2,097,152 B) Atlas flags",
                "3MB",
                "Article where section = ?"))
        .expectMarkedFindings();
  }

  @Test
  void readsThatUseTheBody_orASmallBody_areFine() {
    tester.model(articles("", "20000B", "Article where section = ?")).expectMarkedFindings();
    // A listing that selects the body uses it: every document fetched needs the large field.
    tester
        .model(articles("", "200B", "select body from Article where section = ?"))
        .expectMarkedFindings();
  }
}
