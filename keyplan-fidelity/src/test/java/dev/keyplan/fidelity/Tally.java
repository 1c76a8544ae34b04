package dev.keyplan.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Counts comparisons of keyplan with Cassandra by kind (bytes, token, replica set...) and keeps the
 * first few differences, so that a failure says how many of how many differ and shows examples,
 * rather than stopping at the first of 10,000.
 */
final class Tally {
  private static final int EXAMPLES = 5;

  private final String subject;
  private final Map<String, int[]> counts = new LinkedHashMap<>();
  private final List<String> examples = new ArrayList<>();

  /** Starts a tally whose messages open with {@code subject}, e.g. "int: 10,005 values". */
  Tally(String subject) {
    this.subject = subject;
  }

  /** Records one comparison of {@code kind}; {@code difference} is built only when it failed. */
  void check(String kind, boolean same, Supplier<String> difference) {
    int[] c = counts.computeIfAbsent(kind, k -> new int[2]);
    c[0]++;
    if (!same) {
      c[1]++;
      if (examples.size() < EXAMPLES) {
        examples.add(kind + ": " + difference.get());
      }
    }
  }

  /** Returns e.g. "int: 10,005 values; bytes 0 of 10,005 differ, token 0 of 10,005 differ". */
  String summary() {
    var parts = new ArrayList<String>();
    counts.forEach(
        (kind, c) ->
            parts.add(String.format(Locale.ROOT, "%s %,d of %,d differ", kind, c[1], c[0])));
    return subject + "; " + String.join(", ", parts);
  }

  /** Returns how many comparisons of {@code kind} were made. */
  int compared(String kind) {
    int[] c = counts.get(kind);
    return c == null ? 0 : c[0];
  }

  /**
   * Fails with the summary and the first differences unless every comparison agreed; prints the
   * summary either way, so the build log shows what was compared.
   */
  void assertAllSame() {
    System.out.println("fidelity: " + summary());
    int differing = counts.values().stream().mapToInt(c -> c[1]).sum();
    assertThat(differing)
        .as(() -> summary() + (examples.isEmpty() ? "" : "; first: " + String.join("; ", examples)))
        .isZero();
  }
}
