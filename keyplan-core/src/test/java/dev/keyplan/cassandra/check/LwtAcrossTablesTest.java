package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * LwtAcrossTables flags a conditional write (IF NOT EXISTS, IF col = ?) whose entity is stored in
 * several tables: Paxos decides the condition on one partition of one table, so the other copies
 * are not protected (CQL docs, "Lightweight transactions"). Sent as one batch Cassandra refuses it
 * ("Batch with conditions cannot span multiple tables", BatchStatement.java): an error.
 */
final class LwtAcrossTablesTest {
  private final RuleTester tester = RuleTester.of(LwtAcrossTables.class);

  // Users are stored twice: by id and by email. The sign-up claims the email with IF NOT EXISTS.
  private static String model(String batch, String marker) {
    return """
        model: accounts
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              email: {type: text, size: 30B}
              name: {type: text, size: 20B}
            key: [user_id]
            count: 1M
        patterns:
          - id: sign-up%s
            rate: 10/s
            insert: User if not exists
        %s
          - id: rename
            rate: 5/s
            update: User set name where user_id = ?
        cassandra:
          schema: unused.cql
        """
        .formatted(marker, batch);
  }

  private static final String TWO_TABLES =
      """
      CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE app.users_by_id (user_id uuid PRIMARY KEY, email text, name text);
      CREATE TABLE app.users_by_email (email text PRIMARY KEY, user_id uuid, name text);
      """;

  @Test
  void conditionalInsertIntoTwoTables_asSeparateStatements_isAWarning() {
    // 2 tables written, the condition covers one: 2 − 1 = 1 copy written without it. The plain
    // update (rename) writes both tables too, but has no condition: not flagged.
    tester
        .model(
            model(
                "",
                " # FINDING: LwtAcrossTables [warning]: writes 2 tables (users_by_id,"
                    + " users_by_email) with a lightweight transaction (if not exists)"))
        .cql(TWO_TABLES)
        .expectMarkedFindings();
  }

  @Test
  void conditionalInsertIntoTwoTables_inOneBatch_isAnError() {
    // Cassandra refuses a batch with conditions over more than one table: every request fails.
    tester
        .model(
            model("    batch: logged", " # FINDING: LwtAcrossTables [error]: Cassandra refuses it"))
        .cql(TWO_TABLES)
        .expectMarkedFindings();
  }

  @Test
  void conditionalInsertIntoOneTable_isNotFlagged() {
    // One table: the condition covers the only copy.
    tester
        .model(model("", ""))
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.users_by_id (user_id uuid PRIMARY KEY, email text, name text);
        """)
        .expectMarkedFindings();
  }

  @Test
  void aMaterializedView_isNotASecondCopyTheApplicationWrites() {
    // The server maintains the view from the base table, so the write updates one table.
    tester
        .model(model("", ""))
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.users_by_id (user_id uuid PRIMARY KEY, email text, name text);
        CREATE MATERIALIZED VIEW app.users_by_email AS SELECT * FROM app.users_by_id
          WHERE email IS NOT NULL AND user_id IS NOT NULL PRIMARY KEY (email, user_id);
        """)
        .expectMarkedFindings();
  }
}
