package dev.keyplan.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How the rules write capacity units, shares of a ceiling and unit rates: the same text the report
 * prints for the same figure, so a finding and the table it cites agree.
 */
final class UnitsTest {
  @Test
  void capacity_keepsTwoDecimalsBelowTen_andCountsFromTen() {
    // An eventually consistent read of one 4 KB block is half a unit; 17,584,229 RCU is a Scan.
    assertThat(Units.capacity(0.5)).isEqualTo("0.5");
    assertThat(Units.capacity(7.25)).isEqualTo("7.25");
    assertThat(Units.capacity(1 / 3.0)).isEqualTo("0.33");
    assertThat(Units.capacity(3)).isEqualTo("3");
    assertThat(Units.capacity(17_584_229)).isEqualTo("17,584,229");
    // From 10 up the fraction is noise next to the whole: 12.5 rounds half up to 13.
    assertThat(Units.capacity(12.5)).isEqualTo("13");
  }

  @Test
  void capacity_writesATraceAsBelowOneHundredth_andUnknownAsQuestionMark() {
    // 0.004 would print 0.00 with two decimals, which reads as none at all.
    assertThat(Units.capacity(0.004)).isEqualTo("<0.01");
    assertThat(Units.capacity(Double.NaN)).isEqualTo("?");
  }

  @Test
  void share_writesATraceAsBelowOneHundredthOfAPercent() {
    // 0.5 RCU/s of a 3,000 RCU ceiling is 0.0167%: shown; 0.1 RCU/s, 0.0033%, is a trace.
    assertThat(Units.share(0.5 / 3000)).isEqualTo("0.017%");
    assertThat(Units.share(0.1 / 3000)).isEqualTo("<0.01%");
    assertThat(Units.share(0)).isEqualTo("0%");
    assertThat(Units.share(0.25)).isEqualTo("25%");
  }

  @Test
  void rateOfUnits_isTheRateWithTheUnitBeforePerSecond() {
    assertThat(Units.rate(120, "WCU")).isEqualTo("120 WCU/s");
    assertThat(Units.rate(0.5, "RCU")).isEqualTo("0.5 RCU/s");
    // Below 10 a rate keeps two significant digits: 7 of 12 units a second is 0.58.
    assertThat(Units.rate(7 / 12.0, "RCU")).isEqualTo("0.58 RCU/s");
    assertThat(Units.rate(Double.NaN, "WCU")).isEqualTo("? WCU/s");
  }
}
