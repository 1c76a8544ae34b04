package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import dev.keyplan.workload.CompositeKey;
import org.junit.jupiter.api.Test;

/**
 * How Cassandra's sizing and planner read the workload statements (docs/model.md): {@code
 * belongs_to} and {@code per:} for a composite partition key's partitions and busiest share, the
 * rows a partition can hold when rows overwrite each other, and an equality on a clustering column;
 * {@code present:} for a row's bytes, an index's matches and a table keyed by a sparse attribute.
 * Every figure is derived in the test's comment from the model it gives.
 */
final class CassandraSpreadStatementsTest {

  // ------------------------------------------------------------------ belongs_to

  private static final String MESSAGES_CQL =
      """
      CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE chat.messages_by_user (country text, user_id bigint, message_id bigint, body text,
        PRIMARY KEY ((country, user_id), message_id));
      """;

  private static RuleTester messages(String userSpread) {
    return RuleTester.withoutRule()
        .model(
            """
            model: chat
            horizon: 1y
            entities:
              Message:
                attributes:
                  country: {type: text, size: 2B}
                  user_id: bigint
                  message_id: bigint
                  body: {type: text, size: 100B}
                key: [message_id]
                count: 1B
                spread:
                  country: {distinct: 200, busiest: 45%%}
                  user_id: %s
            patterns:
              - id: q
                rate: 100/s
                query: Message where country = ? and user_id = ?
            cassandra:
              schema: unused.cql
            """
                .formatted(userSpread))
        .cql(MESSAGES_CQL);
  }

  @Test
  void aCompositeKeyWithoutAStatement_isCountedAsIndependent_andSaysSo() {
    // 200 countries × 10M users = 2 × 10⁹ key values, more than the 1B rows: 1B partitions. The
    // busiest: 45% × 0.001% = 4.5 × 10⁻⁶ of 1B rows = 4,500 rows.
    CassandraSizing s =
        messages("{distinct: 10M, busiest: 0.001%}").analysis().sizing().get("messages_by_user");
    assertThat(s.partitions()).isEqualTo(1e9);
    assertThat(s.busiest().rows()).isCloseTo(4_500, within(1e-6));
    assertThat(s.partitionKey().assumption()).isEqualTo(CompositeKey.Assumption.INDEPENDENT);
    assertThat(s.partitionKey().text()).startsWith("assumes country and user_id independent");
  }

  @Test
  void aUserWithOneCountry_makesTheBusiestPartitionTheBusiestUsers() {
    // user_id belongs_to country: 10M partitions (one per user), the busiest the busiest user's
    // 0.001% of 1B = 10,000 rows, 2.2 times the independent figure.
    var a = messages("{distinct: 10M, busiest: 0.001%, belongs_to: country}").analysis();
    CassandraSizing s = a.sizing().get("messages_by_user");
    assertThat(s.partitions()).isEqualTo(1e7);
    assertThat(s.busiest().rows()).isCloseTo(10_000, within(1e-6));
    assertThat(s.partitionKey().assumption()).isEqualTo(CompositeKey.Assumption.STATED);
    assertThat(s.partitionKey().text()).isEqualTo("user_id belongs_to country");
    // Heat follows the same arithmetic: 100 reads/s × 0.001% = 0.001 reads/s on the busiest.
    assertThat(a.heat().get("messages_by_user").readsPerSecond()).isCloseTo(1e-3, within(1e-12));
  }

  // ------------------------------------------------------------------ per

  private static final String TRACKS_CQL =
      """
      CREATE KEYSPACE music WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE music.albums_by_artist (artist_id bigint, album_id bigint, title text,
        PRIMARY KEY ((artist_id), album_id));
      """;

  private static final String TRACKS_BY_ARTIST_CQL =
      """
      CREATE KEYSPACE music WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE music.tracks_by_artist (artist_id bigint, album_id bigint, track_id bigint,
        title text, PRIMARY KEY ((artist_id), album_id, track_id));
      """;

  private static RuleTester tracks(String albumSpread) {
    return tracks(albumSpread, TRACKS_CQL);
  }

  private static RuleTester tracks(String albumSpread, String cql) {
    return RuleTester.withoutRule()
        .model(
            """
            model: music
            horizon: 1y
            entities:
              Track:
                attributes:
                  artist_id: bigint
                  album_id: bigint
                  track_id: bigint
                  title: {type: text, size: 30B}
                key: [track_id]
                count: 100M
                spread:
                  artist_id: {distinct: 1M}
                  album_id: %s
            patterns:
              - id: album
                rate: 10/s
                query: Track where artist_id = ? and album_id = ?
            cassandra:
              schema: unused.cql
            """
                .formatted(albumSpread))
        .cql(cql);
  }

  @Test
  void rowsThatOverwrite_areCappedByTheClusteringValuesPerPartition() {
    // albums_by_artist keeps one row per (artist, album): without per:, a partition could hold
    // every one of the 10M albums (cap 10M), so the table keeps 100M rows, 100 per artist. With
    // 10 albums per artist, a partition holds at most 10 rows: 1M × 10 = 10M rows, 10 each.
    CassandraSizing global = tracks("{distinct: 10M}").analysis().sizing().get("albums_by_artist");
    assertThat(global.rowsPerPartitionCap()).isEqualTo(1e7);
    assertThat(global.typical().rows()).isEqualTo(100);
    CassandraSizing per =
        tracks("{distinct: 10M, per: {artist_id: 10}}").analysis().sizing().get("albums_by_artist");
    assertThat(per.rowsPerPartitionCap()).isEqualTo(10);
    assertThat(per.rows()).isEqualTo(1e7);
    assertThat(per.typical().rows()).isEqualTo(10);
    assertThat(per.busiest().rows()).isEqualTo(10);
  }

  @Test
  void anEqualityOnAClusteringColumn_readsTheRowsUnderOneValue() {
    // tracks_by_artist: 100M tracks over 1M artists, 100 rows a partition. One album of an
    // artist's 10 reads 1 / 10 of them: 10 rows (without per:, all 100).
    var plan =
        tracks("{distinct: 10M, per: {artist_id: 10}}", TRACKS_BY_ARTIST_CQL)
            .analysis()
            .plan("album")
            .orElseThrow();
    assertThat(plan.rows().typical()).isEqualTo(10);
    assertThat(String.join("\n", plan.notes()))
        .contains(
            "the equality on album_id reads 10% of a partition's rows (1 of 10 album_id per"
                + " artist_id)");
  }

  @Test
  void anEqualityWithoutPer_isTheWholePartition_andThePlanSaysSo() {
    var plan =
        tracks("{distinct: 10M}", TRACKS_BY_ARTIST_CQL).analysis().plan("album").orElseThrow();
    assertThat(plan.rows().typical()).isEqualTo(100);
    assertThat(String.join("\n", plan.notes()))
        .contains(
            "the equality on album_id is counted as the whole partition, an upper bound: give"
                + " album_id's values per partition with spread: {album_id: {per: {artist_id:"
                + " N}}}");
  }

  // ------------------------------------------------------------------ present

  private static final String USERS_CQL =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.users (user_id bigint PRIMARY KEY, name text, referrer text);
      CREATE INDEX users_referrer ON app.users (referrer) USING 'sai';
      """;

  private static final String USERS_BY_REFERRER_CQL =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.users_by_referrer (referrer text, user_id bigint, name text,
        PRIMARY KEY ((referrer), user_id));
      """;

  private static CassandraAnalysis users(String present) {
    return users(present, USERS_CQL);
  }

  private static CassandraAnalysis users(String present, String cql) {
    return RuleTester.withoutRule()
        .model(
            """
            model: app
            horizon: 1y
            entities:
              User:
                attributes:
                  user_id: bigint
                  name: {type: text, size: 20B}
                  referrer: {type: text, size: 12B%s}
                key: [user_id]
                count: 10M
                spread:
                  referrer: {distinct: 1k, busiest: 5%%}
            patterns:
              - id: referred
                rate: 1/s
                query: User where referrer = ?
            cassandra:
              schema: unused.cql
            """
                .formatted(present))
        .cql(cql)
        .analysis();
  }

  @Test
  void aSparseColumn_countsItsShareOfValuesAndBytes() {
    // The docs' formula per row of users: name 20 B + referrer 12 B, 2 values × 8 B = 48 B.
    // With referrer in 30% of rows: 20 + 0.3 × 12 = 23.6 B and 1.3 values × 8 = 10.4 B: 34 B.
    BoundTable all = users("").table("users").orElseThrow();
    BoundTable sparse = users(", present: 30%").table("users").orElseThrow();
    assertThat(Sizer.rowBytes(all)).isCloseTo(48, within(1e-9));
    assertThat(Sizer.rowBytes(sparse)).isCloseTo(34, within(1e-9));
    assertThat(Sizer.partition(sparse, 1).values()).isCloseTo(1.3, within(1e-9));
  }

  @Test
  void anIndexOnASparseColumn_holdsThePresentRowsOnly() {
    // 10M users, 20% with a referrer, 1k referrers among them, the busiest with 5%. A referrer
    // matches 0.2 × 10M / 1k = 2,000 users typically, 0.2 × 5% × 10M = 100,000 at the busiest;
    // without present: 10,000 and 500,000.
    var plan = users(", present: 20%").plan("referred").orElseThrow();
    assertThat(plan.rows().typical()).isCloseTo(2_000, within(1e-6));
    assertThat(plan.rows().busiest()).isCloseTo(100_000, within(1e-6));
    var dense = users("").plan("referred").orElseThrow();
    assertThat(dense.rows().typical()).isCloseTo(10_000, within(1e-6));
  }

  @Test
  void aTableKeyedByASparseAttribute_holdsTheRowsThatHaveIt() {
    // CQL needs a value in every key column, so users_by_referrer holds the 20% of 10M users with
    // a referrer: 2M rows over 1k partitions, 2,000 rows each; the busiest referrer 5% of 2M =
    // 100,000.
    CassandraSizing s =
        users(", present: 20%", USERS_BY_REFERRER_CQL).sizing().get("users_by_referrer");
    assertThat(s.rows()).isCloseTo(2e6, within(1e-6));
    assertThat(s.partitions()).isEqualTo(1_000);
    assertThat(s.typical().rows()).isCloseTo(2_000, within(1e-6));
    assertThat(s.busiest().rows()).isCloseTo(100_000, within(1e-6));
  }

  @Test
  void onDisk_anAbsentCellWritesNothing_butTheRowSaysWhichColumnsItLacks() {
    // Two regular text columns of 12 B, written in one burst: a cell is 1 flags byte (it shares
    // the row's timestamp), a 1-byte length and 12 B = 14 B. With b in 30% of the rows, 70% of
    // them write no b cell (−14 B) but a bitmap of the missing columns, a vint of at most 0b11:
    // +1 B. Per row: 0.7 × 14 − 0.7 × 1 = 9.1 B less.
    var text = dev.keyplan.cassandra.cql.CqlType.of("text");
    var key =
        new SstableFootprint.FootprintColumn(
            "pk",
            SstableFootprint.Place.PARTITION_KEY,
            dev.keyplan.cassandra.cql.CqlType.of("bigint"),
            8,
            1,
            java.util.List.of());
    var a =
        new SstableFootprint.FootprintColumn(
            "a", SstableFootprint.Place.REGULAR, text, 12, 1, java.util.List.of());
    var b =
        new SstableFootprint.FootprintColumn(
            "b", SstableFootprint.Place.REGULAR, text, 12, 1, java.util.List.of(), 1);
    var sparseB =
        new SstableFootprint.FootprintColumn(
            "b", SstableFootprint.Place.REGULAR, text, 12, 1, java.util.List.of(), 0.3);
    var burst = SstableFootprint.Writes.over(0, 0);
    double full = SstableFootprint.rowBytes(java.util.List.of(key, a, b), burst, 30);
    double sparse = SstableFootprint.rowBytes(java.util.List.of(key, a, sparseB), burst, 30);
    assertThat(full - sparse).isCloseTo(9.1, within(1e-9));
  }

  @Test
  void onDisk_theSizerPassesEachColumnsPresence() {
    // users.referrer (30%) is the one sparse column the footprint is told about; name and the key
    // are in every row.
    BoundTable sparse = users(", present: 30%").table("users").orElseThrow();
    var columns = SstableFootprint.columns(sparse, name -> java.util.Optional.empty());
    assertThat(columns)
        .extracting(
            SstableFootprint.FootprintColumn::name, SstableFootprint.FootprintColumn::present)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("user_id", 1.0),
            org.assertj.core.groups.Tuple.tuple("name", 1.0),
            org.assertj.core.groups.Tuple.tuple("referrer", 0.3));
  }
}
