package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * SecondaryIndexOnHighCardinality flags an index whose column has so many values that each lookup
 * asks every node for a handful of rows: at most 100 rows per indexed value (seed 003: "Secondary
 * indexes on high-cardinality columns: scatter-gather read across all nodes"). A warning for a
 * legacy index, advice for SAI. Rows per value = the table's rows / the column's distinct values,
 * from the entity's spread.
 */
final class SecondaryIndexOnHighCardinalityTest {
  private final RuleTester tester = RuleTester.of(SecondaryIndexOnHighCardinality.class);

  @Test
  void indexOnAlmostUniqueColumn_isWarning_onSai_isInfo_onCountry_isNot() {
    // 10M users:
    //   email:   10M values → 10,000,000 / 10,000,000 = 1 row per value ≤ 100, legacy
    //            ⇒ warning
    //   phone:    9M values → 10,000,000 / 9,000,000 = 1.11 rows per value ≤ 100, SAI ⇒ info
    //   country: 200 values → 10,000,000 / 200 = 50,000 rows per value > 100 ⇒ no finding
    tester
        .model(
            """
        model: users
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              email: {type: text, size: 30B}
              phone: {type: text, size: 15B}
              country: {type: text, size: 2B}
            key: [user_id]
            count: 10M
            spread:
              email: {distinct: 10M}
              phone: {distinct: 9M}
              country: {distinct: 200}
        patterns:
          - id: user-by-email
            rate: 100/s
            query: User where email = ?
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.users (user_id uuid PRIMARY KEY, email text, phone text, country text);
        CREATE INDEX users_email_idx ON app.users (email); -- FINDING: SecondaryIndexOnHighCardinality [warning]: (1 per value)
        CREATE INDEX users_phone_idx ON app.users (phone) USING 'sai'; -- FINDING: SecondaryIndexOnHighCardinality [info]: (1.11 per value)
        CREATE INDEX users_country_idx ON app.users (country);
        """)
        .expectMarkedFindings();
  }

  @Test
  void hundredRowsPerValue_isFlagged_101IsNot() {
    // 10M users:
    //   city: 100,000 values → 10,000,000 / 100,000 = 100 rows per value ≤ 100 ⇒ warning
    //   zip:   99,000 values → 10,000,000 / 99,000 = 101.01 rows per value > 100 ⇒ no finding
    tester
        .model(
            """
        model: users
        horizon: 1y
        entities:
          User:
            attributes:
              user_id: uuid
              city: {type: text, size: 12B}
              zip: {type: text, size: 5B}
            key: [user_id]
            count: 10M
            spread:
              city: {distinct: 100k}
              zip: {distinct: 99k}
        patterns:
          - id: users-in-city
            rate: 10/s
            query: User where city = ?
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.users (user_id uuid PRIMARY KEY, city text, zip text);
        CREATE INDEX ON app.users (city); -- FINDING: SecondaryIndexOnHighCardinality [warning]: (100 per value)
        CREATE INDEX ON app.users (zip);
        """)
        .expectMarkedFindings();
  }
}
