package dev.keyplan.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the syntax errors of {@link LocatedJson}: place and words. Jackson finds them; LocatedJson
 * words them and places them itself, partly from Jackson's exception messages, which are not an
 * API, so a Jackson upgrade that rewords one shows up here. The expected lines are what the
 * hand-written reader that preceded the Jackson one printed.
 */
class LocatedJsonTest {
  private static final LocatedJson.Options OPTIONS =
      new LocatedJson.Options("EMPTY", "member", "\\n", true);

  static Stream<String[]> syntaxErrors() {
    return Stream.of(
        new String[][] {
          {
            "{\"a\": {\"S\": \"x\"}\n \"b\": {\"S\": \"y\"}}",
            "2:2 expected ',' or '}' after a member of the object opened at line 1, column 1, found '\"'"
          },
          {
            "{\"a\": {\"S\": \"x\"",
            "1:16 expected ',' or '}' after a member of the object opened at line 1, column 7, found the end of the input"
          },
          {"  \n", "2:1 EMPTY"},
          {"", "1:1 EMPTY"},
          {"{}\n}", "2:1 unexpected '}' after the end of the JSON value"},
          {
            "{\"TableName\": \"Orders\",\n \"KeySchema\" []}",
            "2:14 expected ':' after \"KeySchema\", found '['"
          },
          {
            "{\"ModelName\": \"M\",\n \"DataModel\": [}",
            "2:16 unexpected '}'; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "{\"a\": {\"S\": \"\\x\"}}",
            "1:14 invalid escape \\x; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits"
          },
          {"{\"a\": {\"S\": \"\\u12g4\"}}", "1:14 \\u must be followed by four hex digits"},
          {"{\"a\": \"abc", "1:7 unterminated string"},
          {
            "{\"a\": \"ab\u0000c\"}",
            "1:10 a control character inside a string; write it as an escape such as \\n"
          },
          {"{\"a\": 1,}", "1:9 expected a quoted member name, found '}'"},
          {
            "[1,]",
            "1:4 unexpected ']'; expected a value (an object, array, string, number, true, false or null)"
          },
          {"{\"a\" 1}", "1:6 expected ':' after \"a\", found '1'"},
          {
            "\u0000",
            "1:1 unexpected character U+0000; expected a value (an object, array, string, number, true, false or null)"
          },
          {"{\"a\": 1}\u0000", "1:9 unexpected character U+0000 after the end of the JSON value"},
          {"{", "1:2 expected a quoted member name, found the end of the input"},
          {"{\"a", "1:2 unterminated string"},
          {"{\"a\"", "1:5 expected ':' after \"a\", found the end of the input"},
          {"{\"a\":", "1:6 unexpected end of input; expected a value"},
          {"{\"a\":1,", "1:8 expected a quoted member name, found the end of the input"},
          {"{\"x\":1,\n \"abc", "2:2 unterminated string"},
          {
            "[1 2]",
            "1:4 expected ',' or ']' after an element of the array opened at line 1, column 1, found '2'"
          },
          {
            "[01]",
            "1:3 expected ',' or ']' after an element of the array opened at line 1, column 1, found '1'"
          },
          {"[-]", "1:3 expected a digit in the number"},
          {"[1.]", "1:4 expected a digit after the decimal point"},
          {"[1.x]", "1:4 expected a digit after the decimal point"},
          {"[0.]", "1:4 expected a digit after the decimal point"},
          {"[1e]", "1:4 expected a digit in the exponent"},
          {"[1ex]", "1:4 expected a digit in the exponent"},
          {"[1e+]", "1:5 expected a digit in the exponent"},
          {"[1e", "1:4 expected a digit in the exponent"},
          {"-", "1:2 expected a digit in the number"},
          {"1.", "1:3 expected a digit after the decimal point"},
          {
            "[truex]",
            "1:6 expected ',' or ']' after an element of the array opened at line 1, column 1, found 'x'"
          },
          {
            "[true1]",
            "1:6 expected ',' or ']' after an element of the array opened at line 1, column 1, found '1'"
          },
          {
            "[nul]",
            "1:2 unexpected 'n'; expected a value (an object, array, string, number, true, false or null)"
          },
          {"{} {}", "1:4 unexpected '{' after the end of the JSON value"},
          {"{\"a\": 1}\r\n\r  x", "2:4 unexpected 'x' after the end of the JSON value"},
          {"{\"a\": 1}\r\r  x", "1:13 unexpected 'x' after the end of the JSON value"},
          {
            "[\"a\tb\"]",
            "1:4 a control character inside a string; write it as an escape such as \\n"
          },
          {"{'a': 1}", "1:2 expected a quoted member name, found '''"},
          {"{a: 1}", "1:2 expected a quoted member name, found 'a'"},
          {
            "[1 /* c */]",
            "1:4 expected ',' or ']' after an element of the array opened at line 1, column 1, found '/'"
          },
          {
            "[/* c */]",
            "1:2 unexpected '/'; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "[NaN]",
            "1:2 unexpected 'N'; expected a value (an object, array, string, number, true, false or null)"
          },
          {"[-Infinity]", "1:3 expected a digit in the number"},
          {
            "[+1]",
            "1:2 unexpected '+'; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "[.5]",
            "1:2 unexpected '.'; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "[\"\\ud800\"]",
            "1:2 the string contains an unpaired surrogate \\uD800; it has no UTF-8 encoding"
          },
          {
            "{\"\\udc00\": 1}",
            "1:2 the string contains an unpaired surrogate \\uDC00; it has no UTF-8 encoding"
          },
          {"[1]]", "1:4 unexpected ']' after the end of the JSON value"},
          {
            "{\"a\\q\": 1}",
            "1:4 invalid escape \\q; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits"
          },
          {
            "{\"a\nb\": 1}",
            "1:4 a control character inside a string; write it as an escape such as \\n"
          },
          {
            "{\"a\": tru}",
            "1:7 unexpected 't'; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "[1}",
            "1:3 expected ',' or ']' after an element of the array opened at line 1, column 1, found '}'"
          },
          {
            "{\"a\":1]",
            "1:7 expected ',' or '}' after a member of the object opened at line 1, column 1, found ']'"
          },
          {"{]", "1:2 expected a quoted member name, found ']'"},
          {"1x", "1:2 unexpected 'x' after the end of the JSON value"},
          {"1 x", "1:3 unexpected 'x' after the end of the JSON value"},
          {"\"a\" x", "1:5 unexpected 'x' after the end of the JSON value"},
          {
            "[\"a\" \"b\"]",
            "1:6 expected ',' or ']' after an element of the array opened at line 1, column 1, found '\"'"
          },
          {
            "[1,,2]",
            "1:4 unexpected ','; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "\"ab\\",
            "1:4 invalid escape \\; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits"
          },
          {"\"ab\\u12", "1:4 \\u must be followed by four hex digits"},
          {"\"ab\\u12\"", "1:4 \\u must be followed by four hex digits"},
          {
            "[\"\\\u0000\"]",
            "1:3 invalid escape \\; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits"
          },
          {
            " \u0000",
            "1:2 unexpected character U+0000; expected a value (an object, array, string, number, true, false or null)"
          },
          {"-01", "1:3 unexpected '1' after the end of the JSON value"},
          {
            "[00]",
            "1:3 expected ',' or ']' after an element of the array opened at line 1, column 1, found '0'"
          },
          {"{\"a\":-}", "1:7 expected a digit in the number"},
          {"\ufeff", "1:1 EMPTY"},
          {
            "[1, 2, {\"a\": [true, false, null, -0.5e+3, \"x\\u00e9\n\"]}]",
            "1:51 a control character inside a string; write it as an escape such as \\n"
          },
          {"\"\\u00\"", "1:2 \\u must be followed by four hex digits"},
          {
            "[1,\n\n   ,2]",
            "3:4 unexpected ','; expected a value (an object, array, string, number, true, false or null)"
          },
          {
            "{\"a\": [1, 2}",
            "1:12 expected ',' or ']' after an element of the array opened at line 1, column 7, found '}'"
          },
          {
            "{\"a\": {\"b\": 1]",
            "1:14 expected ',' or '}' after a member of the object opened at line 1, column 7, found ']'"
          },
          {"[{\"a\": 1}, {\"b\" 2}]", "1:17 expected ':' after \"b\", found '2'"},
          {
            "[\r\n 1,\r\n x]",
            "3:2 unexpected 'x'; expected a value (an object, array, string, number, true, false or null)"
          },
          {"{}00,", "1:3 unexpected '0' after the end of the JSON value"},
          {"{}+", "1:3 unexpected '+' after the end of the JSON value"},
          {"{} +1", "1:4 unexpected '+' after the end of the JSON value"},
          {"{}-", "1:3 unexpected '-' after the end of the JSON value"},
          {"{}01", "1:3 unexpected '0' after the end of the JSON value"},
          {"{}0", "1:3 unexpected '0' after the end of the JSON value"},
          {"{} 1.", "1:4 unexpected '1' after the end of the JSON value"},
          {"1 -", "1:3 unexpected '-' after the end of the JSON value"},
          {"{} \"abc", "1:4 unexpected '\"' after the end of the JSON value"},
          {"{} \"\\x\"", "1:4 unexpected '\"' after the end of the JSON value"},
          {"{} [1,", "1:4 unexpected '[' after the end of the JSON value"},
        });
  }

  @ParameterizedTest
  @MethodSource("syntaxErrors")
  void parse_syntaxError_isPlacedAndWorded(String input, String expected) {
    assertThatThrownBy(() -> LocatedJson.parse("f.json", input, OPTIONS))
        .isInstanceOf(InputException.class)
        .hasMessage("f.json:" + expected.replaceFirst(" ", ": error: invalid JSON: "));
  }

  @Test
  void parse_keepsPlacesSpansAndDuplicates() {
    String text = "\uFEFF{\"a\": [1e400, \"x\\n\"],\n \"a\": {\"b\": null}}";
    var root = (LocatedJson.Obj) LocatedJson.parse("f.json", text, OPTIONS);
    String source = LocatedJson.source(text);
    assertThat(root.members()).extracting(LocatedJson.Member::name).containsExactly("a", "a");
    var first = (LocatedJson.Arr) root.members().get(0).value();
    assertThat(first.at()).isEqualTo(new Location("f.json", 1, 7));
    assertThat(source.substring(first.start(), first.end())).isEqualTo("[1e400, \"x\\n\"]");
    assertThat(((LocatedJson.Num) first.elements().get(0)).text()).isEqualTo("1e400");
    var x = (LocatedJson.Str) first.elements().get(1);
    assertThat(x.value()).isEqualTo("x\n");
    assertThat(source.substring(x.start(), x.end())).isEqualTo("\"x\\n\"");
    LocatedJson.Member second = root.members().get(1);
    assertThat(second.at()).isEqualTo(new Location("f.json", 2, 2));
    assertThat(source.substring(second.value().start(), second.value().end()))
        .isEqualTo("{\"b\": null}");
  }

  // The tree is built without recursion, but its readers (DynamoDB items, Workbench files) recurse
  // and overflowed the stack at 2,000+ levels (issue 18): past NestingDepth.MAX (100) it is a
  // located error at the 101st '[', column 101; exactly 100 levels still parse.
  @Test
  void parse_deepNesting_isALocatedErrorPastTheLimit() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    assertThatThrownBy(() -> LocatedJson.parse("f.json", deep, OPTIONS))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("f.json:1:101: error: nesting too deep: expected at most 100");
    String limit = "[".repeat(100) + "]".repeat(100);
    assertThat(LocatedJson.parse("f.json", limit, OPTIONS)).isInstanceOf(LocatedJson.Arr.class);
  }
}
