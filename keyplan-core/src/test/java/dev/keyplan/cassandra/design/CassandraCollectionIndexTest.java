package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A collection index serves the restriction of its target and no other (CQL reference, "Secondary
 * indexes", indexing collections): values → CONTAINS, keys → CONTAINS KEY, entries → m[k] = v, full
 * (frozen) → =. Each table below has one kind, so a read through the wrong one falls to ALLOW
 * FILTERING.
 */
final class CassandraCollectionIndexTest {
  private static final String CQL =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.users (user_id uuid PRIMARY KEY, tags set<text>, prefs map<text, text>,
        badges frozen<list<text>>);
      CREATE INDEX users_tags ON app.users (tags);
      CREATE INDEX users_pref_keys ON app.users (keys(prefs));
      CREATE INDEX users_badges ON app.users (full(badges));
      CREATE TABLE app.users_by_pref (user_id uuid PRIMARY KEY, tags set<text>, prefs map<text, text>,
        badges frozen<list<text>>);
      CREATE INDEX pref_entries ON app.users_by_pref (entries(prefs)) USING 'sai';
      """;

  private static CassandraPlan plan(String query) {
    String model =
        """
        model: app
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              tags: {type: set<text>, size: 10B, items: 3}
              prefs: {type: "map<text, text>", size: 12B, items: 4}
              badges: {type: frozen<list<text>>, size: 10B, items: 2}
            key: [user_id]
            count: 1M
            spread:
              tags: {distinct: 1k}
              prefs: {distinct: 100}
              badges: {distinct: 10k}
        patterns:
          - id: q
            rate: 10/s
            query: %s
        cassandra:
          schema: unused.cql
          tables: {users: User, users_by_pref: User}
        """
            .formatted(query);
    return RuleTester.withoutRule().model(model).cql(CQL).analysis().plan("q").orElseThrow();
  }

  @Test
  void containsIsServedByAValuesIndex() {
    // users_tags (values(tags), the default) serves it. Each user holds 3 tags of 1,000: a user
    // holds a given tag with probability 1 − (999/1000)³ = 0.002997001, so 1M users give 2,997
    // rows, about 3 × 1M / 1,000 (not 1M / 1,000: every row has 3 chances to match).
    var p = plan("User where tags contains ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("users");
    assertThat(p.rows().typical()).isCloseTo(2_997.001, org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void containsKeyIsServedByAKeysIndex_only() {
    var p = plan("User where prefs contains key ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("users");
  }

  @Test
  void aMapEntryIsServedByAnEntriesIndex_only() {
    // users' keys(prefs) index cannot answer prefs[?] = ?; users_by_pref's entries(prefs) can.
    var p = plan("User where prefs[?] = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("users_by_pref");
  }

  @Test
  void containsOnAMapWithOnlyKeysAndEntriesIndexes_needsAllowFiltering() {
    assertThat(plan("User where prefs contains ?").access())
        .isEqualTo(CassandraAccess.ALLOW_FILTERING);
  }

  @Test
  void equalityOnAFrozenCollectionIsServedByAFullIndex() {
    // 1M users / 10,000 badge lists = 100 rows.
    var p = plan("User where badges = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.rows().typical()).isEqualTo(100);
  }

  @Test
  void anIndexWithoutASpread_isStillPreferredToAScanOfAsManyRows() {
    // A cycling-style schema: the base table has a values() index on teams, and a view of the same
    // rows keyed by nationality. No spread says how many cyclists a team has, so the index read is
    // counted at its upper bound, every row (50,000), which is what an ALLOW FILTERING scan of the
    // view reads for certain: on that tie the index goes first, since it reads only the matches.
    // Before, the index lost by its 2 lookups (50,002 rows) and AllowFilteringRequired was an
    // error.
    String cql =
        """
        CREATE KEYSPACE c WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE c.cyclists (id uuid PRIMARY KEY, nationality text, teams map<int, text>);
        CREATE INDEX cyclists_teams ON c.cyclists (values(teams));
        CREATE MATERIALIZED VIEW c.cyclists_by_nationality AS SELECT * FROM c.cyclists
          WHERE nationality IS NOT NULL AND id IS NOT NULL PRIMARY KEY (nationality, id);
        """;
    String model =
        """
        model: c
        horizon: 1y
        entities:
          Cyclist:
            attributes:
              id: uuid
              nationality: {type: text, size: 8B}
              teams: {type: "map<int, text>", size: 16B, items: 4}
            key: [id]
            count: 50k
            spread:
              nationality: {distinct: 120}
        patterns:
          - id: q
            rate: 5/s
            query: Cyclist where teams contains ?
        cassandra:
          schema: unused.cql
        """;
    var p = RuleTester.withoutRule().model(model).cql(cql).analysis().plan("q").orElseThrow();
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("cyclists");
    assertThat(p.rows().typical()).isEqualTo(50_000);
    assertThat(p.notes())
        .anySatisfy(n -> assertThat(n).contains("teams are not known (no spread)"))
        .anySatisfy(
            n -> assertThat(n).startsWith("cheapest of 2 ways: at most 500,000 replica rows/s"));
  }
}
