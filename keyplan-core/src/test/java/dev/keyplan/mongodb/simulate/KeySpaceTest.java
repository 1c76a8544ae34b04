package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.simulate.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where values sort, and where a chunk bound may fall. */
final class KeySpaceTest {
  @Test
  void aHashedValue_sortsAtItsHashedIndexValue() {
    // "abc" hashes to 8478485326885698097 (mongodb/mongo hasher_test.cpp): 0.5 + h / 2⁶⁴ = 0.9596.
    ValueOrder hashed = new ValueOrder(true, false);
    assertThat(hashed.ofSpelled("abc"))
        .isCloseTo(0.5 + 8478485326885698097.0 / 0x1p64, within(1e-15));
    assertThat(ValueOrder.hashAt(ValueOrder.unit(0))).isZero();
  }

  @Test
  void spelledStrings_sortByTheirBytes_andNumbersByValue() {
    ValueOrder ranged = new ValueOrder(false, false);
    assertThat(ranged.ofSpelled("APAC")).isLessThan(ranged.ofSpelled("EU"));
    assertThat(ranged.ofSpelled("EU")).isLessThan(ranged.ofSpelled("US"));
    ValueOrder numbers = new ValueOrder(false, true);
    assertThat(numbers.ofSpelled("9")).isLessThan(numbers.ofSpelled("10"));
    assertThat(numbers.ofSpelled("-1")).isLessThan(numbers.ofSpelled("0"));
  }

  @Test
  void theLeastStringAboveAValue_startsRightAfterItsPoint() {
    // A zone imported from config.tags as {country: "US", userid: MaxKey} ends at "US" followed
    // by U+0000 (docs/mongodb-import.md, "Zones"): a string sorts after its prefixes, so the bound
    // is the end of the US point (piece 1 covers [1, 2)), before any other value.
    ValueOrder ranged = new ValueOrder(false, false);
    KeySpace space =
        KeySpace.ordered(
            "country",
            ranged,
            List.of("US"),
            new double[] {ranged.ofSpelled("US")},
            new double[] {1, 1, 1});
    assertThat(space.coordinateOf("US")).isEqualTo(1.0);
    assertThat(space.coordinateOf("US\u0000")).isEqualTo(2.0);
    assertThat(space.coordinateOf("USA")).isGreaterThanOrEqualTo(2.0);
  }

  @Test
  void unspelledValues_areScatteredByTheirNames_notSortedByRank() {
    // The busiest values of a spread the model names no value of do not all sort first.
    ValueOrder ranged = new ValueOrder(false, false);
    double first = ranged.ofUnspelled("country_code-1");
    double second = ranged.ofUnspelled("country_code-2");
    assertThat(first).isNotEqualTo(second);
    assertThat(first).isBetween(0.0, 1.0);
  }

  @Test
  void boundsFallBetweenValues() {
    // A point of 4 values: bounds at its start and each quarter; a single value: only its edges.
    KeySpace s =
        KeySpace.ordered(
            "k",
            new ValueOrder(false, false),
            List.of("A", "B"),
            new double[] {0.3, 0.6},
            new double[] {0, 4, 0, 1, 0});
    assertThat(s.valueStart(1.6)).isEqualTo(1.5);
    assertThat(s.valueEnd(1.6)).isEqualTo(1.75);
    assertThat(s.valueStart(3.9)).isEqualTo(3.0);
    assertThat(s.valueEnd(3.9)).isEqualTo(4.0);
  }

  @Test
  void spelledValues_mapOntoTheirPieces() {
    // Zone bounds and traced keys: a heavy value starts its own piece; another value falls into
    // the gap where it sorts, "C" after "B".
    KeySpace s =
        KeySpace.ordered(
            "k",
            new ValueOrder(false, false),
            List.of("A", "B"),
            new double[] {
              new ValueOrder(false, false).ofSpelled("A"),
              new ValueOrder(false, false).ofSpelled("B")
            },
            new double[] {0, 1, 0, 1, 0});
    assertThat(s.coordinateOf("A")).isEqualTo(1.0);
    assertThat(s.coordinateOf("B")).isEqualTo(3.0);
    assertThat(s.coordinateOf("C")).isBetween(4.0, 5.0);
    assertThat(s.coordinateOf("MinKey")).isZero();
    assertThat(s.coordinateOf("MaxKey")).isInfinite();
  }

  @Test
  void aDensity_givesPointsTheirShares_andTheTailTheGapsByWidth() {
    // US 60%, the other 40% over 1,000,000 tail values: the two gaps, 0.25 and 0.75 wide, hold
    // 10% and 30%.
    KeySpace s =
        KeySpace.ordered(
            "c",
            new ValueOrder(false, false),
            List.of("US"),
            new double[] {0.25},
            new double[] {1e5, 1, 1e5});
    Density d = Density.of(s, new Keys("c", 1_000_001, new double[] {0.6}, List.of("US"), false));
    assertThat(d.mass(1)).isCloseTo(0.6, within(1e-12));
    assertThat(d.mass(0)).isCloseTo(0.1, within(1e-6));
    assertThat(d.mass(2)).isCloseTo(0.3, within(1e-6));
    assertThat(d.mass(1.5, 2.5)).isCloseTo(0.3 + 0.15, within(1e-6));
  }
}
