package dev.keyplan.dynamodb.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The price table: the built-in one carries its region, date and source; a user's file of the same
 * shape replaces it, and a wrong value is reported at its line and column.
 */
final class PriceTableTest {
  @Test
  void builtIn_isUsEastStandard_withItsDateAndSource() {
    PriceTable p = PriceTable.builtIn();
    assertThat(p.region()).isEqualTo("us-east-1");
    assertThat(p.tableClass()).isEqualTo("STANDARD");
    assertThat(p.checked()).matches("\\d{4}-\\d{2}-\\d{2}");
    assertThat(p.source()).contains("https://aws.amazon.com/dynamodb/pricing/");
  }

  @Test
  void monthlyFigures_useAws730HourMonth() {
    // A made-up table with round prices: $1 per million request units, $0.001 per unit-hour,
    // $0.25 per GB-month. 1,000 units/s for 730 h = 2.628 billion units = $2,628; 1,000
    // provisioned units for 730 h = $730; 2^30 × 4 bytes = 4 GB = $1.
    PriceTable p =
        PriceTable.parse(
            "p.yaml",
            """
        region: test-1
        currency: USD
        checked: 2026-12-02
        source: test
        on_demand: {write_request_units_per_million: 1, read_request_units_per_million: 1}
        provisioned: {write_capacity_unit_hour: 0.001, read_capacity_unit_hour: 0.001}
        storage: {gb_month: 0.25}
        """);
    assertThat(p.onDemandMonthly(1_000, 0)).isCloseTo(2_628, within(1e-6));
    assertThat(p.provisionedMonthly(0, 1_000)).isCloseTo(730, within(1e-9));
    assertThat(p.storageMonthly(4 * PriceTable.BYTES_PER_GB)).isCloseTo(1, within(1e-12));
  }

  @Test
  void builtIn_onDemandWrites_matchTheJavadocExample() {
    // 1,000 WRU/s × 2,628,000 s × $0.625 per million = $1,642.50 (US East, since 2024-11-01).
    assertThat(PriceTable.builtIn().onDemandMonthly(0, 1_000)).isCloseTo(1_642.5, within(1e-6));
  }

  @Test
  void wrongAndMissingValues_areReportedWhereTheyAre() {
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () ->
                PriceTable.parse(
                    "p.yaml",
                    """
        region: eu-west-1
        currency: EUR
        checked: 2026-12-02
        source: my sheet
        on_demand: {write_request_units_per_million: cheap, read_request_units_per_million: 0.1}
        provisioned: {write_capacity_unit_hour: 0.001}
        storage: {gb_month: 0.3, gb_year: 3}
        """));
    assertThat(e.diagnostics())
        .extracting(Object::toString)
        .containsExactly(
            "p.yaml:5:46: error: expected 'write_request_units_per_million' as a price of 0 or more, such as 0.25,"
                + " but found 'cheap'",
            "p.yaml:6:14: error: missing 'read_capacity_unit_hour': expected a price such as 0.25",
            "p.yaml:7:26: error: unknown key 'gb_year'; expected one of gb_month");
  }

  @Test
  void missingFile_isReportedAtTheModelsPricesKey() {
    Location at = new Location("m.yaml", 40, 11);
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> PriceTable.read(Path.of("no-such.yaml"), at));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo("m.yaml:40:11: error: cannot read the price table no-such.yaml: no such file");
  }
}
