package dev.keyplan.cassandra.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * UnusedSecondaryIndex flags, per table, the secondary indexes that no pattern's plan reads through
 * (the plan's {@code indexes()}, from the analysis), with the index entries the model's writes
 * change in them per second: for each unused index, the rates of the writes into the table that set
 * its column.
 */
final class UnusedSecondaryIndexTest {
  private final RuleTester tester = RuleTester.of(UnusedSecondaryIndex.class);

  // Videos: one read by tag (through videos_tag_idx, legacy 2i), one by owner (SAI), and five
  // more indexes nothing reads, the "a table with 8 indexes, 5 unused" shape minus one
  // read: 7 indexes, 5 unused. Uploads insert 50 videos/s and an edit sets the title 10/s.
  private static final String MODEL =
      """
      model: videos
      horizon: 1y
      entities:
        Video:
          attributes:
            video_id: uuid
            owner: uuid
            tag: {type: text, size: 10B}
            title: {type: text, size: 40B}
            language: {type: text, size: 2B}
            category: {type: text, size: 10B}
            license: {type: text, size: 8B}
            rating: int
          key: [video_id]
          count: 1M
          spread:
            tag: {distinct: 10k}
            owner: {distinct: 100k}
      patterns:
        - id: upload
          rate: 50/s
          insert: Video
        - id: retitle
          rate: 10/s
          update: Video set title where video_id = ?
        - id: by-tag
          rate: 100/s
          query: Video where tag = ?
        - id: by-owner
          rate: 100/s
          query: Video where owner = ?
      cassandra:
        schema: unused.cql
      """;

  @Test
  void fiveOfSevenIndexesUnused_isOneWarningAtTheFirst_withTheEntriesWritten() {
    // Unused: title, language, category, license, rating (5 of 7). Entries written per second:
    //   title:    upload 50 + retitle 10 (it sets title) = 60
    //   language, category, license, rating: upload 50 each (retitle does not set them) = 200
    //   total 260/s.
    tester
        .model(MODEL)
        .cql(
            """
        CREATE KEYSPACE media WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE media.videos (video_id uuid PRIMARY KEY, owner uuid, tag text, title text,
          language text, category text, license text, rating int);
        CREATE INDEX videos_tag_idx ON media.videos (tag);
        CREATE INDEX videos_owner_idx ON media.videos (owner) USING 'sai';
        CREATE INDEX videos_title_idx ON media.videos (title) USING 'sai'; -- FINDING: UnusedSecondaryIndex [warning]: has 7 secondary indexes, 5 used by no pattern
        CREATE INDEX videos_language_idx ON media.videos (language);
        CREATE INDEX videos_category_idx ON media.videos (category);
        CREATE INDEX ON media.videos (license);
        CREATE CUSTOM INDEX videos_rating_idx ON media.videos (rating) USING 'org.apache.cassandra.index.sasi.SASIIndex';
        """)
        .expectMarkedFindings();
    assertThat(tester.findings().get(0).message())
        .contains("change 260/s of their entries")
        // An index created without a name gets Cassandra's, table_column_idx.
        .contains("videos_license_idx on license");
  }

  @Test
  void everyIndexRead_isNotFlagged() {
    // Both indexes serve a read (by-tag, by-owner): nothing to report.
    tester
        .model(MODEL)
        .cql(
            """
        CREATE KEYSPACE media WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE media.videos (video_id uuid PRIMARY KEY, owner uuid, tag text, title text,
          language text, category text, license text, rating int);
        CREATE INDEX videos_tag_idx ON media.videos (tag);
        CREATE INDEX videos_owner_idx ON media.videos (owner) USING 'sai';
        """)
        .expectMarkedFindings();
  }

  @Test
  void anIndexThatSparesAFilterInsideAPartition_isUsed() {
    // comments_by_video is keyed by video_id; "where video_id = ? and author = ?" restricts a
    // non-key column, which the index on author serves inside the partition (without it the read
    // needs ALLOW FILTERING). The index on flagged serves nothing: one table, 2 indexes, 1 unused;
    // 20 comments/s inserted write 20 entries/s in it.
    tester
        .model(
            """
        model: comments
        horizon: 1y
        entities:
          Comment:
            attributes:
              video_id: uuid
              comment_id: timeuuid
              author: uuid
              flagged: boolean
            key: [video_id, comment_id]
            count: 1M
            spread:
              video_id: {distinct: 10k}
        patterns:
          - id: comment
            rate: 20/s
            insert: Comment
          - id: by-author-on-video
            rate: 5/s
            query: Comment where video_id = ? and author = ?
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE media WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE media.comments_by_video (video_id uuid, comment_id timeuuid, author uuid,
          flagged boolean, PRIMARY KEY ((video_id), comment_id));
        CREATE INDEX ON media.comments_by_video (author);
        CREATE INDEX ON media.comments_by_video (flagged); -- FINDING: UnusedSecondaryIndex [warning]: 2 secondary indexes, 1 used by no pattern (comments_by_video_flagged_idx on flagged): the model's writes change 20/s
        """)
        .expectMarkedFindings();
  }
}
