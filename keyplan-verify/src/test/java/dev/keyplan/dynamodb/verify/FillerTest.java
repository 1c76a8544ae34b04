package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.facts.ItemSize;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Made-up values are exactly as big as keyplan's ItemSize counts them. */
final class FillerTest {
  private final Filler filler = new Filler(1);

  /** The value's size by keyplan's rules, without the attribute's name. */
  private static long size(AttributeValue v) {
    return SdkValues.size(Map.of("x", v)) - 1;
  }

  @Test
  void text_hasExactlyTheBytesAsked_andEndsWithItsTag() {
    for (int n = 0; n <= 300; n++) {
      String s = filler.text("name", "k9", n);
      assertThat(ItemSize.utf8Bytes(s)).as("text of %d bytes", n).isEqualTo(n);
    }
    assertThat(filler.text("name", "k9", 10)).endsWith("k9");
    // Shorter than its tag: the tag's last characters, which tell rows apart.
    assertThat(filler.text("name", "abc123", 3)).isEqualTo("123");
  }

  @Test
  void numbers_haveEverySizeFromOneTo21Bytes() {
    for (int b = 1; b <= 21; b++) {
      String n = filler.number("total", "t", b);
      assertThat(ItemSize.numberBytes(n)).as("number %s for %d bytes", n, b).isEqualTo(b);
    }
    // 11 bytes, a bigint's size in keyplan: 20 significant digits, no trailing zero.
    assertThat(filler.number("id", "t", 11)).hasSize(20).doesNotEndWith("0");
  }

  @Test
  void everyStoredType_hasTheSizeAsked() {
    for (String type : new String[] {"S", "N", "B", "L", "M", "SS", "NS", "BS"}) {
      for (long bytes : new long[] {6, 11, 40, 300, 2_712}) {
        for (int items : new int[] {1, 3, 9}) {
          AttributeValue v = filler.value(type, "lines", "r1", bytes, items);
          long expected = type.equals("N") ? Math.min(bytes, 21) : bytes;
          assertThat(size(v))
              .as("%s of %d bytes, %d items", type, bytes, items)
              .isEqualTo(expected);
        }
      }
    }
    assertThat(size(filler.value("BOOL", "paid", "r1", 1, 1))).isEqualTo(1);
    assertThat(size(filler.value("NULL", "gone", "r1", 1, 1))).isEqualTo(1);
  }

  @Test
  void collections_haveTheModelsNumberOfElements() {
    // keyplan's list<text> of 9 items of 300 B is 3 + 9 × (1 + 300) = 2,712 B.
    AttributeValue lines = filler.value("L", "lines", "r1", 2_712, 9);
    assertThat(lines.l()).hasSize(9);
    assertThat(lines.l()).allSatisfy(e -> assertThat(e.s()).hasSize(300));
    assertThat(filler.value("SS", "tags", "r1", 30, 3).ss()).hasSize(3).doesNotHaveDuplicates();
    assertThat(filler.value("NS", "ids", "r1", 33, 3).ns()).hasSize(3).doesNotHaveDuplicates();
  }

  @Test
  void theSameSeedAndTag_giveTheSameValue_andAnotherTagAnother() {
    assertThat(new Filler(7).text("email", "a1", 30))
        .isEqualTo(new Filler(7).text("email", "a1", 30));
    assertThat(new Filler(7).text("email", "a1", 30))
        .isNotEqualTo(new Filler(8).text("email", "a1", 30));
    assertThat(filler.text("email", "a1", 30)).isNotEqualTo(filler.text("email", "a2", 30));
  }

  @Test
  void aSizeThatCannotBeMade_getsTheNearestValue() {
    // A string set cannot be empty: 0 bytes becomes one element of 1 byte, and the size table shows
    // it.
    assertThat(size(filler.value("SS", "tags", "r1", 0, 2))).isEqualTo(1);
    // A list is at least its 3 bytes of overhead.
    assertThat(size(filler.value("L", "xs", "r1", 1, 2))).isEqualTo(3);
  }
}
