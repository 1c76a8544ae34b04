package dev.keyplan.cassandra.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad schema files: every problem reported at once, each at its exact line and column. */
final class CqlParserErrorsTest {

  @Test
  void severalErrors_oneFile_allReportedInOrderWithPositions() {
    List<String> errors =
        errors(
            """
        CREATE TABLE messages (
          id uuid,
          body strng,
          body text,
          PRIMARY KEY (id, foo)
        ) WITH CLUSTERING ORDER BY (body DESC);
        CREATE TABLE t2 (a int b int, PRIMARY KEY (a));
        CREATE TABLE counts (k text PRIMARY KEY, hits counter, label text);
        CREATE TABLE nokey (a int, b int);
        CREATE TABLE fine (id int PRIMARY KEY);
        """);

    assertThat(errors)
        .containsExactly(
            "bad.cql:3:8: error: unknown type 'strng' (did you mean 'string'? CQL has 'text')",
            "bad.cql:4:3: error: duplicate column 'body' in table messages; it is first declared at"
                + " line 3",
            "bad.cql:5:20: error: PRIMARY KEY names column 'foo' that messages does not declare",
            "bad.cql:6:29: error: CLUSTERING ORDER BY names 'body', which is not a clustering column"
                + " of messages",
            "bad.cql:7:24: error: expected ')' or ',' after column definition but found 'b'",
            "bad.cql:8:56: error: counter columns cannot be mixed with non-counter regular columns in"
                + " table counts: 'hits' is a counter, 'label' is not",
            "bad.cql:9:14: error: table nokey has no PRIMARY KEY");
  }

  @Test
  void indexOptions_thatAreNotAMapOfValues_pointAtTheValue() {
    // Cassandra keeps an index's options as text to text; keyplan now keeps them to emit them.
    assertThat(
            errors(
                """
        CREATE TABLE t (id int PRIMARY KEY, v text);
        CREATE INDEX a ON t (v) USING 'sai' WITH OPTIONS = 'COSINE';
        CREATE INDEX b ON t (v) USING 'sai' WITH OPTIONS = {'normalize'};
        """))
        .containsExactly(
            "bad.cql:2:52: error: index OPTIONS must be a map such as {'similarity_function':"
                + " 'COSINE'} but found 'COSINE'",
            "bad.cql:3:53: error: index OPTIONS must be a map of 'option': 'value' but"
                + " 'normalize' has no value");
  }

  @Test
  void missingCommaBeforePrimaryKeyClause_pointsAtPrimary() {
    assertThat(
            errors(
                """
        CREATE TABLE messages (
          id uuid,
          body text
          PRIMARY KEY (id)
        );
        """))
        .containsExactly(
            "bad.cql:4:3: error: expected ')' or ',' after column definition but found 'PRIMARY'");
  }

  @Test
  void missingPrimaryKey_table_reportedAtTableName() {
    assertThat(errors("CREATE TABLE IF NOT EXISTS shop.messages (id uuid, body text);"))
        .containsExactly("bad.cql:1:33: error: table messages has no PRIMARY KEY");
  }

  @Test
  void unknownType_suggestions_nameTheCqlType() {
    assertThat(
            errors(
                """
        CREATE TYPE address (street text);
        CREATE TABLE t (
          id int PRIMARY KEY,
          a string,
          b tetx,
          c frozen<adress>,
          d map<text, Integer>,
          e widget
        );
        """))
        .containsExactly(
            "bad.cql:4:5: error: unknown type 'string' (CQL has 'text')",
            "bad.cql:5:5: error: unknown type 'tetx' (did you mean 'text'?)",
            "bad.cql:6:12: error: unknown type 'adress' (did you mean 'address'?)",
            "bad.cql:7:15: error: unknown type 'integer' (CQL has 'int')",
            "bad.cql:8:5: error: unknown type 'widget' (expected a CQL type such as text, int, bigint,"
                + " uuid or timestamp, a collection, or a type declared with CREATE TYPE)");
  }

  @Test
  void userTypeInsideCollection_notFrozen_reported() {
    assertThat(
            errors(
                """
        CREATE TYPE address (street text);
        CREATE TABLE t (id int PRIMARY KEY, homes list<address>, ok list<frozen<address>>);
        """))
        .containsExactly(
            "bad.cql:2:48: error: non-frozen address is not allowed inside"
                + " list<...>; write frozen<address>");
  }

  @Test
  void typeUsedBeforeItsCreateType_saysSo() {
    assertThat(
            errors(
                """
        CREATE TABLE t (id int PRIMARY KEY, home frozen<address>);
        CREATE TYPE address (street text);
        """))
        .containsExactly(
            "bad.cql:1:49: error: type 'address' is used before its CREATE TYPE"
                + " at line 2; declare the type first");
  }

  @Test
  void missingSemicolon_nextStatementOnNewLine_stillParsed() {
    assertThat(
            errors(
                """
        CREATE TABLE a (id int PRIMARY KEY)
        CREATE TABLE b (id int PRIMARY KEY, v strng);
        """))
        .containsExactly(
            "bad.cql:2:1: error: expected WITH or ';' after the columns of table a but found 'CREATE'",
            "bad.cql:2:39: error: unknown type 'strng' (did you mean 'string'? CQL has 'text')");
  }

  @Test
  void keyRules_staticCounterCollectionAndOrder_reported() {
    assertThat(
            errors(
                """
        CREATE TABLE s (id int PRIMARY KEY, note text static);
        CREATE TABLE c (id counter PRIMARY KEY, n counter);
        CREATE TABLE l (tags set<text>, id int, PRIMARY KEY (id, tags));
        CREATE TABLE o (p int, a int, b int, PRIMARY KEY (p, a, b)) WITH \
        CLUSTERING ORDER BY (b ASC, a DESC);
        CREATE TABLE two (a int PRIMARY KEY, b int PRIMARY KEY);
        CREATE TABLE ttl (id int PRIMARY KEY, n counter) WITH default_time_to_live = 60;
        """))
        .containsExactly(
            "bad.cql:1:37: error: static column 'note' needs a clustering column, but table s has none"
                + " (each partition is a single row)",
            "bad.cql:2:17: error: counter column 'id' cannot be part of the PRIMARY KEY",
            "bad.cql:3:17: error: column 'tags' of type set<text> cannot be part of the PRIMARY KEY"
                + " unless frozen; write frozen<set<text>>",
            "bad.cql:4:94: error: CLUSTERING ORDER BY must list clustering columns in PRIMARY KEY"
                + " order, but 'a' comes before 'b' there",
            "bad.cql:5:38: error: table two has more than one PRIMARY KEY; the first is at line 5",
            "bad.cql:6:78: error: table ttl has counter columns, which cannot expire; remove"
                + " default_time_to_live");
  }

  @Test
  void typeNesting_wrongArgumentsAndUnfrozenNesting_reported() {
    assertThat(
            errors(
                """
        CREATE TABLE t (
          id int PRIMARY KEY,
          a frozen<int>,
          b list<list<int>>,
          c map<text>,
          d int<text>,
          e vector<float, 0>,
          f list<counter>
        );
        """))
        .containsExactly(
            "bad.cql:3:5: error: frozen<int> is not allowed: frozen applies only to collections,"
                + " tuples and user-defined types",
            "bad.cql:4:5: error: non-frozen list<int> is not allowed inside list<...>; write"
                + " frozen<list<int>>",
            "bad.cql:5:5: error: map takes two type arguments: map<key type, value type>, but found"
                + " map<text>",
            "bad.cql:6:5: error: type 'int' takes no type arguments",
            "bad.cql:7:5: error: vector needs an element type and a positive dimension, such as"
                + " vector<float, 3>, but found vector<float, 0>",
            "bad.cql:8:5: error: counter cannot be used inside list<...>");
  }

  @Test
  void keyspaceErrors_replicationAndDurableWrites_reported() {
    assertThat(
            errors(
                """
        CREATE KEYSPACE a WITH replication = {'replication_factor': 3};
        CREATE KEYSPACE b WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 'three'};
        CREATE KEYSPACE c WITH replication = {'class': 'SimpleStrategy'} AND \
        durable_writes = 'maybe';
        CREATE KEYSPACE d WITH durable_writes = true;
        CREATE KEYSPACE a WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        """))
        .containsExactly(
            "bad.cql:1:38: error: replication of keyspace a has no 'class'; expected 'SimpleStrategy'"
                + " or 'NetworkTopologyStrategy'",
            "bad.cql:2:82: error: replication factor 'dc1' must be a whole number of replicas but"
                + " found 'three'",
            "bad.cql:3:38: error: SimpleStrategy needs 'replication_factor' in the replication of"
                + " keyspace c",
            "bad.cql:3:87: error: durable_writes must be true or false but found 'maybe'",
            "bad.cql:4:17: error: keyspace d has no replication; expected WITH replication ="
                + " {'class': 'NetworkTopologyStrategy', '<data centre>': <replicas>}",
            "bad.cql:5:17: error: keyspace a is already declared at line 1");
  }

  @Test
  void viewAndIndexErrors_referencesChecked() {
    assertThat(
            errors(
                """
        CREATE TABLE t (id int, seq int, v text, w text, PRIMARY KEY (id, seq));
        CREATE MATERIALIZED VIEW v1 AS SELECT * FROM missing WHERE id IS NOT NULL PRIMARY KEY (id);
        CREATE MATERIALIZED VIEW v2 AS SELECT id, nope FROM t WHERE v IS NOT NULL \
        PRIMARY KEY (v, id);
        CREATE MATERIALIZED VIEW v3 AS SELECT * FROM t WHERE v IS NOT NULL \
        PRIMARY KEY (v, w, id, seq);
        CREATE INDEX ON missing (v);
        CREATE INDEX ON t (nope);
        CREATE CUSTOM INDEX ON t (v);
        CREATE INDEX ON v3 (v);
        """))
        .containsExactly(
            "bad.cql:2:46: error: materialized view v1 selects from table 'missing', which is not"
                + " declared before it in this file",
            "bad.cql:3:43: error: materialized view v2 selects column 'nope' that t does not declare",
            "bad.cql:3:75: error: materialized view v2 must include 'seq', a PRIMARY KEY column of t,"
                + " in its PRIMARY KEY",
            "bad.cql:3:88: error: PRIMARY KEY names column 'v' that v2 does not select",
            "bad.cql:4:68: error: materialized view v3 can add at most one column that is not in the"
                + " PRIMARY KEY of t to its own, but adds v, w",
            "bad.cql:5:17: error: CREATE INDEX names table 'missing', which is not declared before it"
                + " in this file",
            "bad.cql:6:20: error: index names column 'nope' that t does not declare",
            "bad.cql:7:15: error: CREATE CUSTOM INDEX needs USING 'class', such as USING"
                + " 'StorageAttachedIndex'",
            "bad.cql:8:17: error: secondary indexes are not supported on materialized views such as"
                + " v3");
  }

  @Test
  void brokenTable_laterReferences_noFollowOnErrors() {
    assertThat(
            errors(
                """
        CREATE TABLE t (id int PRIMARY KEY, v text,, oops);
        CREATE INDEX ON t (v);
        ALTER TABLE t ADD w text;
        CREATE MATERIALIZED VIEW mv AS SELECT * FROM t WHERE v IS NOT NULL PRIMARY KEY (v, id);
        """))
        .containsExactly("bad.cql:1:50: error: expected a type for column 'oops' but found ')'");
  }

  @Test
  void lexicalErrors_unterminatedString_reportedOnceAtOpeningQuote() {
    assertThat(
            errors(
                """
        CREATE TABLE t (id int PRIMARY KEY) WITH comment = 'never closed;
        CREATE TABLE u (id int PRIMARY KEY);
        """))
        .containsExactly(
            "bad.cql:1:52: error: unterminated string: expected ' to close the string opened here");
  }

  @Test
  void unknownStatementAndStrayCharacters_reported_restParsed() {
    assertThat(
            errors(
                """
        CRATE TABLE t (id int PRIMARY KEY);
        CREATE TABLE u (id int PRIMARY KEY, # text);
        CREATE TABLE w (id int PRIMARY KEY) WITH gc_grace_seconds = 'ten days';
        """))
        .containsExactly(
            "bad.cql:1:1: error: expected a statement such as CREATE TABLE, CREATE INDEX or USE but"
                + " found 'CRATE'",
            "bad.cql:2:37: error: expected a column name or PRIMARY KEY but found '#'",
            "bad.cql:3:61: error: gc_grace_seconds must be a whole number of seconds but found"
                + " 'ten days'");
  }

  @Test
  void alterErrors_unknownTableAndColumns_reported() {
    assertThat(
            errors(
                """
        CREATE TABLE t (id int, seq int, v text, PRIMARY KEY (id, seq));
        ALTER TABLE nope ADD x int;
        ALTER TABLE t ADD v int;
        ALTER TABLE t DROP seq;
        ALTER TABLE t RENAME v TO w;
        ALTER TABLE t FROB;
        """))
        .containsExactly(
            "bad.cql:2:13: error: ALTER TABLE names table 'nope', which is not declared before it in"
                + " this file",
            "bad.cql:3:19: error: column 'v' already exists in table t",
            "bad.cql:4:20: error: cannot drop 'seq': it is part of the PRIMARY KEY of table t",
            "bad.cql:5:22: error: cannot rename 'v': only PRIMARY KEY columns can be renamed",
            "bad.cql:6:15: error: expected ADD, DROP, RENAME, ALTER or WITH after ALTER TABLE t but"
                + " found 'FROB'");
  }

  @Test
  void inputException_messageListsEveryDiagnostic() {
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () -> CqlParser.parse("x.cql", "CREATE TABLE a (b int);\nCREATE TABLE c (d int);"));

    assertThat(e.getMessage())
        .isEqualTo(
            "x.cql:1:14: error: table a has no PRIMARY KEY\n"
                + "x.cql:2:14: error: table c has no PRIMARY KEY");
  }

  // Found by the fuzz target CqlParserFuzzTest (issue 18): about 570 nested frozen<list<...>>
  // overflowed the stack of the parser's recursive type(). Nesting is capped at NestingDepth.MAX,
  // 100, as in every reader. "CREATE TABLE t (k int PRIMARY KEY, v " is 37 characters, each
  // "frozen<" 7 more, so the 101st frozen starts at column 38 + 7 * 100 = 738.
  @Test
  void typeNestedPastTheLimit_isAnErrorAtTheFirstTypeTooDeep() {
    String cql =
        "CREATE TABLE t (k int PRIMARY KEY, v "
            + "frozen<".repeat(101)
            + "int"
            + ">".repeat(101)
            + ");";
    assertThat(errors(cql))
        .containsExactly(
            "bad.cql:1:738: error: nesting too deep: expected at most 100 nested levels of"
                + " mappings and lists (see docs/reliability.md, 'Nesting depth')");
  }

  private static List<String> errors(String cql) {
    InputException e =
        catchThrowableOfType(InputException.class, () -> CqlParser.parse("bad.cql", cql));
    assertThat(e).as("expected the schema to be rejected").isNotNull();
    return e.diagnostics().stream().map(Diagnostic::toString).toList();
  }
}
