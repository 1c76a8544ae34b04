package dev.keyplan.input;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** Did-you-mean suggestions: the known word within a small edit distance of a misspelt one. */
public final class Suggest {
  private Suggest() {}

  /**
   * Returns the closest of {@code known} to {@code word}, if one is within ⌈length/3⌉ edits (at
   * most 3).
   */
  public static Optional<String> closest(String word, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    int allowed = Math.min(3, Math.max(1, (word.length() + 2) / 3));
    for (String k : known) {
      int d = distance(word.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
      if (d < bestDistance || (d == bestDistance && best != null && k.compareTo(best) < 0)) {
        best = k;
        bestDistance = d;
      }
    }
    return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  /** Returns the Levenshtein distance between two words. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
