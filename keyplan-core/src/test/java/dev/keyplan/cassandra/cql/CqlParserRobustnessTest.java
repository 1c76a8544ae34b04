package dev.keyplan.cassandra.cql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Damaged input never crashes the parser: every cut or gap in a real-format file either parses or
 * ends in an {@link InputException} whose diagnostics all point inside the file.
 */
final class CqlParserRobustnessTest {
  private static final String FILE = DescribeFixtures.CASSANDRA_50_KEYSPACE;

  @Test
  void describeOutput_cutBeforeAndInsideEveryToken_onlyInputErrors() {
    List<CqlToken> tokens = CqlLexer.tokenize("f", FILE, new ArrayList<>());
    for (CqlToken token : tokens) {
      // Just inside the token too, to leave strings, names and comments open.
      assertParsesOrReportsInput(FILE.substring(0, Math.min(token.start() + 1, FILE.length())));
    }
  }

  @Test
  void describeOutput_eachTokenRemoved_onlyInputErrors() {
    List<CqlToken> tokens = CqlLexer.tokenize("f", FILE, new ArrayList<>());
    for (CqlToken token : tokens) {
      assertParsesOrReportsInput(FILE.substring(0, token.start()) + FILE.substring(token.end()));
    }
  }

  @Test
  void scyllaOutput_eachTokenDoubled_onlyInputErrors() {
    String file = DescribeFixtures.SCYLLA_KEYSPACE;
    for (CqlToken token : CqlLexer.tokenize("f", file, new ArrayList<>())) {
      assertParsesOrReportsInput(
          file.substring(0, token.end()) + " " + token.text() + file.substring(token.end()));
    }
  }

  private static void assertParsesOrReportsInput(String text) {
    long lines = text.lines().count() + 1;
    try {
      CqlParser.parse("f.cql", text);
    } catch (InputException e) {
      for (Diagnostic d : e.diagnostics()) {
        assertThat(d.location().line()).as(d.toString()).isBetween(1, (int) lines);
        assertThat(d.location().column()).as(d.toString()).isPositive();
      }
    }
  }
}
