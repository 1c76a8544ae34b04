package dev.keyplan.input;

import java.util.function.IntFunction;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Maps each character of a scalar's value back to the file: YAML folds a plain scalar written over
 * several lines into one line, turns {@code \t} in double quotes into one character and {@code ''}
 * in single quotes into one quote, so a value offset is not a file column. The value and its source
 * text are aligned once; an error in an operation is then reported on its own line and column.
 */
public final class SourceSpan {
  private final String file;
  private final String source;
  private final int[] lineStarts;
  private final boolean oneCharPerCodePoint;

  /** Indexes {@code source} once: line starts, and whether code points and chars coincide. */
  public SourceSpan(String file, String source) {
    this.file = file;
    this.source = source;
    int lines = 1;
    for (int i = 0; i < source.length(); i++) {
      if (source.charAt(i) == '\n') {
        lines++;
      }
    }
    lineStarts = new int[lines];
    int n = 1;
    for (int i = 0; i < source.length(); i++) {
      if (source.charAt(i) == '\n') {
        lineStarts[n++] = i + 1;
      }
    }
    oneCharPerCodePoint = source.codePointCount(0, source.length()) == source.length();
  }

  /**
   * Returns the file location of every offset (0 … length) of {@code value}, the text of {@code
   * node}.
   */
  public IntFunction<Location> of(Node node, String value) {
    Location start = YamlMap.location(file, node);
    var startMark = node.getStartMark();
    var endMark = node.getEndMark();
    if (startMark.isEmpty() || endMark.isEmpty() || !(node instanceof ScalarNode)) {
      return offset -> new Location(file, start.line(), start.column() + offset);
    }
    // snakeyaml counts code points; Java strings count chars.
    int from = charIndex(startMark.get().getIndex());
    int to = charIndex(endMark.get().getIndex());
    ScalarStyle style = ((ScalarNode) node).getScalarStyle();
    if (style == ScalarStyle.DOUBLE_QUOTED || style == ScalarStyle.SINGLE_QUOTED) {
      from++;
    } else if (style == ScalarStyle.LITERAL || style == ScalarStyle.FOLDED) {
      int nl = source.indexOf('\n', from);
      from = nl < 0 ? from : nl + 1;
    }
    int[] map =
        align(
            value,
            source.substring(
                Math.min(from, source.length()), Math.max(from, Math.min(to, source.length()))),
            style);
    int base = from;
    return offset -> locate(base + map[Math.max(0, Math.min(offset, value.length()))]);
  }

  private int charIndex(int codePoints) {
    if (oneCharPerCodePoint) {
      return Math.min(codePoints, source.length());
    }
    return source.offsetByCodePoints(
        0, Math.min(codePoints, source.codePointCount(0, source.length())));
  }

  /** Returns, for each value offset, the offset in {@code raw} of the text it came from. */
  private static int[] align(String value, String raw, ScalarStyle style) {
    int[] map = new int[value.length() + 1];
    int vi = 0;
    int ri = 0;
    while (vi < value.length() && ri < raw.length()) {
      char vc = value.charAt(vi);
      char rc = raw.charAt(ri);
      if (vc == rc) {
        map[vi++] = ri++;
      } else if (rc == '\\' && style == ScalarStyle.DOUBLE_QUOTED && ri + 1 < raw.length()) {
        char e = raw.charAt(ri + 1);
        map[vi++] = ri;
        ri += e == 'x' ? 4 : e == 'u' ? 6 : e == 'U' ? 10 : 2;
      } else if (rc == '\'' && style == ScalarStyle.SINGLE_QUOTED) {
        map[vi++] = ri;
        ri += 2;
      } else if (Character.isWhitespace(rc)) {
        ri++;
      } else if (Character.isWhitespace(vc)) {
        map[vi++] = ri;
      } else {
        break;
      }
    }
    // Past a mismatch, keep the last known distance between value and source.
    int shift = vi > 0 ? map[vi - 1] - (vi - 1) : 0;
    for (int i = vi; i <= value.length(); i++) {
      map[i] = i == vi && ri > 0 && vi == value.length() ? ri : i + shift;
    }
    return map;
  }

  private Location locate(int index) {
    int i = java.util.Arrays.binarySearch(lineStarts, index);
    int line = i >= 0 ? i : -i - 2;
    return new Location(file, line + 1, index - lineStarts[line] + 1);
  }
}
