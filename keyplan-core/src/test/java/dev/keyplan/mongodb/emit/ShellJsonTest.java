package dev.keyplan.mongodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.bson.UuidRepresentation;
import org.junit.jupiter.api.Test;

/** Values as mongosh source, each read back by the BSON library's JsonReader to the same value. */
final class ShellJsonTest {

  private static void readsBack(BsonDocument d) {
    assertThat(BsonDocument.parse(ShellJson.compact(d))).isEqualTo(d);
  }

  @Test
  void strings_escapeQuotesBackslashesAndLineBreaks() {
    // A raw line break or U+2028 in a literal would end it in older JavaScript; each is escaped.
    BsonString s = new BsonString("a\"b\\c\nd\u2028e");
    assertThat(ShellJson.value(s)).isEqualTo("\"a\\\"b\\\\c\\nd\\u2028e\"");
    readsBack(new BsonDocument("s", s));
  }

  @Test
  void shellHelpers_forMinKeyMaxKeyLongsAndUuids() {
    UUID id = UUID.fromString("3b241101-e2bb-4255-8caf-4136c566a962");
    BsonDocument d =
        new BsonDocument("lo", new BsonMinKey())
            .append("hi", new BsonMaxKey())
            .append("n", new BsonInt64(9_007_199_254_740_993L))
            .append("u", new BsonBinary(id, UuidRepresentation.STANDARD))
            .append("b", new BsonBinary(new byte[] {1, 2, 3}));
    // 2^53 + 1 as a string, which a JavaScript number cannot hold exactly.
    assertThat(ShellJson.compact(d))
        .isEqualTo(
            "{\"lo\": MinKey, \"hi\": MaxKey, \"n\": NumberLong(\"9007199254740993\"),"
                + " \"u\": UUID(\"3b241101-e2bb-4255-8caf-4136c566a962\"), \"b\": BinData(0, \"AQID\")}");
    readsBack(d);
  }
}
