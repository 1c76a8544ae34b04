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
    // 1M users / 1,000 tags = 1,000 rows through users_tags (values(tags), the default).
    var p = plan("User where tags contains ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("users");
    assertThat(p.rows().typical()).isEqualTo(1_000);
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
}
