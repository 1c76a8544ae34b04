package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * Reads text a user pasted from mongosh or a driver (such as {@code explain("executionStats")}
 * output, for {@code keyplan verify mongodb --from-explain}) into values that know their
 * file:line:column, with the catalog readers' located reading ({@link LocatedBson}, the {@code
 * org.mongodb:bson} library's {@code JsonReader}). On top of what that reads, a paste may hold:
 *
 * <ul>
 *   <li>several documents one after another, each over many lines, as mongosh prints the results of
 *       several commands: each is read on its own, at its own place;
 *   <li>mongosh 2's own printing of BSON types the library does not read ({@code Long('…')}, {@code
 *       Timestamp({ t, i })}, …, which an explain's {@code $clusterTime} holds), rewritten by
 *       {@link LocatedBson} for every catalog reader.
 * </ul>
 */
public final class PastedJson {
  private PastedJson() {}

  /** A value with its place and, for a document or array, its located members or elements. */
  public record Value(
      BsonValue value, Location location, List<Member> members, List<Value> elements) {
    public Value {
      members = List.copyOf(members);
      elements = List.copyOf(elements);
    }

    /** Returns the member {@code name} of a document. */
    public Optional<Member> member(String name) {
      return members.stream().filter(m -> m.name().equals(name)).findFirst();
    }
  }

  /** A member of a document: the place is its name's. */
  public record Member(String name, Location location, Value value) {}

  /**
   * Returns the values of {@code path}: one per document pasted (an array is one value). A file
   * that cannot be read is an error at the file.
   */
  public static List<Value> read(Path path) {
    return read(path.toString(), TextInput.read(path, path.toString()));
  }

  /** Returns the values of {@code text}, read as file {@code file}. */
  public static List<Value> read(String file, String text) {
    String body = text.startsWith("\uFEFF") ? " " + text.substring(1) : text;
    List<int[]> spans = topLevel(body);
    if (spans.size() <= 1) {
      return LocatedBson.read(file, body).values().stream().map(PastedJson::value).toList();
    }
    List<Value> out = new ArrayList<>();
    List<Diagnostic> problems = new ArrayList<>();
    for (int[] span : spans) {
      try {
        out.add(value(LocatedBson.read(file, only(body, span)).values().get(0)));
      } catch (InputException e) {
        problems.addAll(e.diagnostics());
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return out;
  }

  private static Value value(LocatedBson.Node n) {
    return new Value(
        n.value(),
        n.location(),
        n.members().stream()
            .map(m -> new Member(m.name(), m.location(), value(m.value())))
            .toList(),
        n.elements().stream().map(PastedJson::value).toList());
  }

  /** {@code text} with everything outside {@code span} blanked, line breaks kept. */
  private static String only(String text, int[] span) {
    StringBuilder b = new StringBuilder(text);
    for (int i = 0; i < b.length(); i++) {
      if ((i < span[0] || i >= span[1]) && b.charAt(i) != '\n' && b.charAt(i) != '\r') {
        b.setCharAt(i, ' ');
      }
    }
    return b.toString();
  }

  /**
   * The spans of the documents and arrays written one after another at the top of {@code text}
   * (brackets counted outside quoted strings); one span, or none, when the text is not such a
   * sequence (it is then read whole, and any error is the library's).
   */
  static List<int[]> topLevel(String text) {
    List<int[]> out = new ArrayList<>();
    int depth = 0;
    int start = -1;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (depth == 0 && !Character.isWhitespace(c) && c != '{' && c != '[') {
        return List.of();
      }
      switch (c) {
        case '"', '\'' -> quote = c;
        case '{', '[' -> {
          if (depth++ == 0) {
            start = i;
          }
        }
        case '}', ']' -> {
          if (--depth == 0) {
            out.add(new int[] {start, i + 1});
          } else if (depth < 0) {
            return List.of();
          }
        }
        default -> {}
      }
    }
    return depth == 0 ? out : List.of();
  }
}
