package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parts of a document add up to the whole less its 5 bytes of length and final NUL, and the
 * array that fits a limit is the largest one that does.
 */
final class DocumentPartsTest {
  private static final String MODEL =
      """
      model: shop
      horizon: 1d
      entities:
        Order:
          attributes:
            order_id: uuid
            note: {type: text, size: 40B}
          key: [order_id]
          count: 1k
        OrderLine:
          attributes:
            order_id: uuid
            qty: int
          count: 3k
      patterns:
        - id: order
          rate: 1/s
          query: Order where order_id = ?
      mongodb:
        collections:
          orders:
            entity: Order
            embed:
              lines: {entity: OrderLine, by: order_id, max: 100}
      """;

  @Test
  void partsAddUpToTheDocument() {
    MongoDbAnalysis a = MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", MODEL, Path.of(".")));
    MongoDbCollection c = a.collection("orders").orElseThrow();
    Map<String, Long> parts = DocumentParts.of(a, c, false);
    // _id: binData 1 + 4 + 4 + 1 + 16 = 26; note: 1 + 5 + 4 + 40 + 1 = 51; lines: 1 + 6 + the array
    // of
    // 3 elements {qty: int} (4 + 1 + 4 + 4 + 1 = 14 B), 3 × (1 + 2 + 14) + 5 = 56: 63 B.
    assertThat(parts)
        .containsEntry("_id", 26L)
        .containsEntry("note", 51L)
        .containsEntry("lines", 63L);
    assertThat(parts.values().stream().mapToLong(Long::longValue).sum() + 5)
        .isEqualTo(c.typicalBytes());
  }

  @Test
  void elementsWithin_isTheLargestArrayThatFits() {
    MongoDbAnalysis a = MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", MODEL, Path.of(".")));
    MongoDbCollection c = a.collection("orders").orElseThrow();
    MongoDbEmbed lines = c.embeds().get(0);
    // Beside 82 B of other fields, lines takes 7 B of type and name, 5 of array, 17 B for each of
    // the
    // first 10 elements and 18 for the next: 50 elements are 82 + 12 + 170 + 40 × 18 = 984 B, 51
    // are 1,002.
    double n = DocumentParts.elementsWithin(a, c, lines, 82, 1_000);
    assertThat(n).isEqualTo(50);
    assertThat(82 + DocumentParts.embedBytes(a, c, lines, n)).isLessThanOrEqualTo(1_000);
    assertThat(82 + DocumentParts.embedBytes(a, c, lines, n + 1)).isGreaterThan(1_000);
    assertThat(DocumentParts.elementsWithin(a, c, lines, 1_000, 1_000)).isEqualTo(-1);
  }
}
