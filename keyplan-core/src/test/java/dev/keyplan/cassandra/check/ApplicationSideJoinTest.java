package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class ApplicationSideJoinTest {
  private final RuleTester tester = RuleTester.of(ApplicationSideJoin.class);

  // Seed 002's books_by_genre, which copies author_name but not the author's bio. Book rows
  // after the 1y horizon: 20,000,000 + 5,000/day × 365 days = 21,825,000; the busiest genre
  // holds 12% of them, 2,619,000 rows, so a "limit 20" read of it returns 20 rows.
  private static final String CQL =
      """
      CREATE KEYSPACE library WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE library.authors (author_id uuid PRIMARY KEY, name text, bio_short text);
      CREATE TABLE library.books_by_genre (genre text, published_at timestamp, book_id uuid,
        title text, author_id uuid, author_name text,
        PRIMARY KEY ((genre), published_at, book_id))
        WITH CLUSTERING ORDER BY (published_at DESC, book_id ASC);
      """;

  private static String model(String patterns) {
    return """
        model: books
        horizon: 1y
        entities:
          Author:
            attributes:
              author_id: uuid
              name: {type: text, size: 20B}
              bio_short: {type: text, size: 200B}
            key: [author_id]
            count: 1M
          Book:
            attributes:
              book_id: uuid
              author_id: uuid
              published_at: {type: timestamp, time_ordered: true}
              title: {type: text, size: 60B}
              genre: {type: text, size: 12B}
              author_name: {type: text, size: 20B, copy_of: Author.name}
              author_bio_short: {type: text, size: 200B, copy_of: Author.bio_short}
              isbn: {type: text, size: 13B}
            key: [book_id]
            count: 20M
            growth: 5k/day
            spread:
              genre: {distinct: 30, busiest: 12%}
        patterns:
        """
        + patterns
        + """
        cassandra:
          schema: unused.cql
        """;
  }

  @Test
  void bioMissingFromGenreTable_isJoinedFromAuthors_andFlagged() {
    // books_by_genre lacks author_bio_short; it is a copy of Author.bio_short, and authors is
    // keyed by author_id, a column of books_by_genre, so each of the 20 rows is looked up there:
    // 1 genre partition + 20 author partitions = 21 partitions per request.
    tester
        .model(
            model(
                """
          - id: books-in-genre # FINDING: ApplicationSideJoin [warning]: 21 partitions per request
            rate: 300/s
            query: select title, author_bio_short from Book where genre = ? limit 20
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void attributesCopiedIntoTheTable_needNoJoin() {
    // Near miss: author_name is copied into books_by_genre (copy_of: Author.name), so the same
    // read is served by the genre partition alone.
    tester
        .model(
            model(
                """
          - id: books-in-genre
            rate: 300/s
            query: select title, author_name from Book where genre = ? limit 20
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void attributeNoTableCanSupply_isNotServed_notAJoin() {
    // isbn is stored in no table, so no second lookup can fetch it: the read is not served
    // (PatternNotServed reports it), and there is no join to flag.
    tester
        .model(
            model(
                """
          - id: books-in-genre
            rate: 300/s
            query: select title, isbn from Book where genre = ? limit 20
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }
}
