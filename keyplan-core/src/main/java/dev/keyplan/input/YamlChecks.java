package dev.keyplan.input;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.LoadSettingsBuilder;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * The checks every YAML reader applies after the parser, so nothing in a YAML file is ignored: one
 * document per file, only YAML's standard tags, and a located error for every failure of the YAML
 * engine (issue 18, "multi-document YAML, tags", "the YAML alias bomb").
 *
 * <p>Tags: a model is data, not objects; YAML 1.2's core schema resolves plain scalars to str, int,
 * float, bool and null, and collections to map and seq
 * (https://yaml.org/spec/1.2.2/#103-core-schema). Any other tag ({@code !!binary}, {@code !!set}, a
 * local {@code !thing}) would be read as a string keyplan does not understand, so it is an error.
 */
public final class YamlChecks {
  private YamlChecks() {}

  /**
   * Returns the engine settings every YAML reader starts from: the file's label, {@link
   * InputLimits}' code point and alias limits, and non-scalar keys composed so the reader reports
   * them at their place ("expected a plain key"); the engine's own refusal carries no line.
   */
  public static LoadSettingsBuilder settings(String file) {
    return LoadSettings.builder()
        .setLabel(file)
        .setAllowNonScalarKeys(true)
        .setCodePointLimit((int) InputLimits.current().fileBytes())
        .setMaxAliasesForCollections(InputLimits.YAML_ALIASES);
  }

  /**
   * Returns the one document of YAML {@code text}, with every check a YAML reader owes the user
   * before it reads a value: control characters, nesting depth, the engine's syntax, code point and
   * alias errors (placed by {@link #located}), an empty file, a second document, and tags. {@code
   * kind} names the file in messages ("model file", "ring file"); {@code expected} says what an
   * empty one should hold.
   *
   * @throws InputException at the first problem's place (all tag problems at once)
   */
  public static Node compose(String file, String text, String kind, String expected) {
    TextInput.rejectControls(file, text, "the " + kind);
    Node root;
    try {
      var settings = settings(file).build();
      NestingDepth.checkYaml(file, settings, text);
      var parser = new ParserImpl(settings, new StreamReader(settings, text));
      var composer = new Composer(settings, parser);
      if (!composer.hasNext()) {
        throw new InputException(
            new Location(file, 1, 1), "the " + kind + " is empty; expected " + expected);
      }
      root = composer.next();
      singleDocument(file, parser, kind);
    } catch (YamlEngineException e) {
      throw located(file, text, e);
    } catch (IllegalArgumentException e) {
      // The engine builds a node's Tag from the text after '!' and throws a bare
      // IllegalArgumentException (no mark) for one it cannot hold, such as "!keysin%a", whose
      // escape decodes to a space (found by ModelReaderFuzzTest): placed at the tagged node.
      throw new InputException(
          badTag(file, text).orElse(new Location(file, 1, 1)),
          "tag not accepted: "
              + e.getMessage()
              + "; expected a plain value (only YAML's standard tags !!str, !!int, !!float,"
              + " !!bool, !!null, !!map and !!seq)");
    }
    List<Diagnostic> problems = new java.util.ArrayList<>();
    tags(file, root, problems);
    if (!problems.isEmpty()) {
      // A tagged or control-laden value would reach file names and identifiers (a NUL in a path
      // fails in the JDK, not here): stop before the reader reads them.
      problems.sort(
          java.util.Comparator.comparingInt((Diagnostic d) -> d.location().line())
              .thenComparingInt(d -> d.location().column()));
      throw new InputException(problems);
    }
    return root;
  }

  /** The tags a keyplan YAML file may carry, explicitly or by resolution. */
  static final Set<Tag> STANDARD =
      Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.MAP, Tag.SEQ);

  /**
   * Adds a problem for every node whose tag is not one of YAML's standard scalar or collection
   * tags, and for every value holding a control character. The walk keeps its own stack (no
   * recursion, so nesting cannot overflow the thread's) and visits each node once, so a tree full
   * of aliases costs no more than its distinct nodes.
   */
  public static void tags(String file, Node root, List<Diagnostic> problems) {
    Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    var todo = new ArrayDeque<Node>();
    todo.push(root);
    while (!todo.isEmpty()) {
      Node n = todo.pop();
      if (!seen.add(n)) {
        continue;
      }
      if (!STANDARD.contains(n.getTag())) {
        problems.add(
            new Diagnostic(
                YamlMap.location(file, n),
                "tag "
                    + shown(n.getTag())
                    + " is not accepted; expected a plain value (only YAML's standard tags !!str,"
                    + " !!int, !!float, !!bool, !!null, !!map and !!seq)"));
      }
      if (n instanceof ScalarNode s) {
        control(s.getValue())
            .ifPresent(
                c ->
                    problems.add(
                        new Diagnostic(
                            YamlMap.location(file, n),
                            String.format(
                                "control character U+%04X in a value (written as an escape);"
                                    + " expected printable text",
                                c))));
      }
      if (n instanceof MappingNode m) {
        for (NodeTuple t : m.getValue()) {
          todo.push(t.getValueNode());
          todo.push(t.getKeyNode());
        }
      } else if (n instanceof SequenceNode s) {
        s.getValue().forEach(todo::push);
      }
    }
  }

  /**
   * Returns the first control character of {@code value} other than tab, line feed and carriage
   * return: a double-quoted escape ("\\0") puts one in a value that the file-level check cannot
   * see, and a NUL in a file name or identifier fails far from the model (issue 18: {@code schema:
   * "\\0"}).
   */
  static java.util.Optional<Integer> control(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
        return java.util.Optional.of((int) c);
      }
    }
    return java.util.Optional.empty();
  }

  private static String shown(Tag tag) {
    String v = tag.getValue();
    return v.startsWith(Tag.PREFIX) ? "!!" + v.substring(Tag.PREFIX.length()) : v;
  }

  /**
   * Throws a located input error if {@code parser}, just after the first document was composed,
   * holds a second one: the reader would read the first and ignore the rest.
   */
  public static void singleDocument(String file, Parser parser, String what) {
    if (parser.checkEvent(Event.ID.StreamEnd)) {
      return;
    }
    Location at =
        parser
            .peekEvent()
            .getStartMark()
            .map(m -> location(file, m))
            .orElse(new Location(file, 1, 1));
    throw new InputException(
        at, "a second YAML document; expected one document per " + what + " (remove this '---')");
  }

  /**
   * Returns the YAML engine's failure as a located input error. Marked errors carry their place; a
   * bad character is placed by its offset; the alias guard (snakeyaml-engine's
   * maxAliasesForCollections, default 50, which stops a "billion laughs" document) is placed at the
   * first alias beyond the limit, found by replaying the parser's events, which do not expand
   * aliases.
   */
  public static InputException located(String file, String text, YamlEngineException e) {
    if (e instanceof MarkedYamlEngineException m) {
      Location at = m.getProblemMark().map(k -> location(file, k)).orElse(new Location(file, 1, 1));
      return new InputException(at, "not valid YAML: " + m.getProblem());
    }
    if (e instanceof ReaderException r) {
      int index =
          text.offsetByCodePoints(
              0, Math.min(r.getPosition(), text.codePointCount(0, text.length())));
      return new InputException(
          TextInput.at(file, text, index),
          String.format("not valid YAML: character U+%04X is not allowed", r.getCodePoint()));
    }
    String message = String.valueOf(e.getMessage());
    if (message.contains("exceeds the limit")) {
      // Text given without a file (a file is cut at the same figure in bytes first): placed at
      // the first code point past the limit.
      int limit = (int) InputLimits.current().fileBytes();
      int points = text.codePointCount(0, text.length());
      int index = text.offsetByCodePoints(0, Math.min(limit, points));
      return new InputException(
          TextInput.at(file, text, index),
          "more than "
              + String.format(java.util.Locale.ROOT, "%,d", limit)
              + " code points; expected a smaller file (see docs/reliability.md, 'Input size')");
    }
    if (message.contains("aliases")) {
      int limit = InputLimits.YAML_ALIASES;
      return new InputException(
          aliasBeyond(file, text, limit),
          "more than "
              + limit
              + " aliases to collections; expected a file without alias expansion"
              + " (each alias of a list or mapping copies it, so a few can make billions of"
              + " values)");
    }
    return new InputException(new Location(file, 1, 1), "not valid YAML: " + message);
  }

  private static Location aliasBeyond(String file, String text, int limit) {
    var settings = settings(file).build();
    var parser = new ParserImpl(settings, new StreamReader(settings, text));
    int aliases = 0;
    Location last = new Location(file, 1, 1);
    // Only aliases of lists and mappings count, as in the engine's guard.
    Set<String> collections = new java.util.HashSet<>();
    try {
      while (parser.hasNext()) {
        Event e = parser.next();
        if (e instanceof CollectionStartEvent c) {
          c.getAnchor().ifPresent(a -> collections.add(a.getValue()));
        }
        if (e instanceof AliasEvent a && collections.contains(a.getAlias().getValue())) {
          last = e.getStartMark().map(m -> location(file, m)).orElse(last);
          if (++aliases > limit) {
            return last;
          }
        }
      }
    } catch (YamlEngineException ignored) {
      // The first pass parsed this text; a failure now leaves the last alias seen as the place.
    }
    return last;
  }

  /** Returns the place of the first node whose tag the engine cannot turn into a Tag. */
  private static java.util.Optional<Location> badTag(String file, String text) {
    var settings = settings(file).build();
    var parser = new ParserImpl(settings, new StreamReader(settings, text));
    try {
      while (parser.hasNext()) {
        Event e = parser.next();
        if (e instanceof org.snakeyaml.engine.v2.events.NodeEvent n) {
          java.util.Optional<String> tag =
              n instanceof org.snakeyaml.engine.v2.events.ScalarEvent sc
                  ? sc.getTag()
                  : n instanceof CollectionStartEvent c ? c.getTag() : java.util.Optional.empty();
          if (tag.isPresent()) {
            try {
              new Tag(tag.get());
            } catch (IllegalArgumentException bad) {
              return e.getStartMark().map(m -> location(file, m));
            }
          }
        }
      }
    } catch (RuntimeException ignored) {
      // The parse failed past the tags; no place better than the file's start.
    }
    return java.util.Optional.empty();
  }

  private static Location location(String file, Mark m) {
    return new Location(file, m.getLine() + 1, m.getColumn() + 1);
  }
}
