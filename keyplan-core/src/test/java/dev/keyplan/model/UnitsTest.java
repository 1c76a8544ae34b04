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

  @Test
  void grouped_writesWhatTheFormatterWrites_atEveryGroupBoundaryAndSign() {
    // Units.count and its callers wrote String.format(Locale.ROOT, "%,d", v); reports and goldens
    // hold that text, so the hand-written grouping must agree digit for digit.
    long[] values = {
      0,
      7,
      99,
      999,
      1_000,
      9_999,
      10_000,
      123_456,
      999_999,
      1_000_000,
      17_584_229,
      999_999_999_999_999L,
      Long.MAX_VALUE,
      Long.MIN_VALUE
    };
    for (long v : values) {
      for (long x : new long[] {v, -v}) {
        assertThat(Units.grouped(x))
            .as("%d", x)
            .isEqualTo(String.format(java.util.Locale.ROOT, "%,d", x));
      }
    }
    assertThat(Units.count(-1_234_567)).isEqualTo("-1,234,567");
    assertThat(Units.count(1234.5)).isEqualTo("1,235");
  }

  @Test
  void percent_dropsTrailingZerosAndABarePoint() {
    // significant() writes 12.50 as 12.5 and 3.00 (a whole number only by rounding) as 3.
    assertThat(Units.percent(0.125)).isEqualTo("12.5%");
    assertThat(Units.percent(0.0299999)).isEqualTo("3%");
    assertThat(Units.percent(0.000_5)).isEqualTo("0.05%");
    assertThat(Units.percent(1.5)).isEqualTo("150%");
  }
}
