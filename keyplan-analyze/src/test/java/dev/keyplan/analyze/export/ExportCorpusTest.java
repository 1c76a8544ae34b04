package dev.keyplan.analyze.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile export files of the malformed-input corpus (keyplan-cli's corpus/analyze-exports/),
 * each with the outcome the {@code analyze} command must give once it reads them: the rows
 * converted, or the {@code file:line:column} of the first error (exit 2). The same table is in the
 * report to the lead for the corpus MANIFEST; this test holds the converter to it through the API,
 * so the command only adds its exit code.
 *
 * <p>Each place is derived by hand from the file's text (the comment says how), columns counted in
 * characters from 1 as an editor counts them.
 */
class ExportCorpusTest {
  private static final Path CORPUS =
      Path.of("keyplan-cli/src/test/resources/corpus/analyze-exports");

  @TempDir Path tmp;

  static Stream<Arguments> corpus() {
    return Stream.of(
        // Accepted: three items; the same gzip-compressed (found by its magic bytes); with CRLF
        // line ends (each CR dropped); after a byte-order mark (dropped, as every reader does);
        // an empty file (the export's file for an empty partition); 32 levels of L, DynamoDB's
        // most.
        ok("dynamodb-json", "ddb-good.json", 3),
        ok("dynamodb-json", "ddb-good.json.gz", 3),
        ok("dynamodb-json", "ddb-crlf-accepted.json", 3),
        ok("dynamodb-json", "ddb-bom-accepted.json", 3),
        ok("dynamodb-json", "ddb-empty-file-accepted.json", 0),
        ok("dynamodb-json", "ddb-nesting-32-accepted.json", 1),
        // {"Item":{"pk":{"Str" — the unknown descriptor's name is character 16 of line 2.
        bad("dynamodb-json", "ddb-unknown-descriptor.json", "2:16"),
        // {"Item":{"pk":{"S":"a","N" — the second descriptor is at 24.
        bad("dynamodb-json", "ddb-two-descriptors.json", "1:24"),
        // {"Item":{"n":{"N":"1E+126" — the number's string starts at 19 (past 9.99…E+125).
        bad("dynamodb-json", "ddb-n-out-of-range.json", "1:19"),
        // 39 significant digits, one past DynamoDB's 38, in the same place.
        bad("dynamodb-json", "ddb-n-39-digits.json", "1:19"),
        // {"Item":{"b":{"B":"AQI" — base64 of 3 characters, at 19.
        bad("dynamodb-json", "ddb-bad-base64.json", "1:19"),
        // {"Item":{"t":{"SS":["a","a" — the second "a" is at 25.
        bad("dynamodb-json", "ddb-ss-duplicates.json", "1:25"),
        // {"Item":{"t":{"NS":[] — the empty set's '[' is at 20.
        bad("dynamodb-json", "ddb-ns-empty.json", "1:20"),
        // {"Item":{"deep": then 33 × {"L":[ (6 characters each) from 17: the 33rd list's '['
        // is at 17 + 32 × 6 + 5 = 214.
        bad("dynamodb-json", "ddb-nesting-33.json", "1:214"),
        // {"Item":{"deep": then 2,000 × {"M":{"a": (10 characters): the line is level 1, Item 2,
        // the k-th M's object 2k + 1; level 101 (past the readers' 100) is k = 50, at 17 + 490.
        bad("dynamodb-json", "ddb-nesting-2000.json", "1:507"),
        // An item of 2 + 1 + 4 + 410,000 = 410,007 bytes: over 409,600, placed at Item's '{' (9).
        bad("dynamodb-json", "ddb-item-401kb.json", "1:9"),
        // The first half of a gzip file of 120 lines: repeated lines compress to back-references,
        // so the half holds line 1 and 115 characters of line 2 (Python's zlib, fed the same
        // bytes, stops there too); reading ends at 2:116.
        bad("dynamodb-json", "ddb-truncated.json.gz", "2:116"),
        // {"Item":{"pk":{"S":"caf then byte E9 (Latin-1 é) at 24 of line 2.
        bad("dynamodb-json", "ddb-not-utf8.json", "2:24"),
        // A line that is an array: at its '['.
        bad("dynamodb-json", "ddb-array-line.json", "1:1"),
        // An empty line between two items.
        bad("dynamodb-json", "ddb-empty-line.json", "2:1"),
        // A byte-order mark starting line 2 (files joined by cat).
        bad("dynamodb-json", "ddb-bom-on-line-2.json", "2:1"),
        // {"Metadata" — an incremental export's record, refused at its first member's name.
        bad("dynamodb-json", "ddb-incremental-export.json", "1:2"),
        // {"pk" — an item without the export's {"Item": …}.
        bad("dynamodb-json", "ddb-no-item-wrapper.json", "1:2"),
        // {"Item":{"$keyplan_bytes" — the reserved name, at 10.
        bad("dynamodb-json", "ddb-reserved-name.json", "1:10"),
        // {"Item":{"pk":{"S":"a"}} is 24 characters: the end of the line, 25, lacks a '}'.
        bad("dynamodb-json", "ddb-unclosed.json", "1:25"),
        // {"Item":{"pk":{"S":"a"},"pk" — the second "pk" at 25.
        bad("dynamodb-json", "ddb-duplicate-attribute.json", "1:25"),
        // Accepted: relaxed (mongoexport's default) and canonical gzip-compressed.
        ok("mongoexport", "mongo-relaxed.json", 3),
        ok("mongoexport", "mongo-canonical.json.gz", 2),
        // {"_id":{"$oid":"…23 hex…" — the ObjectId's value string at 16.
        bad("mongoexport", "mongo-oid-23-hex.json", "1:16"),
        // {"_id":1,"placed":{"$date":"not a date" — the date's string at 28.
        bad("mongoexport", "mongo-bad-date.json", "1:28"),
        // {"_id":1,"deep": then 100 × {"a": (5 characters) from 17: the top document is level 1,
        // the k-th {"a": level k + 1, so level 101 is k = 100, at 17 + 99 × 5 = 512.
        bad("mongoexport", "mongo-depth-101.json", "1:512"),
        // mongoexport --jsonArray: refused at the '['.
        bad("mongoexport", "mongo-json-array.json", "1:1"),
        // mongoexport --pretty: line 1 is a lone '{'.
        bad("mongoexport", "mongo-pretty.json", "1:1"),
        // {"_id":1,"a":1,"a" — the second "a" at 16.
        bad("mongoexport", "mongo-duplicate-field.json", "1:16"),
        // {"_id":1,"item":"caf then byte E9 at 21.
        bad("mongoexport", "mongo-not-utf8.json", "1:21"),
        // {"_id":1,"n":1e400 — beyond a double, at its first digit, 14.
        bad("mongoexport", "mongo-number-overflow.json", "1:14"),
        // The same cut of 120 documents: line 1 and 111 characters of line 2 (zlib agrees).
        bad("mongoexport", "mongo-truncated.json.gz", "2:112"),
        // {"_id":1,"a\u0000b" — a BSON name cannot hold NUL; the name at 10.
        bad("mongoexport", "mongo-nul-in-name.json", "1:10"),
        // Line 2 is 42, not a document.
        bad("mongoexport", "mongo-not-a-document.json", "2:1"),
        // {"_id":1,"$keyplan_bytes" — the reserved name's quote at 10.
        bad("mongoexport", "mongo-reserved-name.json", "1:10"));
  }

  private static Arguments ok(String format, String file, int rows) {
    return Arguments.of(format, file, "ok " + rows);
  }

  private static Arguments bad(String format, String file, String at) {
    return Arguments.of(format, file, at);
  }

  @ParameterizedTest(name = "{1}: {2}")
  @MethodSource("corpus")
  void eachCorpusFileHasItsOutcome(String formatId, String file, String expected)
      throws IOException {
    ExportFormat format = ExportFormats.byId(formatId).orElseThrow();
    Path source = CORPUS.resolve(file);
    String shown = "analyze-exports/" + file;
    Path target = tmp.resolve(file + ".jsonl");
    if (expected.startsWith("ok ")) {
      ExportConversion c =
          Exports.toJsonLines(source, shown, format, target, 0, ExportProgress.NONE);
      assertThat(c.rows()).isEqualTo(Long.parseLong(expected.substring(3)));
      assertThat(Files.readAllLines(target)).hasSize((int) c.rows());
      return;
    }
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () -> Exports.toJsonLines(source, shown, format, target, 0, ExportProgress.NONE));
    assertThat(e).as("an input error").isNotNull();
    assertThat(e.diagnostics().get(0).toString()).startsWith(shown + ":" + expected + ": error: ");
    assertThat(target).as("no half-written target is left").doesNotExist();
  }

  @Test
  void theCorpusHoldsTwentyToFortyFiles_eachInTheTable() throws IOException {
    List<String> named = corpus().map(a -> (String) a.get()[1]).sorted().toList();
    // The folder also holds the model the CLI's corpus runs measure these files against.
    try (Stream<Path> files = Files.list(CORPUS)) {
      assertThat(
              files
                  .map(p -> p.getFileName().toString())
                  .filter(n -> !n.equals("exports.yaml"))
                  .sorted()
                  .toList())
          .isEqualTo(named)
          .hasSizeBetween(20, 40);
    }
  }
}
