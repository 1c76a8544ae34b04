package dev.keyplan.mongodb.simulate;

import dev.keyplan.simulate.Keys;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How one stream spreads over a {@link KeySpace}: the documents there at the start, the documents
 * inserted, or one pattern's requests. Each piece gets a mass (the masses sum to 1), spread evenly
 * inside the piece, so the mass of any coordinate range is a difference of the cumulative function
 * {@link #cumulative}.
 *
 * <p>A point gets its value's share of the spread; a heavy value of another stream that this spread
 * keeps in its tail gets one tail value's share, {@code tail / tail values}; the rest of the tail
 * is spread over the gaps by their width in the value order, as values the spread does not track
 * one by one sort anywhere.
 */
final class Density {
  private final double[] mass;
  private final double[] cumulative;

  private Density(double[] mass, boolean normalise) {
    double total = Arrays.stream(mass).sum();
    double factor = normalise && total > 0 ? 1 / total : 1;
    this.mass = new double[mass.length];
    this.cumulative = new double[mass.length + 1];
    for (int i = 0; i < mass.length; i++) {
      this.mass[i] = mass[i] * factor;
      cumulative[i + 1] = cumulative[i] + this.mass[i];
    }
    if (normalise && total > 0) {
      cumulative[mass.length] = 1;
    }
  }

  /** Returns the density of {@code keys} over {@code space}. */
  static Density of(KeySpace space, Keys keys) {
    if (space.monotonic()) {
      return new Density(new double[] {1}, true);
    }
    Map<String, Double> share = new HashMap<>();
    for (int r = 0; r < keys.heavyCount(); r++) {
      share.put(keys.name(r), keys.share(r));
    }
    double perTailValue = keys.tailCount() >= 1 ? keys.tailShare() / keys.tailCount() : 0;
    double[] m = new double[space.pieces()];
    double tailInPoints = 0;
    for (int i = 1; i < m.length; i += 2) {
      Double s = share.get(space.name(i));
      if (s != null) {
        m[i] = s;
      } else {
        m[i] = perTailValue;
        tailInPoints += perTailValue;
      }
    }
    double gaps = Math.max(0, keys.tailShare() - tailInPoints);
    for (int i = 0; i < m.length; i += 2) {
      m[i] = gaps * space.gapWidth(i);
    }
    return new Density(m, true);
  }

  /**
   * Returns the mix of {@code parts} weighted by {@code weights} (the inserts of several patterns).
   */
  static Density mix(java.util.List<Density> parts, double[] weights) {
    double[] m = new double[parts.get(0).mass.length];
    for (int k = 0; k < parts.size(); k++) {
      for (int i = 0; i < m.length; i++) {
        m[i] += weights[k] * parts.get(k).mass[i];
      }
    }
    return new Density(m, true);
  }

  /**
   * Returns the part of this density in the gaps, not renormalised: requests for a heavy value
   * reach every shard holding part of it, so a prefix read is counted per point separately.
   */
  Density gapsOnly() {
    double[] m = new double[mass.length];
    for (int i = 0; i < m.length; i += 2) {
      m[i] = mass[i];
    }
    return new Density(m, false);
  }

  /** Returns piece {@code i}'s mass. */
  double mass(int piece) {
    return mass[piece];
  }

  /** Returns the mass below coordinate {@code x}. */
  double cumulative(double x) {
    if (x <= 0) {
      return 0;
    }
    if (x >= mass.length) {
      return cumulative[mass.length];
    }
    int i = (int) x;
    return cumulative[i] + (x - i) * mass[i];
  }

  /** Returns the mass in {@code [lo, hi)}. */
  double mass(double lo, double hi) {
    return Math.max(0, cumulative(hi) - cumulative(lo));
  }

  /** Draws a coordinate with this density: a piece by its mass, then a place in it uniformly. */
  double sample(SplittableRandom random) {
    double u = random.nextDouble() * cumulative[mass.length];
    int i = Arrays.binarySearch(cumulative, u);
    int piece = i >= 0 ? Math.min(i, mass.length - 1) : -i - 2;
    while (piece < mass.length - 1 && mass[piece] == 0) {
      piece++;
    }
    return piece + random.nextDouble();
  }
}
