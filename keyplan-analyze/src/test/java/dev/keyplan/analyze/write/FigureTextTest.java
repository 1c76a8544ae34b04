package dev.keyplan.analyze.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Quantities;
import org.junit.jupiter.api.Test;

/**
 * Measured figures are written in the model's syntax, three significant figures, and read back by
 * the model's own {@link Quantities} to the measured value within 0.5%.
 */
class FigureTextTest {

  @Test
  void countsTakeTheModelsSuffixesAfterRounding() {
    assertThat(FigureText.count(7)).isEqualTo("7");
    assertThat(FigureText.count(2.468)).isEqualTo("2.47");
    assertThat(FigureText.count(1_234)).isEqualTo("1.23k");
    assertThat(FigureText.count(10_234_567)).isEqualTo("10.2M");
    // 999,600 rounds to 1,000,000 at three figures: the suffix follows the rounded value.
    assertThat(FigureText.count(999_600)).isEqualTo("1M");
    assertThat(FigureText.count(2e9)).isEqualTo("2B");
    assertThat(FigureText.count(1.5e12)).isEqualTo("1.5T");
    assertThat(FigureText.count(0)).isEqualTo("0");
  }

  @Test
  void sizesAreWholeBytesBelowAKilobyteAndDecimalAbove() {
    // Quantities.bytes rounds to whole bytes, so 38.6 B is written as the 39B it would read.
    assertThat(FigureText.size(38.6)).isEqualTo("39B");
    assertThat(FigureText.size(212.4)).isEqualTo("212B");
    // An average below one byte (mostly empty strings) is written as the model's least size.
    assertThat(FigureText.size(0.2)).isEqualTo("1B");
    // 2,048.3 B = 2.05 KB at three figures; KB is 1,000 B, as docs/model.md counts.
    assertThat(FigureText.size(2_048.3)).isEqualTo("2.05KB");
    assertThat(FigureText.size(999.6)).isEqualTo("1KB");
    assertThat(FigureText.size(4_500_000)).isEqualTo("4.5MB");
  }

  @Test
  void ratesBelowOneASecondTakeALongerUnit() {
    assertThat(FigureText.rate(49_800)).isEqualTo("49.8k/s");
    assertThat(FigureText.rate(2)).isEqualTo("2/s");
    assertThat(FigureText.rate(0)).isEqualTo("0/s");
    // 0.5/s × 60 = 30/min.
    assertThat(FigureText.rate(0.5)).isEqualTo("30/min");
    // 0.0123/s × 3,600 = 44.28/h, 44.3 at three figures.
    assertThat(FigureText.rate(0.0123)).isEqualTo("44.3/h");
    // 1e-5/s × 86,400 = 0.864/day.
    assertThat(FigureText.rate(1e-5)).isEqualTo("0.864/day");
  }

  @Test
  void sharesArePercentagesWithoutExponents() {
    assertThat(FigureText.share(0.6)).isEqualTo("60%");
    assertThat(FigureText.share(0.0021)).isEqualTo("0.21%");
    assertThat(FigureText.share(1)).isEqualTo("100%");
    // 1 / 5,012,345 = 1.995e-7, ×100 = 1.995e-5 %, 0.0000200 at three figures.
    assertThat(FigureText.share(1 / 5_012_345.0)).isEqualTo("0.00002%");
    assertThat(FigureText.zipf(1.1)).isEqualTo("zipf(1.1)");
    assertThat(FigureText.items(3.5)).isEqualTo("4");
    assertThat(FigureText.items(0.2)).isEqualTo("1");
  }

  @Test
  void everyWrittenFigureReadsBackWithinHalfAPercent() {
    // A deterministic sweep over nine decades, 3 figures each way.
    java.util.Random r = new java.util.Random(19);
    for (int i = 0; i < 2_000; i++) {
      double v = Math.pow(10, r.nextDouble() * 9) * (1 + r.nextDouble());
      assertThat(Quantities.count(FigureText.count(v)).getAsDouble())
          .isCloseTo(v, within(v * 0.005));
      assertThat(Quantities.perSecond(FigureText.rate(v / 1e6)).getAsDouble())
          .isCloseTo(v / 1e6, within(v / 1e6 * 0.005));
      double bytes = Math.max(1000, v);
      assertThat((double) Quantities.bytes(FigureText.size(bytes)).getAsLong())
          .isCloseTo(bytes, within(bytes * 0.005));
      double share = r.nextDouble();
      if (share > 0) {
        assertThat(Quantities.share(FigureText.share(share)).getAsDouble())
            .isCloseTo(share, within(share * 0.005));
      }
    }
  }
}
