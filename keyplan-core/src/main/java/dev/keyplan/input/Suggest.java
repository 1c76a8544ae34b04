package dev.keyplan.input;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** Did-you-mean suggestions: the known word within a small edit distance of a misspelt one. */
public final class Suggest {
  private Suggest() {}

  /**
   * The longest word a suggestion is looked for: YAML 1.2 limits an implicit (plain) key to 1,024
   * Unicode characters (https://yaml.org/spec/1.2.2/, "implicit keys"), so no name keyplan knows
   * from a key is longer, and a longer word is no typo of one.
   */
  static final int MAX_WORD = 1_024;

  /**
   * Returns the closest of {@code known} to {@code word}, if one is within ⌈length/3⌉ edits (at
   * most 3).
   *
   * <p>Bounded work, whatever the input (issue 18: a 2 MB attribute name against three 1,000
   * character ones took over a minute): a word longer than {@link #MAX_WORD} gets no suggestion, a
   * known name whose length differs by more than the edits allowed is skipped (each edit changes
   * the length by at most one), and {@link #distance(String, String, int)} fills only the diagonal
   * band those edits can reach.
   */
  public static Optional<String> closest(String word, Collection<String> known) {
    if (word.length() > MAX_WORD) {
      return Optional.empty();
    }
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    int allowed = Math.min(3, Math.max(1, (word.length() + 2) / 3));
    String w = word.toLowerCase(Locale.ROOT);
    for (String k : known) {
      if (Math.abs(k.length() - word.length()) > allowed) {
        continue;
      }
      int d = distance(w, k.toLowerCase(Locale.ROOT), allowed);
      if (d < bestDistance || (d == bestDistance && best != null && k.compareTo(best) < 0)) {
        best = k;
        bestDistance = d;
      }
    }
    return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  /**
   * Returns the Levenshtein distance between two words if it is at most {@code max}, else {@code
   * max + 1}. Only cells within {@code max} of the diagonal are filled (Ukkonen's cut-off, 1985: a
   * path through any other cell costs more than {@code max}), so the work is the shorter word's
   * length times {@code 2 max + 1}.
   */
  static int distance(String a, String b, int max) {
    int over = max + 1;
    if (Math.abs(a.length() - b.length()) > max) {
      return over;
    }
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = Math.min(j, over);
    }
    for (int i = 1; i <= a.length(); i++) {
      int from = Math.max(1, i - max);
      int to = Math.min(b.length(), i + max);
      // Cells left and right of the band read as "too far", for this row and the next.
      cur[from - 1] = from == 1 ? Math.min(i, over) : over;
      for (int j = from; j <= to; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] =
            Math.min(over, Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost));
      }
      if (to < b.length()) {
        cur[to + 1] = over;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
