package dev.keyplan.analyze.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.InputException;
import dev.keyplan.input.InputLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The neutral conversion: streaming lines, gzip by magic bytes, places in the file, bad lines
 * skipped and counted, the hash, the summary of native types and the reserved size field. The lines
 * are DynamoDB export lines (the AWS guide's shape, keyplan's values) and mongoexport lines where
 * the format matters.
 */
class ExportsTest {
  private static final ExportFormat DDB = ExportFormats.byId("dynamodb-json").orElseThrow();
  private static final ExportFormat MONGO = ExportFormats.byId("mongoexport").orElseThrow();

  private static final String A = "{\"Item\":{\"pk\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}";
  private static final String B = "{\"Item\":{\"pk\":{\"S\":\"b\"},\"n\":{\"NULL\":true}}}";
  // {"Item":{"pk":{"Q" — the unknown descriptor at 16.
  private static final String BAD = "{\"Item\":{\"pk\":{\"Q\":\"c\"}}}";

  @TempDir Path tmp;

  private Path write(String name, byte[] bytes) throws IOException {
    Path p = tmp.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    var out = new ByteArrayOutputStream();
    try (var gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    }
    return out.toByteArray();
  }

  private ExportConversion convert(Path source, ExportFormat f, long maxBad) {
    return Exports.toJsonLines(
        source,
        source.getFileName().toString(),
        f,
        tmp.resolve("out.jsonl"),
        maxBad,
        ExportProgress.NONE);
  }

  @Test
  void eachLineBecomesOneObject_withItsNativeSizeFirst() throws IOException {
    Path src = write("t.json", utf8(A + "\n" + B + "\n"));
    ExportConversion c = convert(src, DDB, 0);

    // A: pk 2 + 1, n 1 + 2 ("1": one digit, 1 + 1) = 6; B: pk 3, n 1 + 1 (NULL) = 5.
    assertThat(Files.readAllLines(tmp.resolve("out.jsonl")))
        .containsExactly(
            "{\"$keyplan_bytes\":6,\"pk\":\"a\",\"n\":1}",
            "{\"$keyplan_bytes\":5,\"pk\":\"b\",\"n\":null}");
    assertThat(c.rows()).isEqualTo(2);
    assertThat(c.badRows()).isZero();
    // n: N once (whole), NULL once; N is the most common non-null type: bigint.
    assertThat(c.attributeTypes().get("n").counts())
        .containsEntry("N", 1L)
        .containsEntry("NULL", 1L);
    assertThat(c.attributeTypes().get("n").wholeNumbers()).isEqualTo(1);
    assertThat(c.attributeTypes().get("n").modelType()).isEqualTo("bigint");
    assertThat(c.presentShares()).containsEntry("pk", 1.0).containsEntry("n", 1.0);
  }

  @Test
  void gzipIsFoundByItsMagicBytes_notByTheFileName() throws IOException {
    // A gzip file named .json and a plain file named .gz: both read as what they are.
    Path gz = write("data.json", gzip(utf8(A + "\n" + B + "\n")));
    Path plain = write("data.json.gz", utf8(A + "\n"));
    assertThat(convert(gz, DDB, 0).rows()).isEqualTo(2);
    assertThat(convert(plain, DDB, 0).rows()).isEqualTo(1);
  }

  @Test
  void placesInAGzipFile_areThoseOfTheDecompressedText() throws IOException {
    Path gz = write("data.json.gz", gzip(utf8(A + "\n" + A + "\n" + BAD + "\n")));
    InputException e = catchThrowableOfType(InputException.class, () -> convert(gz, DDB, 0));
    assertThat(e.diagnostics().get(0).toString())
        .startsWith("data.json.gz:3:16: error: unknown type descriptor 'Q'");
  }

  @Test
  void theSha256IsOfTheBytesAsStored() throws IOException {
    // SHA-256 of no bytes, the published test value (FIPS 180-4 examples; `sha256sum /dev/null`).
    Path empty = write("empty.json", new byte[0]);
    assertThat(convert(empty, DDB, 0).sha256())
        .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // SHA-256 of "abc" (FIPS 180-4, appendix B.1)... as a file it is not an export, so a file of
    // one item is checked against the JDK's digest of the compressed bytes instead.
    byte[] stored = gzip(utf8(A + "\n"));
    Path gz = write("one.json.gz", stored);
    assertThat(convert(gz, DDB, 0).sha256()).isEqualTo(sha256(stored));
  }

  private static String sha256(byte[] bytes) {
    try {
      return java.util.HexFormat.of()
          .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void byDefault_theFirstBadLineStops_andNoTargetIsLeft() throws IOException {
    Path src = write("t.json", utf8(A + "\n" + BAD + "\n" + A + "\n"));
    InputException e = catchThrowableOfType(InputException.class, () -> convert(src, DDB, 0));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "t.json:2:16: error: unknown type descriptor 'Q'; did you mean 'B'? (expected one of"
                + " S, N, B, BOOL, NULL, L, M, SS, NS, BS)");
    assertThat(tmp.resolve("out.jsonl")).doesNotExist();
  }

  @Test
  void withMaxBadRows_upToNAreSkippedAndCounted_theNPlusFirstStops() throws IOException {
    Path src = write("t.json", utf8(A + "\n" + BAD + "\n" + A + "\n\n" + B + "\n"));
    // Lines 2 (bad descriptor) and 4 (empty): two bad lines.
    ExportConversion c = convert(src, DDB, 2);
    assertThat(c.rows()).isEqualTo(3);
    assertThat(c.badRows()).isEqualTo(2);
    assertThat(c.firstBadRows())
        .extracting(d -> d.location().toString())
        .containsExactly("t.json:2:16", "t.json:4:1");
    assertThat(Files.readAllLines(tmp.resolve("out.jsonl"))).hasSize(3);

    InputException e = catchThrowableOfType(InputException.class, () -> convert(src, DDB, 1));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "t.json:4:1: error: an empty line; expected one record per line, {\"Item\": {…}} as a"
                + " DynamoDB export to S3 writes it (DYNAMODB_JSON) (bad line 2, more than the 1"
                + " allowed to be skipped)");
  }

  @Test
  void columnsCountCodePoints_notUtf16Units() throws IOException {
    // {"Item":{"😀":{"Q" — the emoji is one code point (two UTF-16 units): 'Q' is at 15, not 16.
    Path src = write("e.json", utf8("{\"Item\":{\"\uD83D\uDE00\":{\"Q\":\"c\"}}}\n"));
    InputException e = catchThrowableOfType(InputException.class, () -> convert(src, DDB, 0));
    assertThat(e.diagnostics().get(0).location().column()).isEqualTo(15);
  }

  @Test
  void placesInsideMessages_moveToTheLineToo() throws IOException {
    // Line 2: {"_id":1,"a":1,"a" — "first at line 2, column 10", not the line's own "line 1".
    Path src = write("m.json", utf8("{\"_id\":0}\n{\"_id\":1,\"a\":1,\"a\":2}\n"));
    InputException e = catchThrowableOfType(InputException.class, () -> convert(src, MONGO, 0));
    assertThat(e.diagnostics().get(0).toString())
        .startsWith("m.json:2:16: error: field 'a' is written twice (first at line 2, column 10)");
  }

  @Test
  void aLinePastTheSizeLimit_stopsAtItsFirstBytePastIt_evenWithBadRowsAllowed() throws IOException {
    // With the limit at 1 KiB (the smallest), a line of 2,000 characters: byte 1,025 is its
    // first past the limit, column 1,025.
    String old = System.getProperty(InputLimits.FILE_BYTES_PROPERTY);
    System.setProperty(InputLimits.FILE_BYTES_PROPERTY, "1KiB");
    try {
      String big = "{\"Item\":{\"s\":{\"S\":\"" + "x".repeat(2000) + "\"}}}";
      Path src = write("long.json", utf8(A + "\n" + big + "\n"));
      InputException e = catchThrowableOfType(InputException.class, () -> convert(src, DDB, 5));
      assertThat(e.diagnostics().get(0).toString())
          .startsWith("long.json:2:1025: error: a line longer than 1,024 bytes;");
    } finally {
      if (old == null) {
        System.clearProperty(InputLimits.FILE_BYTES_PROPERTY);
      } else {
        System.setProperty(InputLimits.FILE_BYTES_PROPERTY, old);
      }
    }
  }

  @Test
  void aCutGzipFile_isAnErrorWhereItsTextEnds() throws IOException {
    // Only the 10-byte gzip header (RFC 1952: magic, method, flags, time, xfl, os) and nothing
    // of the compressed data: reading ends before line 1 has a character.
    byte[] whole = gzip(utf8(A + "\n"));
    Path cut = write("cut.json.gz", java.util.Arrays.copyOf(whole, 10));
    InputException e = catchThrowableOfType(InputException.class, () -> convert(cut, DDB, 3));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "cut.json.gz:1:1: error: the compressed data ends early after this point of the"
                + " decompressed text; expected a whole .gz file (was it cut short in a download"
                + " or copy?)");
  }

  @Test
  void gzipMembersOneAfterAnother_areOneText() throws IOException {
    // RFC 1952: a gzip file is a series of members; `cat a.gz b.gz` is one file of both texts.
    var both = new ByteArrayOutputStream();
    both.write(gzip(utf8(A + "\n")));
    both.write(gzip(utf8(B + "\n")));
    assertThat(convert(write("two.json.gz", both.toByteArray()), DDB, 0).rows()).isEqualTo(2);
  }

  @Test
  void bytesAfterTheLastGzipMember_areAnErrorWhereTheTextEnds() throws IOException {
    // The JDK's GZIPInputStream drops them in silence; here they are an error after line 1's
    // line end: line 2, column 1.
    var appended = new ByteArrayOutputStream();
    appended.write(gzip(utf8(A + "\n")));
    appended.write(utf8("garbage"));
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () -> convert(write("tail.json.gz", appended.toByteArray()), DDB, 0));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "tail.json.gz:2:1: error: the gzip data ends here, and bytes that do not start another"
                + " gzip member follow it; expected nothing after the last member (were bytes"
                + " appended to the file?)");
  }

  @Test
  void aGzipMemberWhoseTextDoesNotMatchItsCrc_isDamaged() throws IOException {
    // RFC 1952 section 2.3.1: the trailer's first 4 bytes are the CRC-32 of the text; one bit
    // flipped there, and the text read whole (line 1 and its line end) does not match it.
    byte[] gz = gzip(utf8(A + "\n"));
    gz[gz.length - 8] ^= 1;
    InputException e =
        catchThrowableOfType(InputException.class, () -> convert(write("crc.json.gz", gz), DDB, 0));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "crc.json.gz:2:1: error: damaged compressed data (the CRC-32 of the text does not match"
                + " the member's trailer) after this point of the decompressed text; expected a"
                + " whole .gz file (was it cut short in a download or copy?)");
  }

  @Test
  void aGzipHeaderWithTheOriginalFileName_asGzipWritesIt_isRead() throws IOException {
    // gzip(1) sets FNAME (FLG bit 3) and writes the name, ending in a zero byte, after the
    // 10-byte header (RFC 1952 section 2.3.1); the JDK's writer does not, so it is added here.
    byte[] plain = gzip(utf8(A + "\n"));
    var named = new ByteArrayOutputStream();
    named.write(plain, 0, 10);
    named.write(utf8("data.json\0"));
    named.write(plain, 10, plain.length - 10);
    byte[] gz = named.toByteArray();
    gz[3] = 8;
    assertThat(convert(write("named.json.gz", gz), DDB, 0).rows()).isEqualTo(1);
  }

  @Test
  void reservedGzipHeaderFlags_areRefusedAtTheStart() throws IOException {
    // RFC 1952 section 2.3.1.2: "a compliant decompressor must give an error indication if any
    // reserved bit is non-zero"; FLG is the header's fourth byte.
    byte[] gz = gzip(utf8(A + "\n"));
    gz[3] |= (byte) 0x80;
    InputException e =
        catchThrowableOfType(InputException.class, () -> convert(write("flg.json.gz", gz), DDB, 0));
    assertThat(e.diagnostics().get(0).toString())
        .startsWith("flg.json.gz:1:1: error: damaged compressed data (reserved header flags set)");
  }

  @Test
  void aMissingFile_isAnErrorAtTheFile() {
    InputException e =
        catchThrowableOfType(InputException.class, () -> convert(tmp.resolve("nope.json"), DDB, 0));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo("nope.json: error: cannot read the file: no such file");
  }

  @Test
  void progressIsToldEvery8192Lines_andAtTheEnd() throws IOException {
    var sb = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      sb.append("{\"Item\":{\"pk\":{\"S\":\"k").append(i).append("\"}}}\n");
    }
    byte[] bytes = utf8(sb.toString());
    Path src = write("many.json", bytes);
    List<long[]> seen = new ArrayList<>();
    Exports.toJsonLines(
        src,
        "many.json",
        DDB,
        tmp.resolve("out.jsonl"),
        0,
        (lines, read) -> seen.add(new long[] {lines, read}));
    // 8,192 and 16,384, then the end: 20,000 lines and every byte of the file.
    assertThat(seen).extracting(s -> s[0]).containsExactly(8192L, 16384L, 20000L);
    assertThat(seen.get(2)[1]).isEqualTo(bytes.length);
  }

  @Test
  void tooManyDistinctAttributeNames_stopAtTheLineThatBringsThem() throws IOException {
    // One document of 100,001 fields (_id and a0 … a99999): its names are data, not attributes.
    var sb = new StringBuilder("{\"_id\":1");
    for (int i = 0; i < Exports.MAX_ATTRIBUTES; i++) {
      sb.append(",\"a").append(i).append("\":1");
    }
    Path src = write("wide.json", utf8("{\"_id\":0}\n" + sb + "}\n"));
    InputException e = catchThrowableOfType(InputException.class, () -> convert(src, MONGO, 10));
    assertThat(e.diagnostics().get(0).toString())
        .startsWith(
            "wide.json:2:1: error: this record brings the file's distinct attribute names past"
                + " 100,000 ('a99999')");
  }

  @Test
  void theFirstLine_isReadThroughGzip_forSniffing() throws IOException {
    Path gz = write("x.bin", gzip(utf8("{\"_id\":{\"$oid\":\"5099803df3f4948bd2f98391\"}}\n")));
    assertThat(Exports.firstLine(gz, "x.bin").flatMap(ExportFormat::sniff)).containsSame(MONGO);
    Path csv = write("x.csv", utf8("id,name\n1,a\n"));
    assertThat(Exports.firstLine(csv, "x.csv").flatMap(ExportFormat::sniff)).isEmpty();
    assertThat(Exports.firstLine(write("e", new byte[0]), "e")).isEmpty();
  }

  @Test
  void convertText_givesTheTargetLines_forTestsAndFuzzing() {
    assertThat(Exports.convertText("t", DDB, utf8(A + "\r\n")))
        .containsExactly("{\"$keyplan_bytes\":6,\"pk\":\"a\",\"n\":1}");
  }
}
