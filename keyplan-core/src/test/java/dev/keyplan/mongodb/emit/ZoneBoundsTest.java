package dev.keyplan.mongodb.emit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.InputException;
import org.junit.jupiter.api.Test;

/**
 * Zone bounds typed as the shard key's first field is stored ("The value must be of the same BSON
 * type or types as the shard key": MongoDB manual, "sh.updateZoneKeyRange()"): a range of ints is
 * not a range of strings, and would hold no document.
 */
final class ZoneBoundsTest {

  /**
   * LOGINS with the sessions' region stored as {@code type}, and its zones bounded by {@code min}
   * and {@code max}.
   */
  private static String sessions(String type, String min, String max) {
    return MongoDesigns.LOGINS
        .replace("region: {type: text, values: [eu, us]}", "region: " + type)
        .replace(
            "{name: EU, min: MinKey, max: us, shards: [0]}",
            "{name: EU, min: " + min + ", max: " + max + ", shards: [0]}")
        .replace("        - {name: US, min: us, max: MaxKey, shards: [1]}\n", "");
  }

  private static String rangeLine(String model) {
    return MongoshScript.emit(MongoDesigns.analyze(model))
        .lines()
        .filter(l -> l.startsWith("sh.updateZoneKeyRange("))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void intField_takesIntBounds() {
    // region as int: 10 and 20 are ints (no quotes); _id after it is MinKey in both bounds.
    assertThat(rangeLine(sessions("int", "10", "20")))
        .isEqualTo(
            "sh.updateZoneKeyRange(db.getName() + \".sessions\", {\"region\": 10, \"_id\": MinKey}, {\"region\": 20, \"_id\": MinKey}, \"EU\");");
  }

  @Test
  void theLeastStringAboveAValue_isWrittenBackAsTheValueThenMaxKey() {
    // A zone imported from config.tags {region: "eu", _id: MaxKey} ends at "eu" followed by U+0000
    // (docs/mongodb-import.md, "Zones"); emit writes the bound it came from, the same range.
    assertThat(rangeLine(sessions("{type: text, size: 2B}", "MinKey", "{after: eu}")))
        .isEqualTo(
            "sh.updateZoneKeyRange(db.getName() + \".sessions\", {\"region\": MinKey, \"_id\": MinKey}, {\"region\": \"eu\", \"_id\": MaxKey}, \"EU\");");
  }

  @Test
  void dateField_takesUtcMidnight() {
    // 2026-01-01 is midnight UTC, 1,767,225,600,000 ms after the epoch, written as ISODate.
    assertThat(rangeLine(sessions("date", "2026-01-01", "2027-01-01")))
        .contains(
            "{\"region\": ISODate(\"2026-01-01T00:00:00.000Z\"), \"_id\": MinKey}",
            "{\"region\": ISODate(\"2027-01-01T00:00:00.000Z\"), \"_id\": MinKey}");
  }

  @Test
  void aBoundThatIsNotAValueOfTheField_isAnInputError() {
    // The model reader already refuses a non-number on a numeric field; a date the emitter types.
    assertThatThrownBy(() -> rangeLine(sessions("date", "abc", "abd")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "zone 'EU' of collection 'sessions': min 'abc' is not a value of region, which is stored as date");
  }
}
