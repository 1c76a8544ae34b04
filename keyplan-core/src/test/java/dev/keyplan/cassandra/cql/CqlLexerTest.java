package dev.keyplan.cassandra.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.keyplan.cassandra.cql.CqlToken.Kind;
import dev.keyplan.input.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Token kinds, values and 1-based positions. */
final class CqlLexerTest {

  @Test
  void literals_everyKind_valuesDecoded() {
    List<CqlToken> tokens =
        lex(
            "Foo \"Bar\"\"s\" 'it''s' $$a;'b$$ 42 -1.5e3 0xCAFE "
                + "5a1c395e-b41f-11e5-9f22-ba0be0483c18 != <= ; @");

    assertThat(tokens)
        .extracting(CqlToken::kind, CqlToken::value)
        .containsExactly(
            tuple(Kind.IDENTIFIER, "foo"),
            tuple(Kind.QUOTED_IDENTIFIER, "Bar\"s"),
            tuple(Kind.STRING, "it's"),
            tuple(Kind.STRING, "a;'b"),
            tuple(Kind.INTEGER, "42"),
            tuple(Kind.SYMBOL, "-"),
            tuple(Kind.FLOAT, "1.5e3"),
            tuple(Kind.HEX, "0xCAFE"),
            tuple(Kind.UUID, "5a1c395e-b41f-11e5-9f22-ba0be0483c18"),
            tuple(Kind.SYMBOL, "!="),
            tuple(Kind.SYMBOL, "<="),
            tuple(Kind.SYMBOL, ";"),
            tuple(Kind.UNKNOWN, "@"),
            tuple(Kind.END_OF_FILE, ""));
    assertThat(tokens.get(0).text()).isEqualTo("Foo");
  }

  @Test
  void positions_lineEndingsTabsAndWideCharacters_countedPerCharacter() {
    List<CqlToken> tokens = lex("a\r\n\tb\rc\n'\uD83D\uDE00' d");

    assertThat(tokens)
        .extracting(CqlToken::text, CqlToken::line, CqlToken::column)
        .containsExactly(
            tuple("a", 1, 1),
            tuple("b", 2, 2),
            tuple("c", 3, 1),
            tuple("'\uD83D\uDE00'", 4, 1),
            tuple("d", 4, 5),
            tuple("", 4, 6));
  }

  @Test
  void comments_allThreeStyles_skipped() {
    List<CqlToken> tokens = lex("-- one\n// two\n/* three\n*/x--four\ny/**/z");

    assertThat(tokens)
        .extracting(CqlToken::text, CqlToken::line)
        .containsExactly(tuple("x", 4), tuple("y", 5), tuple("z", 5), tuple("", 5));
  }

  @Test
  void unterminated_commentAndDollarString_reportedAtOpening() {
    List<Diagnostic> diagnostics = new ArrayList<>();
    CqlLexer.tokenize("f.cql", "a /* never", diagnostics);
    CqlLexer.tokenize("f.cql", "b\n  $$ body", diagnostics);
    CqlLexer.tokenize("f.cql", "\"open", diagnostics);

    assertThat(diagnostics)
        .extracting(Diagnostic::toString)
        .containsExactly(
            "f.cql:1:3: error: unterminated comment: expected '*/' to close the comment opened here",
            "f.cql:2:3: error: unterminated $$ string: expected '$$' to close it",
            "f.cql:1:1: error: unterminated quoted name: expected \" to close the quoted name opened"
                + " here");
  }

  private static List<CqlToken> lex(String text) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    List<CqlToken> tokens = CqlLexer.tokenize("t.cql", text, diagnostics);
    assertThat(diagnostics).isEmpty();
    return tokens;
  }
}
