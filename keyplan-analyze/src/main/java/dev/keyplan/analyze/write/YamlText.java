package dev.keyplan.analyze.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.nodes.CollectionNode;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * A YAML file's text beside its composed tree: where each node starts and ends as a {@code char}
 * index, where lines start and end, and whether a place is inside a scalar. The model writer edits
 * the text at these places instead of serialising the tree again, which is what keeps every
 * comment, blank line, quote and flow or block style it does not touch.
 *
 * <p>snakeyaml-engine marks count code points; Java strings count chars, so a file with characters
 * beyond the Basic Multilingual Plane (an emoji in a comment) needs the two told apart. A node's
 * start mark includes its properties (an anchor {@code &a}, a tag {@code !!str}); a block scalar's
 * end mark comes after its trailing line breaks; a block collection's end mark comes at the next
 * token, after any comment lines, so the end of what a block collection holds is the end of its
 * last scalar or flow collection ({@link #end(Node)}).
 */
final class YamlText {
  final String text;
  private final int[] charOf;
  private final int[] spanStarts;
  private final int[] spanMaxEnds;

  YamlText(String text, Node root) {
    this.text = text;
    int points = text.codePointCount(0, text.length());
    if (points == text.length()) {
      charOf = null;
    } else {
      charOf = new int[points + 1];
      int c = 0;
      for (int p = 0; p < points; p++) {
        charOf[p] = c;
        c += Character.charCount(text.codePointAt(c));
      }
      charOf[points] = text.length();
    }
    List<int[]> spans = new ArrayList<>();
    for (Node n : nodes(root)) {
      if (n instanceof ScalarNode) {
        int s = start(n);
        int e = end(n);
        if (e > s) {
          spans.add(new int[] {s, e});
        }
      }
    }
    spans.sort((a, b) -> Integer.compare(a[0], b[0]));
    spanStarts = new int[spans.size()];
    spanMaxEnds = new int[spans.size()];
    int max = -1;
    for (int i = 0; i < spans.size(); i++) {
      spanStarts[i] = spans.get(i)[0];
      max = Math.max(max, spans.get(i)[1]);
      spanMaxEnds[i] = max;
    }
  }

  /** Every node of the tree once (aliases share their anchor's node), without recursion. */
  static List<Node> nodes(Node root) {
    List<Node> out = new ArrayList<>();
    Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    var todo = new java.util.ArrayDeque<Node>();
    todo.push(root);
    while (!todo.isEmpty()) {
      Node n = todo.pop();
      if (!seen.add(n)) {
        continue;
      }
      out.add(n);
      if (n instanceof MappingNode m) {
        for (NodeTuple t : m.getValue()) {
          todo.push(t.getValueNode());
          todo.push(t.getKeyNode());
        }
      } else if (n instanceof SequenceNode s) {
        s.getValue().forEach(todo::push);
      }
    }
    return out;
  }

  private int chars(Mark m) {
    int p = m.getIndex();
    if (charOf == null) {
      return Math.min(p, text.length());
    }
    return charOf[Math.min(p, charOf.length - 1)];
  }

  /** The char index where {@code n} starts (at its anchor or tag, if it has one). */
  int start(Node n) {
    return n.getStartMark().map(this::chars).orElse(0);
  }

  /** The char index just past {@code n} as its end mark gives it. */
  int markEnd(Node n) {
    return n.getEndMark().map(this::chars).orElse(start(n));
  }

  /**
   * The char index just past what {@code n} holds: a scalar's or flow collection's end mark, a
   * block collection's last scalar or flow collection. Walked with a stack, without recursion.
   */
  int end(Node n) {
    if (n instanceof ScalarNode
        || (n instanceof CollectionNode<?> c && c.getFlowStyle() == FlowStyle.FLOW)) {
      return markEnd(n);
    }
    int max = start(n);
    var todo = new java.util.ArrayDeque<Node>();
    Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    todo.push(n);
    while (!todo.isEmpty()) {
      Node x = todo.pop();
      if (!seen.add(x)) {
        continue;
      }
      if (x instanceof ScalarNode
          || (x instanceof CollectionNode<?> c && c.getFlowStyle() == FlowStyle.FLOW)) {
        max = Math.max(max, markEnd(x));
      } else if (x instanceof MappingNode m) {
        for (NodeTuple t : m.getValue()) {
          todo.push(t.getKeyNode());
          todo.push(t.getValueNode());
        }
      } else if (x instanceof SequenceNode s) {
        s.getValue().forEach(todo::push);
      }
    }
    return max;
  }

  /**
   * The char index just past a mapping entry as written. A value that is an alias ({@code *a}) is
   * its anchor's node, written earlier in the file, so the alias token after the key is found in
   * the text.
   */
  int end(NodeTuple t) {
    int keyEnd = end(t.getKeyNode());
    Node v = t.getValueNode();
    if (start(v) >= keyEnd) {
      return Math.max(keyEnd, end(v));
    }
    var m = ALIAS.matcher(text);
    m.region(keyEnd, text.length());
    return m.lookingAt() ? m.end() : keyEnd;
  }

  private static final Pattern ALIAS = Pattern.compile("[ \\t]*:?[ \\t\\r\\n]*\\*[^\\s,\\[\\]{}]+");

  /** Whether char index {@code i} is inside a scalar as written (quotes included). */
  boolean inScalar(int i) {
    int k = Arrays.binarySearch(spanStarts, i);
    int idx = k >= 0 ? lastAt(k) : -k - 2;
    return idx >= 0 && spanMaxEnds[idx] > i;
  }

  /** Whether a scalar starts before {@code i} and ends after it. */
  boolean strictlyInScalar(int i) {
    return i > 0 && inScalar(i - 1) && spanAround(i - 1, i);
  }

  private boolean spanAround(int from, int i) {
    int k = Arrays.binarySearch(spanStarts, from);
    int idx = k >= 0 ? lastAt(k) : -k - 2;
    return idx >= 0 && spanMaxEnds[idx] > i;
  }

  private int lastAt(int k) {
    while (k + 1 < spanStarts.length && spanStarts[k + 1] == spanStarts[k]) {
      k++;
    }
    return k;
  }

  /** The char index of the line break ending the line that holds {@code i} (or the text's end). */
  int lineEnd(int i) {
    int j = i;
    while (j < text.length() && text.charAt(j) != '\n' && text.charAt(j) != '\r') {
      j++;
    }
    return j;
  }

  /** The char index where the line holding {@code i} starts. */
  int lineStart(int i) {
    int j = Math.min(i, text.length());
    while (j > 0 && text.charAt(j - 1) != '\n' && text.charAt(j - 1) != '\r') {
      j--;
    }
    return j;
  }

  /**
   * The char index where the line after the one holding {@code i} starts; {@code i} itself when it
   * is a line's start already (past a block scalar's line breaks); the text's length at its end.
   */
  int nextLineStart(int i) {
    if (i > 0 && i <= text.length() && (text.charAt(i - 1) == '\n')) {
      return i;
    }
    int j = lineEnd(i);
    if (j < text.length() && text.charAt(j) == '\r') {
      j++;
    }
    if (j < text.length() && text.charAt(j) == '\n') {
      j++;
    }
    return j;
  }

  /** The file's line break: its first one, or LF when it has none. */
  String lineBreak() {
    int i = lineEnd(0);
    if (i >= text.length()) {
      return "\n";
    }
    return text.startsWith("\r\n", i) ? "\r\n" : text.substring(i, i + 1);
  }

  /**
   * The char index of the comment on the line holding {@code i} ({@code #} after white space or at
   * the line's start, outside every scalar), or -1.
   */
  int comment(int i) {
    int from = lineStart(i);
    int to = lineEnd(i);
    for (int j = from; j < to; j++) {
      if (text.charAt(j) == '#'
          && (j == from || text.charAt(j - 1) == ' ' || text.charAt(j - 1) == '\t')
          && !inScalar(j)) {
        return j;
      }
    }
    return -1;
  }
}
