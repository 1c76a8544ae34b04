package dev.keyplan.check.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PatternNotServed flags a pattern that no table can serve at all (seed 002: "If a pattern has no
 * corresponding key or index, it cannot be served efficiently — fix the schema before writing
 * code"). A read that CQL runs only with ALLOW FILTERING is served, badly: AllowFilteringRequired
 * reports it. On DynamoDB any read is served by a Query or, failing a key, a Scan (ScanOnHotPath),
 * so only storage can be missing: an item type for the entity, or the attributes the pattern uses.
 */
final class PatternNotServedTest {
  private final RuleTester tester = RuleTester.of(PatternNotServed.class);

  @Test
  void patternsWithoutATable_areErrors_servedOnesAreNot() {
    // books_by_author stores Book by author, newest first. It has no isbn or blurb column, and
    // no table stores Author.
    //   author-profile, add-author: no table stores Author                      ⇒ error
    //   books-of-author-by-title: order by title, but rows are in published_at order ⇒ error
    //   books-with-blurb: the table lacks blurb and no other table holds it     ⇒ error
    //   set-isbn: no table has an isbn column to update                         ⇒ error
    //   oldest-books-of-author: published_at asc is the exact reverse of desc  ⇒ served
    //   book-by-title: a full scan with ALLOW FILTERING is still served        ⇒ not this rule
    //   publish-book: books_by_author stores Book                               ⇒ served
    tester
        .model(
            """
        model: books
        horizon: 1y
        entities:
          Author:
            attributes:
              author_id: uuid
              name: {type: text, size: 20B}
            key: [author_id]
            count: 1M
          Book:
            attributes:
              book_id: uuid
              author_id: uuid
              published_at: {type: timestamp, time_ordered: true}
              title: {type: text, size: 60B}
              isbn: {type: text, size: 13B}
              blurb: {type: text, size: 500B}
            key: [book_id]
            count: 20M
            spread:
              author_id: {distinct: 1M, busiest: 0.01%}
        patterns:
          - id: author-profile # FINDING: PatternNotServed [error]: no table stores Author
            rate: 400/s
            query: Author where author_id = ?
          - id: add-author # FINDING: PatternNotServed [error]: no table stores Author
            rate: 1/s
            insert: Author
          - id: books-of-author-by-title # FINDING: PatternNotServed [error]: does not follow the clustering order
            rate: 50/s
            query: Book where author_id = ? order by title
          - id: books-with-blurb # FINDING: PatternNotServed [error]: lacks blurb
            rate: 50/s
            query: select title, blurb from Book where author_id = ?
          - id: set-isbn # FINDING: PatternNotServed [error]: no table stores Book with isbn
            rate: 1/s
            update: Book set isbn where book_id = ?
          - id: oldest-books-of-author
            rate: 50/s
            query: Book where author_id = ? order by published_at asc limit 20
          - id: book-by-title
            rate: 5/s
            query: Book where title = ?
          - id: publish-book
            rate: 1/s
            insert: Book
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE library WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE library.books_by_author (author_id uuid, published_at timestamp, book_id uuid,
          title text, PRIMARY KEY ((author_id), published_at, book_id))
          WITH CLUSTERING ORDER BY (published_at DESC, book_id ASC);
        """)
        .expectMarkedFindings();
  }

  @Test
  void missingAttribute_heldByALookupTable_isAJoin_notUnserved() {
    // books_by_author lacks blurb, but books (keyed by book_id, a column books_by_author has)
    // holds it: the read is served as an application-side join, which ApplicationSideJoin
    // reports, not this rule.
    tester
        .model(
            """
        model: books
        horizon: 1y
        entities:
          Book:
            attributes:
              book_id: uuid
              author_id: uuid
              published_at: {type: timestamp, time_ordered: true}
              title: {type: text, size: 60B}
              blurb: {type: text, size: 500B}
            key: [book_id]
            count: 20M
            spread:
              author_id: {distinct: 1M, busiest: 0.01%}
        patterns:
          - id: books-with-blurb
            rate: 50/s
            query: select title, blurb from Book where author_id = ?
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE library WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE library.books_by_author (author_id uuid, published_at timestamp, book_id uuid,
          title text, PRIMARY KEY ((author_id), published_at, book_id));
        CREATE TABLE library.books (book_id uuid PRIMARY KEY, author_id uuid,
          published_at timestamp, title text, blurb text);
        """)
        .expectMarkedFindings();
  }

  @Test
  void dynamoDb_patternsWithoutAnItemType_orItsAttributes_areErrors() {
    // The Books table stores Book items under A#{author_id} with title and published_at only (no
    // isbn, no blurb), and no table stores Author.
    //   author-profile, add-author: no item type of Author                   ⇒ error
    //   books-with-blurb: selects blurb, which the Book item does not hold     ⇒ error
    //   set-isbn: no item holds isbn to update                                ⇒ error
    //   books-of-author: a Query of the author's partition                    ⇒ served
    //   book-by-title: no key gives title, but a Scan serves it (ScanOnHotPath) ⇒ not this rule
    //   publish-book: the Book item type stores it                            ⇒ served
    List<Finding> found =
        tester
            .model(
                """
        model: books
        horizon: 1y
        entities:
          Author:
            attributes:
              author_id: uuid
              name: {type: text, size: 20B}
            key: [author_id]
            count: 1M
          Book:
            attributes:
              book_id: uuid
              author_id: uuid
              published_at: {type: timestamp, time_ordered: true}
              title: {type: text, size: 60B}
              isbn: {type: text, size: 13B}
              blurb: {type: text, size: 500B}
            key: [book_id]
            count: 20M
            spread:
              author_id: {distinct: 1M, busiest: 0.01%}
        patterns:
          - id: author-profile # FINDING: PatternNotServed [error]: not served on DynamoDB: no DynamoDB table stores Author
            rate: 400/s
            query: Author where author_id = ?
          - id: add-author # FINDING: PatternNotServed [error]: no DynamoDB item holds Author
            rate: 1/s
            insert: Author
          - id: books-with-blurb # FINDING: PatternNotServed [error]: no item type of Book holds every attribute this read needs
            rate: 50/s
            query: select title, blurb from Book where author_id = ?
          - id: set-isbn # FINDING: PatternNotServed [error]: no DynamoDB item holds isbn
            rate: 1/s
            update: Book set isbn where book_id = ?
          - id: books-of-author
            rate: 50/s
            query: Book where author_id = ? order by published_at desc limit 20
          - id: book-by-title
            rate: 5/s
            query: Book where title = ?
          - id: publish-book
            rate: 1/s
            insert: Book
        dynamodb:
          tables:
            Books:
              partition_key: PK
              sort_key: SK
              items:
                Book:
                  keys: {PK: "A#{author_id}", SK: "B#{published_at}#{book_id}"}
                  attributes: [title]
        """)
            .expectMarkedFindings();
    assertThat(found)
        .extracting(Finding::fix)
        .containsExactlyInAnyOrder(
            "add an item type for Author under a table's items:, keyed by what its reads give, such as"
                + " Author: {keys: {PK: \"AUTHOR#{author_id}\"}}",
            "add an item type for Author under a table's items:, keyed by what its reads give, such as"
                + " Author: {keys: {PK: \"AUTHOR#{author_id}\"}}",
            "add blurb to the attributes of item type Book in table Books",
            "add isbn to the attributes of item type Book in table Books");
  }

  @Test
  void dynamoDb_readPinnedToAnIndexWithoutTheItem_isError() {
    // GSI1 is keyed by GSI1PK, which the Book item type does not fill (a sparse index it is not
    // in): pinned to GSI1, books-of-author has no item to read ⇒ error at the pattern.
    List<Finding> found =
        tester
            .model(
                """
        model: books
        horizon: 1y
        entities:
          Book:
            attributes:
              book_id: uuid
              author_id: uuid
              title: {type: text, size: 60B}
            key: [book_id]
            count: 20M
            spread:
              author_id: {distinct: 1M}
        patterns:
          - id: books-of-author # FINDING: PatternNotServed [error]: pinned to GSI1, which holds no Book item
            rate: 50/s
            query: Book where author_id = ?
        dynamodb:
          access:
            books-of-author: {via: GSI1}
          tables:
            Books:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK}
              items:
                Book:
                  keys: {PK: "A#{author_id}", SK: "B#{book_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix()).startsWith("pinned to GSI1, which does not hold item type Book");
  }

  @Test
  void mongoDb_anEntityNoCollectionStores_isAnError_anEmbeddedOneIsServed() {
    // Review is neither a collection's entity nor embedded anywhere ⇒ not served. Line is embedded
    // in orders.lines ⇒ served through its order, so nothing.
    List<Finding> found =
        tester
            .model(
                """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
            key: [order_id]
            count: 1M
          Line:
            attributes:
              order_id: uuid
              sku: {type: text, size: 10B}
            count: 3M
          Review:
            attributes:
              review_id: uuid
              product_id: uuid
            key: [review_id]
            count: 1M
        patterns:
          - {id: lines, rate: 100/s, query: Line where order_id = ?}
          - id: reviews # FINDING: PatternNotServed [error]: is not served on MongoDB: no MongoDB collection stores Review
            rate: 50/s
            query: Review where product_id = ?
        mongodb:
          collections:
            orders:
              entity: Order
              embed:
                lines: {entity: Line, by: order_id, max: 100}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("add a collection for Review")
        .contains("holding product_id");
  }
}
