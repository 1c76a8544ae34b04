package dev.keyplan.mongodb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pasted mongosh output read with every value's place: several documents one after another, and
 * mongosh 2's printing of BSON types the library does not read (an explain's {@code $clusterTime}
 * holds {@code Timestamp({ t, i })}, {@code Binary.createFromBase64(…)} and {@code Long('…')}).
 */
final class PastedJsonTest {
  @Test
  void severalDocumentsOverManyLines_areReadEachAtItsPlace() {
    List<PastedJson.Value> v =
        PastedJson.read("f", "{\n  a: 1\n}\n\n{\n  b: 'x',\n  c: [1, 2]\n}\n");
    assertThat(v).hasSize(2);
    assertThat(v.get(0).location().toString()).isEqualTo("f:1:1");
    assertThat(v.get(1).location().toString()).isEqualTo("f:5:1");
    assertThat(v.get(1).member("c").orElseThrow().location().toString()).isEqualTo("f:7:3");
    assertThat(v.get(1).member("c").orElseThrow().value().elements()).hasSize(2);
  }

  @Test
  void mongoshTwosTypes_areRead_andEverythingAfterThemStaysInPlace() {
    String text =
        "{ t: Timestamp({ t: 1733390000, i: 7 }), h: Binary.createFromBase64('AAAA', 0),"
            + " k: Long('42'), n: Int32(5), after: 1 }";
    PastedJson.Value v = PastedJson.read("f", text).get(0);
    assertThat(v.value().asDocument().getTimestamp("t").getTime()).isEqualTo(1733390000);
    assertThat(v.value().asDocument().getTimestamp("t").getInc()).isEqualTo(7);
    assertThat(v.value().asDocument().getBinary("h").getData()).hasSize(3);
    assertThat(v.value().asDocument().get("k").asNumber().longValue()).isEqualTo(42);
    assertThat(v.value().asDocument().get("n").asNumber().intValue()).isEqualTo(5);
    // "after" is written at column text.indexOf("after") + 1, as the user sees it.
    assertThat(v.member("after").orElseThrow().location().column())
        .isEqualTo(text.indexOf("after") + 1);
  }

  @Test
  void anErrorInTheSecondDocument_isPlacedInTheFile() {
    assertThatThrownBy(() -> PastedJson.read("f", "{ a: 1 }\n{\n  b: ,\n}\n"))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("f:3:6: error: invalid Extended JSON: expected a value");
  }
}
