package dev.keyplan.simulate;

import dev.keyplan.model.Spread;
import dev.keyplan.model.Zipf;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How a stream's operations (or a table's rows) spread over the values of a key: the heaviest
 * values one by one, the rest as an even tail.
 *
 * <p>A simulator tracks each heavy value exactly (its own token, partition or chunk) and spreads
 * the tail by the share of the key space each node, partition or shard owns: with many distinct
 * values a hash spreads them in proportion to that share (the law of large numbers), so the tail
 * needs no per-value work. Example: 10 million channels with {@code zipf(1)} keep the first {@value
 * #HEAVY_LIMIT} ranks as heavy values (the busiest at 1 / H(10⁷, 1) ≈ 6.0%) and a tail of 9,998,976
 * values sharing the remaining ≈ 41%.
 *
 * @param distinct number of distinct values (at least the number of heavy values)
 * @param heavy shares of the heaviest values, in decreasing order; they sum to at most 1
 * @param names the model's names for the heavy values, where it gives them ({@code shares: {US:
 *     60%}}); a value without a name is {@code "<attribute>-<rank>"}
 * @param monotonic each new row takes a new largest value (a timestamp, a snowflake id): every
 *     insert lands on the newest value, which matters for ranged MongoDB shard keys
 */
public record Keys(
    String attribute, double distinct, double[] heavy, List<String> names, boolean monotonic) {
  /**
   * Values tracked one by one, at most: beyond the 1,024th rank of a Zipf the tail is even enough.
   */
  public static final int HEAVY_LIMIT = 1024;

  public Keys {
    heavy = heavy.clone();
    names = List.copyOf(names);
    if (distinct < heavy.length) {
      throw new IllegalArgumentException(
          "distinct " + distinct + " < " + heavy.length + " heavy values");
    }
  }

  /** Returns a copy of the heavy values' shares. */
  @Override
  public double[] heavy() {
    return heavy.clone();
  }

  /** Every operation on one value. */
  public static Keys single(String attribute, String name) {
    return new Keys(attribute, 1, new double[] {1}, List.of(name), false);
  }

  /**
   * {@code n} values with the same share; up to {@value #HEAVY_LIMIT} of them tracked one by one.
   */
  public static Keys uniform(String attribute, double n) {
    double count = Math.max(1, Math.floor(n));
    if (count <= HEAVY_LIMIT) {
      double[] h = new double[(int) count];
      Arrays.fill(h, 1 / count);
      return new Keys(attribute, count, h, List.of(), false);
    }
    return new Keys(attribute, count, new double[0], List.of(), false);
  }

  /**
   * Returns the spread the model declares for {@code attribute}, over {@code distinct} values.
   *
   * <p>Named shares come first (largest first), then a declared busiest share, then a Zipf's first
   * ranks ({@code k^-s / H(n, s)}); otherwise the values are uniform.
   *
   * @param spread the model's spread, or null when it declares none
   * @param growthPerSecond the entity's growth, to turn a busiest rate into a share
   * @param timeOrdered the attribute grows with time (the model's {@code time_ordered: true})
   */
  public static Keys of(
      String attribute,
      Spread spread,
      double distinct,
      double growthPerSecond,
      boolean timeOrdered) {
    double n = Math.max(1, Math.floor(distinct));
    Keys keys;
    if (spread != null && !spread.shares().isEmpty()) {
      keys = named(attribute, spread.shares(), n);
    } else if (spread != null && spread.zipfExponent().isPresent()) {
      keys = zipf(attribute, n, spread.zipfExponent().getAsDouble());
    } else if (spread != null && spread.busiestShare(growthPerSecond).isPresent()) {
      keys = hotspot(attribute, n, spread.busiestShare(growthPerSecond).getAsDouble());
    } else {
      keys = uniform(attribute, n);
    }
    return timeOrdered ? new Keys(attribute, keys.distinct, keys.heavy, keys.names, true) : keys;
  }

  /** One value with {@code share}, the other {@code n − 1} even. */
  public static Keys hotspot(String attribute, double n, double share) {
    double count = Math.max(1, Math.floor(n));
    if (count <= HEAVY_LIMIT) {
      double[] h = new double[(int) count];
      Arrays.fill(h, count == 1 ? 0 : (1 - share) / (count - 1));
      h[0] = count == 1 ? 1 : share;
      Arrays.sort(h);
      reverse(h);
      return new Keys(attribute, count, h, List.of(), false);
    }
    return new Keys(attribute, count, new double[] {share}, List.of(), false);
  }

  /**
   * The first ranks of a Zipf over {@code n} values with exponent {@code s}: rank k has {@code k^-s
   * / H(n, s)}.
   */
  public static Keys zipf(String attribute, double n, double s) {
    double count = Math.max(1, Math.floor(n));
    int k = (int) Math.min(count, HEAVY_LIMIT);
    double h = Zipf.harmonic(count, s);
    double[] shares = new double[k];
    for (int i = 0; i < k; i++) {
      shares[i] = Math.pow(i + 1, -s) / h;
    }
    return new Keys(attribute, count, shares, List.of(), false);
  }

  /** Named values with their shares; the rest (1 − Σ named) even over the other values. */
  static Keys named(String attribute, Map<String, Double> shares, double n) {
    Map<String, Double> sorted = new LinkedHashMap<>();
    shares.entrySet().stream()
        .sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    double rest = Math.max(0, 1 - sorted.values().stream().mapToDouble(Double::doubleValue).sum());
    double count = Math.max(n, sorted.size() + (rest > 0 ? 1 : 0));
    long unnamed = (long) (count - sorted.size());
    double[] h = sorted.values().stream().mapToDouble(Double::doubleValue).toArray();
    if (unnamed > 0 && unnamed + h.length <= HEAVY_LIMIT) {
      double[] all = Arrays.copyOf(h, h.length + (int) unnamed);
      Arrays.fill(all, h.length, all.length, rest / unnamed);
      h = all;
    }
    return new Keys(attribute, count, h, List.copyOf(sorted.keySet()), false);
  }

  /** Returns the heavy values' summed share. */
  public double heavyShare() {
    double sum = 0;
    for (double s : heavy) {
      sum += s;
    }
    return Math.min(1, sum);
  }

  /** Returns the share the tail values have together: 1 − Σ heavy. */
  public double tailShare() {
    return heavy.length >= distinct ? 0 : Math.max(0, 1 - heavyShare());
  }

  /** Returns the number of tail values. */
  public double tailCount() {
    return Math.max(0, distinct - heavy.length);
  }

  /** Returns the number of heavy values. */
  public int heavyCount() {
    return heavy.length;
  }

  /** Returns the share of heavy value {@code rank} (0 is the heaviest). */
  public double share(int rank) {
    return heavy[rank];
  }

  /**
   * Returns the name of value {@code rank}: the model's own name for a named share, otherwise
   * {@code "<attribute>-<rank + 1>"} ({@code channel_id-1} is the busiest channel). Simulators hash
   * these names, so the same model and seed place the same values on the same nodes.
   */
  public String name(long rank) {
    return rank < names.size() ? names.get((int) rank) : attribute + "-" + (rank + 1);
  }

  /**
   * Returns a sampler drawing value ranks with these shares, for exact per-operation runs: Walker's
   * alias method over the heavy values and the tail as one more outcome, then a uniform rank in the
   * tail (O(1) per draw). Source: Vose, "A linear algorithm for generating random numbers with a
   * given distribution", IEEE TSE 17(9), 1991.
   */
  public Sampler sampler() {
    int n = heavy.length + (tailShare() > 0 ? 1 : 0);
    double[] p = new double[n];
    System.arraycopy(heavy, 0, p, 0, heavy.length);
    if (n > heavy.length) {
      p[n - 1] = tailShare();
    }
    double total = Arrays.stream(p).sum();
    double[] prob = new double[n];
    int[] alias = new int[n];
    int[] small = new int[n];
    int[] large = new int[n];
    int s = 0;
    int l = 0;
    double[] scaled = new double[n];
    for (int i = 0; i < n; i++) {
      scaled[i] = p[i] * n / total;
      if (scaled[i] < 1) {
        small[s++] = i;
      } else {
        large[l++] = i;
      }
    }
    while (s > 0 && l > 0) {
      int a = small[--s];
      int g = large[--l];
      prob[a] = scaled[a];
      alias[a] = g;
      scaled[g] = scaled[g] + scaled[a] - 1;
      if (scaled[g] < 1) {
        small[s++] = g;
      } else {
        large[l++] = g;
      }
    }
    while (l > 0) {
      prob[large[--l]] = 1;
    }
    while (s > 0) {
      prob[small[--s]] = 1;
    }
    return new Sampler(prob, alias, heavy.length, (long) tailCount());
  }

  /** Draws value ranks: below {@code heavyCount()} a heavy value, above it a tail value. */
  public static final class Sampler {
    private final double[] prob;
    private final int[] alias;
    private final int heavy;
    private final long tail;

    Sampler(double[] prob, int[] alias, int heavy, long tail) {
      this.prob = prob;
      this.alias = alias;
      this.heavy = heavy;
      this.tail = tail;
    }

    /** Returns the rank of the next value. */
    public long next(SplittableRandom random) {
      int column = random.nextInt(prob.length);
      int outcome = random.nextDouble() < prob[column] ? column : alias[column];
      return outcome < heavy ? outcome : heavy + (tail > 0 ? random.nextLong(tail) : 0);
    }
  }

  private static void reverse(double[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      double t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Keys k
        && attribute.equals(k.attribute)
        && distinct == k.distinct
        && Arrays.equals(heavy, k.heavy)
        && names.equals(k.names)
        && monotonic == k.monotonic;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(attribute, distinct, Arrays.hashCode(heavy), names, monotonic);
  }

  @Override
  public String toString() {
    return "Keys["
        + attribute
        + ", distinct="
        + distinct
        + ", heavy="
        + heavy.length
        + ", heavyShare="
        + heavyShare()
        + (monotonic ? ", monotonic" : "")
        + "]";
  }
}
