package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * AllowFilteringRequired flags a read that CQL runs only with ALLOW FILTERING (seed 002: "If you
 * see ALLOW FILTERING in production queries, the schema is wrong for that access pattern"). CQL's
 * rules (CQL reference, SELECT): the partition key must be restricted by = or IN; clustering
 * restrictions must be a prefix of the clustering columns with at most one range, last; any other
 * restriction needs an index or ALLOW FILTERING.
 *
 * <p>Sizes: 20M books, 1M authors, the busiest author holding 0.01%: the table has min(20M rows, 1M
 * key values) = 1,000,000 partitions, and the busiest partition 0.01% × 20,000,000 = 2,000 rows.
 */
final class AllowFilteringRequiredTest {
  private final RuleTester tester = RuleTester.of(AllowFilteringRequired.class);

  private static final String BOOKS_CQL =
      """
      CREATE KEYSPACE library WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE library.books_by_author (author_id uuid, published_at timestamp, book_id uuid,
        title text, genre text, isbn text,
        PRIMARY KEY ((author_id), published_at, book_id))
        WITH CLUSTERING ORDER BY (published_at DESC, book_id ASC);
      CREATE INDEX books_by_author_isbn_idx ON library.books_by_author (isbn);
      """;

  @Test
  void readsThatFilter_acrossPartitionsAreErrors_insideOneAreWarnings() {
    // book-by-title: author_id is not restricted, so every partition is scanned:
    //   1,000,000 partitions and 20,000,000 rows per request               ⇒ error
    // genre-of-author: genre is a regular column without an index; the LIMIT does not bound the
    //   scan, which reads through the busiest author's 2,000 rows to find 20 matches ⇒ warning
    // book-of-author: book_id is restricted without published_at before it ⇒ warning
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
              genre: {type: text, size: 12B}
              isbn: {type: text, size: 13B}
            key: [book_id]
            count: 20M
            spread:
              author_id: {distinct: 1M, busiest: 0.01%}
        patterns:
          - id: book-by-title # FINDING: AllowFilteringRequired [error]: 1,000,000 partitions and 20,000,000 rows
            rate: 50/s
            query: Book where title = ?
          - id: genre-of-author # FINDING: AllowFilteringRequired [warning]: up to 2,000 rows
            rate: 100/s
            query: Book where author_id = ? and genre = ? limit 20
          - id: book-of-author # FINDING: AllowFilteringRequired [warning]: restricts clustering column book_id
            rate: 100/s
            query: Book where author_id = ? and book_id = ?
        cassandra:
          schema: unused.cql
        """)
        .cql(BOOKS_CQL)
        .expectMarkedFindings();
  }

  @Test
  void readsCqlRunsAsWritten_areNotFlagged() {
    // recent-of-author: partition key by =, then a range on the first clustering column.
    // book-of-author-at: both clustering columns in order, the last one by IN.
    // book-by-isbn: the index on isbn serves it (SecondaryIndexOnHighCardinality judges that).
    // oldest-of-author: order by published_at asc is the exact reverse of the table's order.
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
              genre: {type: text, size: 12B}
              isbn: {type: text, size: 13B}
            key: [book_id]
            count: 20M
            spread:
              author_id: {distinct: 1M, busiest: 0.01%}
        patterns:
          - id: recent-of-author
            rate: 800/s
            query: Book where author_id = ? and published_at > ? limit 20
          - id: book-of-author-at
            rate: 100/s
            query: Book where author_id = ? and published_at = ? and book_id in (?, ?)
          - id: book-by-isbn
            rate: 50/s
            query: Book where isbn = ?
          - id: oldest-of-author
            rate: 10/s
            query: Book where author_id = ? order by published_at asc limit 20
        cassandra:
          schema: unused.cql
        """)
        .cql(BOOKS_CQL)
        .expectMarkedFindings();
  }
}
