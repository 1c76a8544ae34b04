package dev.keyplan.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a child's rows per parent stop growing ({@link KeyCounts#arriveWithNewParents}): seed 003's
 * orders and their lines, against seed 000's reviews of products that never grow.
 */
final class KeyCountsTest {
  private static Model shop(String lineGrowth, String lineSpread, String reviewGrowth) {
    String yaml =
        """
        model: m
        horizon: 1y
        entities:
          Order:
            attributes: {order_id: uuid}
            key: [order_id]
            count: 20M
            growth: 10/s
          OrderLine:
            attributes: {order_id: uuid, line: int}
            key: [order_id, line]
            count: 60M
            growth: %s
            %s
          Product:
            attributes: {product_id: uuid}
            key: [product_id]
            count: 50k
          Review:
            attributes: {review_id: uuid, product_id: uuid}
            key: [review_id]
            count: 1M
            growth: %s
        patterns:
          - id: q
            rate: 1/s
            query: Order where order_id = ?
        """
            .formatted(lineGrowth, lineSpread, reviewGrowth);
    return ModelReader.read("m.yaml", yaml, Path.of("."));
  }

  private static boolean lines(Model m) {
    return KeyCounts.arriveWithNewParents(
        m.entities().get("OrderLine"), m.entities().get("Order"), List.of("order_id"));
  }

  @Test
  void linesThatComeWithNewOrders_stayAsManyPerOrder() {
    // 30/s × 20M orders = 600M ≤ 60M lines × 10/s = 600M: 3 lines an order at any horizon.
    assertThat(lines(shop("30/s", "", "1/s"))).isTrue();
    // Fewer new lines per new order than today's: the ratio falls, still bounded.
    assertThat(lines(shop("20/s", "", "1/s"))).isTrue();
  }

  @Test
  void linesThatOutgrowTheirOrders_orAreDeclaredSkewed_areNot() {
    // 31/s × 20M = 620M > 600M: each order gains lines over time.
    assertThat(lines(shop("31/s", "", "1/s"))).isFalse();
    // A declared spread over order_id says where the lines go; a busiest order takes its share of
    // every new line, whatever the orders do.
    assertThat(lines(shop("30/s", "spread: {order_id: {distinct: 20M, busiest: 1%}}", "1/s")))
        .isFalse();
  }

  @Test
  void reviewsOfProductsThatNeverGrow_areNot() {
    Model m = shop("30/s", "", "1/s");
    assertThat(
            KeyCounts.arriveWithNewParents(
                m.entities().get("Review"), m.entities().get("Product"), List.of("product_id")))
        .isFalse();
  }
}
