package dev.keyplan.analyze.write;

import dev.keyplan.analyze.measured.Provenance;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The comments {@code --write} and {@code --new} leave: a marker at the end of each line that holds
 * a measured value, and one provenance comment per entity.
 *
 * <p>A marker is {@code [measured]} on a block line ({@code count: 10.2M # [measured]}), or lists
 * the keys it covers on a line of a flow mapping, where the line also holds declared values ({@code
 * channel_id: {distinct: 10.2M, busiest: 0.2%} # [measured: distinct, busiest]}). It is appended to
 * a comment already on the line, after the user's words, which stay as they were.
 *
 * <p>The provenance comment names the files measured with the first 12 hex digits of each one's
 * SHA-256 ({@code sha256sum FILE | cut -c1-12} prints the same), and the date only when the
 * measurement carries one (issue 19: "the date only when asked", so the same data gives the same
 * file). Twelve digits are 48 bits: the chance that another file shows the same prefix is 2⁻⁴⁸ per
 * comparison, which is what the comment is for — telling which export a figure came from, as a
 * short Git commit id does. It is not a signature: someone who wants to forge a file with the same
 * prefix can, with about 2⁴⁸ hashes.
 */
final class Marks {
  private Marks() {}

  /** Hex digits of each file's SHA-256 the provenance comment shows. */
  static final int HASH_DIGITS = 12;

  /** The marker at the end of a comment, with the keys it lists (group 1) if any. */
  static final Pattern MARKER = Pattern.compile("\\[measured(?:: ([^\\]]*))?\\][ \\t]*$");

  /** Returns the marker for one line: {@code [measured]} or {@code [measured: a, b]}. */
  static String marker(List<String> labels) {
    return labels.isEmpty() ? "[measured]" : "[measured: " + String.join(", ", labels) + "]";
  }

  /**
   * Returns the match of a marker at the end of {@code comment} (the text from {@code #} to the
   * line's end), its listed keys in group 1; null if the comment ends in none.
   */
  static Matcher existing(String comment) {
    Matcher m = MARKER.matcher(comment);
    return m.find() ? m : null;
  }

  /** Returns the keys {@code listed} in a marker, then those of {@code added} it lacks. */
  static List<String> union(String listed, List<String> added) {
    LinkedHashSet<String> all = new LinkedHashSet<>();
    if (listed != null) {
      for (String s : listed.split(",")) {
        if (!s.isBlank()) {
          all.add(s.trim());
        }
      }
    }
    all.addAll(added);
    return new ArrayList<>(all);
  }

  /** The start of the provenance comment of {@code entity}, by which a second merge finds it. */
  static String provenancePrefix(String entity) {
    return "# keyplan analyze measured " + YamlQuoting.comment(entity) + " from ";
  }

  /**
   * Returns the entity's provenance comment: {@code # keyplan analyze measured Message from
   * messages.csv (sha256 3a7bd3e2360a)}, with {@code ; 2026-12-05} when dated, and {@code ; also
   * measured: …} for values whose line could hold no marker.
   */
  static String provenance(String entity, Provenance provenance, List<String> unmarked) {
    List<String> files = new ArrayList<>();
    for (Provenance.SourceFile f : provenance.files()) {
      String hash = f.sha256().toLowerCase(Locale.ROOT);
      if (hash.isEmpty()) {
        // Not hashed: a plan that is printed, never written (AnalyzeRequest#hashFiles).
        files.add(YamlQuoting.comment(f.name()));
        continue;
      }
      if (!hash.matches("[0-9a-f]{" + HASH_DIGITS + ",}")) {
        throw new IllegalArgumentException("not a hex SHA-256: '" + f.sha256() + "'");
      }
      files.add(YamlQuoting.comment(f.name()) + " (sha256 " + hash.substring(0, HASH_DIGITS) + ")");
    }
    StringBuilder b =
        new StringBuilder(provenancePrefix(entity))
            .append(files.isEmpty() ? "no file named" : String.join(", ", files));
    provenance.date().ifPresent(d -> b.append("; ").append(d));
    if (!unmarked.isEmpty()) {
      b.append("; also measured: ").append(String.join(", ", unmarked));
    }
    return b.toString();
  }
}
