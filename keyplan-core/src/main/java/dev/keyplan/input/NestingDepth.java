package dev.keyplan.input;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * The nesting-depth limits of every reader, in this one place (docs/reliability.md, "Nesting
 * depth"). 2,000 to 20,000 nested levels in a YAML model, a DynamoDB item, a Workbench file or a
 * ring file overflowed the stack of keyplan's recursive readers and of snakeyaml-engine's composer
 * (issue 18); a located error at the first level too deep is the answer instead.
 *
 * <p>The limit is MongoDB's, 100 levels for a BSON document (<a
 * href="https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-Nested-Depth-for-BSON-Documents">MongoDB
 * limits: nested depth for BSON documents</a>), which the Extended JSON reader already applies: no
 * model, schema or ring file keyplan reads needs more than a handful of levels, and 100 frames of
 * recursion are far from the stack's end.
 */
public final class NestingDepth {
  private NestingDepth() {}

  /** The deepest nesting of collections (mappings, sequences, objects, arrays) any reader takes. */
  public static final int MAX = 100;

  /** Returns the located error for a collection at {@code at} that is level {@code MAX + 1}. */
  public static InputException tooDeep(Location at) {
    return new InputException(
        at,
        "nesting too deep: expected at most "
            + MAX
            + " nested levels of mappings and lists (see docs/reliability.md, 'Nesting depth')");
  }

  /**
   * Checks {@code text} nests no deeper than {@link #MAX} before it is composed into a tree:
   * snakeyaml-engine's composer recurses once per level, and its {@link LoadSettings} offer a code
   * point limit and an alias limit but no depth limit (snakeyaml-engine 3.2). The parser is an
   * event stream with its own explicit stack, so counting its start and end events is iterative.
   * Syntax errors are left to propagate, as the caller reports those already.
   */
  public static void checkYaml(String file, LoadSettings settings, String text) {
    var parser = new ParserImpl(settings, new StreamReader(settings, text));
    int depth = 0;
    while (parser.hasNext()) {
      Event e = parser.next();
      switch (e.getEventId()) {
        case MappingStart, SequenceStart -> {
          depth++;
          if (depth > MAX) {
            throw tooDeep(
                e.getStartMark()
                    .map(m -> new Location(file, m.getLine() + 1, m.getColumn() + 1))
                    .orElse(new Location(file, 0, 0)));
          }
        }
        case MappingEnd, SequenceEnd -> depth--;
        default -> {}
      }
    }
  }
}
