package dev.keyplan.mongodb.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.catalog.LocatedBson.Node;
import java.util.List;
import org.bson.BsonBinarySubType;
import org.bson.BsonType;
import org.junit.jupiter.api.Test;

/**
 * mongosh 2's own printing of BSON values, read through {@link LocatedBson} with every place kept.
 *
 * <p>The texts are written in mongosh 2's printing style: two-space indents, unquoted names but
 * quoted ones that need it ({@code '$clusterTime'}), single-quoted strings, and the Node.js {@code
 * bson} library's constructors, as mongosh 2 sessions pasted in public issues and READMEs show them
 * ({@code clusterTime: Timestamp({ t: 1700654054, i: 2 })}, {@code hash:
 * Binary.createFromBase64('4biVPM9Ys3uAlfWDpxlwvqY+Y8Q=', 0)}, {@code keyId:
 * Long('7256785174342402050')}, {@code _id: ObjectId('6831873ca8646fb356b6a0d9')}, {@code
 * created_at: ISODate('2025-05-24T08:45:48.865Z')}). Types are the BSON specification's
 * (https://bsonspec.org/spec.html).
 */
final class MongoshTextTest {
  private static Node read(String text) {
    return LocatedBson.read("m.js", text).values().get(0);
  }

  private static List<String> errors(String text) {
    try {
      LocatedBson.read("m.js", text);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("no error");
  }

  @Test
  void everyConstructorMongoshPrints_readsAsItsBsonType() {
    Node d =
        read(
            """
            {
              _id: ObjectId('6831873ca8646fb356b6a0d9'),
              n: Long('7'),
              i: Int32(3),
              d: Double(1),
              x: Decimal128('1.5'),
              ts: Timestamp({ t: 4294967295, i: 4 }),
              at: ISODate('2025-05-24T08:45:48.865Z'),
              bin: Binary.createFromBase64('AQID', 0),
              uuid: UUID('00112233-4455-6677-8899-aabbccddeeff'),
              lo: MinKey(),
              hi: MaxKey(),
              text: 'Long(\\'1\\') stays a string'
            }
            """);
    var doc = d.value().asDocument();
    assertThat(doc.get("_id").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
    assertThat(doc.get("n").asInt64().getValue()).isEqualTo(7L);
    assertThat(doc.get("i").asInt32().getValue()).isEqualTo(3);
    // Double(1) is a double: 1 alone would be an int32.
    assertThat(doc.get("d").getBsonType()).isEqualTo(BsonType.DOUBLE);
    assertThat(doc.get("d").asDouble().getValue()).isEqualTo(1.0);
    assertThat(doc.get("x").asDecimal128().getValue().toString()).isEqualTo("1.5");
    // t = 2³² − 1, over int32: the legacy Timestamp(t, i) would refuse it, $timestamp takes it.
    assertThat(doc.get("ts").asTimestamp().getTime()).isEqualTo(-1); // unsigned 4294967295
    assertThat(doc.get("ts").asTimestamp().getInc()).isEqualTo(4);
    // 2025-05-24T08:45:48.865Z is 1,748,076,348,865 ms after the epoch.
    assertThat(doc.get("at").asDateTime().getValue()).isEqualTo(1_748_076_348_865L);
    // 'AQID' is the bytes 1, 2, 3.
    assertThat(doc.get("bin").asBinary().getData()).containsExactly(1, 2, 3);
    assertThat(doc.get("bin").asBinary().getType()).isEqualTo(BsonBinarySubType.BINARY.getValue());
    assertThat(doc.get("uuid").asBinary().getType())
        .isEqualTo(BsonBinarySubType.UUID_STANDARD.getValue());
    assertThat(doc.get("lo").getBsonType()).isEqualTo(BsonType.MIN_KEY);
    assertThat(doc.get("hi").getBsonType()).isEqualTo(BsonType.MAX_KEY);
    assertThat(doc.get("text").asString().getValue()).isEqualTo("Long('1') stays a string");
  }

  @Test
  void placesAfterARewrittenValue_areTheUsersText() {
    // "  n: Long('7'), i: Int32(3), s: 'x'" — Long('7') becomes NumberLong('7'), six characters
    // longer, and Int32(3) NumberInt(3), four longer; as written, n's value starts at column 6, i
    // at 17, s at 30 and its value at 33.
    Node d = read("{\n  n: Long('7'), i: Int32(3), s: 'x'\n}");
    assertThat(d.member("n").orElseThrow().value().location())
        .isEqualTo(new Location("m.js", 2, 6));
    assertThat(d.member("i").orElseThrow().location()).isEqualTo(new Location("m.js", 2, 17));
    assertThat(d.member("s").orElseThrow().location()).isEqualTo(new Location("m.js", 2, 30));
    assertThat(d.member("s").orElseThrow().value().location())
        .isEqualTo(new Location("m.js", 2, 33));
  }

  @Test
  void anErrorAfterARewrittenValue_isAtItsOwnColumn() {
    // c has no value: the '}' is at column 49 as written (Timestamp(…) fills columns 5–29,
    // Long('7') 35–43); the rewritten text has it 13 further right (Timestamp({ t: 1, i: 2 }) →
    // {"$timestamp": {"t": 1, "i": 2}}, 25 → 32 characters, and Long('7') → NumberLong('7'),
    // 9 → 15).
    assertThat(errors("{a: Timestamp({ t: 1, i: 2 }), b: Long('7'), c: }"))
        .containsExactly("m.js:1:49: error: invalid Extended JSON: expected a value, found '}'");
  }

  @Test
  void aBadValueInsideARewrittenOne_isAtTheConstructor() {
    // NumberLong('seven') is not a number: the problem is placed at the Long it came from.
    assertThat(errors("{\n  keyId: Long('seven')\n}")).first().asString().startsWith("m.js:2:10:");
  }

  @Test
  void whatMongoshPrintsThatIsStillNotRead_saysWhatToRun() {
    // Code('…') has no form the library reads: the message names it and says to print Extended
    // JSON instead. "  { _id: 'a', f: " is 17 characters, so Code is at column 18.
    List<String> e = errors("[\n  { _id: 'a', f: Code('function () {}') }\n]");
    assertThat(e).hasSize(1);
    assertThat(e.get(0))
        .startsWith("m.js:2:18: error: invalid Extended JSON: expected a value, found 'Code'")
        .contains("the file has mongosh's Code(…)")
        .endsWith("print the output with EJSON.stringify(…), see docs/mongodb-import.md");
  }

  @Test
  void aValueMongoshCut_saysWhatToRun() {
    // mongosh prints a value nested deeper than its inspect depth as [Object].
    List<String> e = errors("{ a: { b: [Object] } }");
    assertThat(e.get(0)).contains("the file has mongosh's [Object]");
  }
}
