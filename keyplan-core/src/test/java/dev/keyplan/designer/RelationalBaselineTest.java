package dev.keyplan.designer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The relational column: PostgreSQL row widths, instances for the load, and when it does not fit.
 */
class RelationalBaselineTest {
  private static Model model(String writes, String reads) {
    return model(writes, reads, "Note", "0/s");
  }

  private static Model model(String writes, String reads, String insert, String growth) {
    String yaml =
        """
        model: m
        horizon: 1y
        entities:
          Note:
            attributes:
              note_id: uuid
              author_id: bigint
              body: {type: text, size: 40B}
            key: [note_id]
            count: 1M
            growth: %s
        patterns:
          - id: read
            rate: %s
            query: Note where note_id = ?
          - id: write
            rate: %s
            insert: %s
        """
            .formatted(growth, reads, writes, insert);
    return ModelReader.read("m.yaml", yaml, Path.of("."));
  }

  @Test
  void aRowIsItsHeaderLinePointerAndColumns_plusItsKeyEntry() {
    RelationalBaseline r = RelationalBaseline.of(model("1/s", "1/s"), Prices.DEFAULTS);
    // Row: 24 + 4 + uuid 16 + bigint 8 + text 40 + 1 = 93 B; key entry 16 + 16 = 32 B; no growth,
    // so 1M rows × 125 B.
    assertThat(r.rows()).isEqualTo(1_000_000);
    assertThat(r.bytes()).isEqualTo(125_000_000);
  }

  @Test
  void rowsWithATtlAreCountedForOneTtlsWorth() {
    // The same Note, 1M rows today, growing by 10/s for a year: without a TTL 1M + 10 × 31,536,000
    // = 316,360,000 rows; with `using ttl 30d` on the one insert, today's rows are gone after 30
    // days and 10 × 2,592,000 = 25,920,000 remain, as every store's sizing counts them.
    Model forever = model("10/s", "1/s", "Note", "10/s");
    Model expiring = model("10/s", "1/s", "Note using ttl 30d", "10/s");
    assertThat(RelationalBaseline.of(forever, Prices.DEFAULTS).rows()).isEqualTo(316_360_000);
    assertThat(RelationalBaseline.of(expiring, Prices.DEFAULTS).rows()).isEqualTo(25_920_000);
  }

  @Test
  void instancesFollowTheLoad_andWritesMustFitThePrimary() {
    // 4,000 reads + 1,000 writes over 5,000 a second an instance: 1, so the minimum 2.
    RelationalBaseline r = RelationalBaseline.of(model("1k/s", "4k/s"), Prices.DEFAULTS);
    assertThat(r.cost().units(1)).isEqualTo(2);
    // ×3: 15,000/s over 5,000 = 3 instances; writes 3,000/s still under 5,000.
    assertThat(r.cost().units(3)).isEqualTo(3);
    assertThat(r.misfit(3)).isEmpty();
    // ×6: 6,000 writes a second are over half of the primary's 10,000.
    assertThat(r.misfit(6)).get().asString().contains("6,000/s writes are over half");
    // Each instance: $0.504 × 730 + 0.1164 GiB × $0.08.
    assertThat(r.cost().perUnitMonthly())
        .isCloseTo(0.504 * 730 + 125_000_000 / Math.pow(2, 30) * 0.08, within(1e-9));
  }

  @Test
  void aGivenPriceReplacesTheDefault() {
    RelationalBaseline r =
        RelationalBaseline.of(model("1/s", "1/s"), new Prices(Map.of("relational.instance", 1.0)));
    assertThat(r.cost().perUnitMonthly()).isGreaterThan(730).isLessThan(731);
    assertThat(r.cost().basis()).contains("as given");
  }

  @Test
  void rowsThatMustStayInTheirPlace_doNotFitOnePrimary() {
    // The global shop's 10,000 order operations a second fit one primary and 2 replicas by load;
    // its customers and orders must stay in their region, and one primary is in one place.
    Model m = ModelReader.read("w.yaml", DesignWorkloads.GLOBAL_SHOP, java.nio.file.Path.of("."));
    RelationalBaseline r = RelationalBaseline.of(m, Prices.DEFAULTS);
    assertThat(r.residency()).containsExactly("Customer.region", "Order.region");
    assertThat(r.misfit(1))
        .hasValueSatisfying(
            why ->
                assertThat(why)
                    .startsWith(
                        "its rows must stay in their place (Customer.region, Order.region)"));
  }
}
