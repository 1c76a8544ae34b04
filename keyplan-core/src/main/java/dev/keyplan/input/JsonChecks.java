package dev.keyplan.input;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The problems of one JSON file read through a {@link LocatedJson} tree, and the member-by-member
 * reading of its objects that finds them. Shared by the readers of NoSQL Workbench models and of
 * table definitions, so both word "missing", "wrong JSON type", "unknown value" and "written twice"
 * alike.
 *
 * <p>A reader records a problem and throws the {@link Skip} that {@link #problem} returns to
 * abandon the part it is reading; {@link #orNull} catches it at the part's boundary, so reading
 * goes on with the next part and a user sees every problem of the file in one {@link
 * InputException} ({@link #throwIfAny}), in file order.
 */
public final class JsonChecks {
  private final List<Diagnostic> problems = new ArrayList<>();
  // A member written twice is looked up more than once; it is reported once.
  private final Set<Location> reportedDuplicates = new HashSet<>();

  /** Thrown after a problem is recorded, to abandon the part being read and go on with the next. */
  public static final class Skip extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Skip() {
      super(null, null, false, false);
    }
  }

  /** Returns the part's value, or null when reading it recorded a problem and gave up. */
  public static <T> T orNull(Supplier<T> part) {
    try {
      return part.get();
    } catch (Skip e) {
      return null;
    }
  }

  /** Returns the optional part's value, or empty when reading it recorded a problem. */
  public static <T> Optional<T> orElseEmpty(Supplier<Optional<T>> part) {
    Optional<T> value = orNull(part);
    return value == null ? Optional.empty() : value;
  }

  /** Records a problem and returns the {@link Skip} to throw when the part cannot go on. */
  public Skip problem(Location at, String message) {
    problems.add(new Diagnostic(at, message));
    return new Skip();
  }

  /** Records a problem; the part goes on. */
  public void report(Location at, String message) {
    problems.add(new Diagnostic(at, message));
  }

  /** Records problems found by another reader (DynamoDB JSON items inside the file). */
  public void reportAll(Collection<Diagnostic> found) {
    problems.addAll(found);
  }

  /** Returns whether any problem was recorded. */
  public boolean hasProblems() {
    return !problems.isEmpty();
  }

  /** Throws every recorded problem as one {@link InputException}, if there is any. */
  public void throwIfAny() {
    if (problems.isEmpty()) {
      return;
    }
    // Parts are checked in passes (references after declarations), but a user reads the list top
    // to bottom, as InputException promises.
    var sorted = new ArrayList<>(problems);
    sorted.sort(
        Comparator.comparingInt((Diagnostic d) -> d.location().line())
            .thenComparingInt(d -> d.location().column()));
    throw new InputException(sorted);
  }

  /** Returns {@code node} as an object, or records "expected …, found …" and skips. */
  public LocatedJson.Obj expectObject(LocatedJson.Node node, String expected) {
    if (node instanceof LocatedJson.Obj o) {
      return o;
    }
    throw problem(node.at(), "expected " + expected + ", found " + LocatedJson.describe(node));
  }

  /** Returns a reader of {@code object}'s members; {@code what} names the object in messages. */
  public Fields fields(LocatedJson.Obj object, String what) {
    return new Fields(object, what);
  }

  /** Reports each value whose name an earlier value already has, at the later one. */
  public <T> void checkUnique(
      List<T> values, Function<T, String> name, Function<T, Location> at, String what) {
    var first = new HashMap<String, Location>();
    for (T v : values) {
      Location earlier = first.putIfAbsent(name.apply(v), at.apply(v));
      if (earlier != null) {
        report(
            at.apply(v),
            "duplicate "
                + what
                + " name '"
                + name.apply(v)
                + "' (first at line "
                + earlier.line()
                + ", column "
                + earlier.column()
                + ")");
      }
    }
  }

  /** Returns "; did you mean 'x'?" for the known word closest to {@code word}, or "". */
  public static String didYouMean(String word, Collection<String> known) {
    return Suggest.closest(word, known).map(s -> "; did you mean '" + s + "'?").orElse("");
  }

  /**
   * The members of one JSON object, read by name. A member written twice is reported once, when it
   * is read; members never read are the unknown ones the formats let readers ignore.
   */
  public final class Fields {
    private final LocatedJson.Obj object;
    private final String what;

    private Fields(LocatedJson.Obj object, String what) {
      this.object = object;
      this.what = what;
    }

    /** The object read. */
    public LocatedJson.Obj object() {
      return object;
    }

    /** How messages name the object, such as {@code table 'Orders'}. */
    public String what() {
      return what;
    }

    /** Returns the first member called {@code name}, reporting a second one. */
    public Optional<LocatedJson.Node> node(String name) {
      LocatedJson.Member first = null;
      for (LocatedJson.Member m : object.members()) {
        if (!m.name().equals(name)) {
          continue;
        }
        if (first == null) {
          first = m;
        } else {
          if (reportedDuplicates.add(m.at())) {
            report(
                m.at(),
                "duplicate \""
                    + name
                    + "\" in "
                    + what
                    + " (first at line "
                    + first.at().line()
                    + ", column "
                    + first.at().column()
                    + ")");
          }
          break;
        }
      }
      return Optional.ofNullable(first).map(LocatedJson.Member::value);
    }

    /** Returns whether the object has a member called {@code name}. */
    public boolean has(String name) {
      return object.members().stream().anyMatch(m -> m.name().equals(name));
    }

    private LocatedJson.Node required(String name, boolean required, String expected) {
      Optional<LocatedJson.Node> node = node(name);
      if (node.isEmpty() && required) {
        List<String> present = object.members().stream().map(LocatedJson.Member::name).toList();
        String hint =
            Suggest.closest(name, present)
                .map(s -> "; found \"" + s + "\", a misspelling?")
                .orElse("");
        throw problem(
            object.at(),
            what
                + " has no \""
                + name
                + "\""
                + (expected.isEmpty() ? "" : "; expected " + expected)
                + hint);
      }
      return node.orElse(null);
    }

    /** Returns a string member; a missing required one, or another JSON type, is a problem. */
    public Optional<String> string(String name, boolean required) {
      LocatedJson.Node node = required(name, required, "a string");
      if (node == null) {
        return Optional.empty();
      }
      if (!(node instanceof LocatedJson.Str s)) {
        throw problem(
            node.at(), "\"" + name + "\" must be a string, found " + LocatedJson.describe(node));
      }
      return Optional.of(s.value());
    }

    /** Returns a required string that is not blank. */
    public String nonEmptyString(String name) {
      String value = string(name, true).orElseThrow();
      if (value.isBlank()) {
        throw problem(node(name).orElseThrow().at(), "\"" + name + "\" cannot be empty");
      }
      return value;
    }

    /** Returns an object member; {@code expected} shows its shape in messages. */
    public Optional<LocatedJson.Obj> object(String name, boolean required, String expected) {
      LocatedJson.Node node = required(name, required, expected);
      if (node == null) {
        return Optional.empty();
      }
      if (!(node instanceof LocatedJson.Obj o)) {
        throw problem(
            node.at(),
            "\""
                + name
                + "\" must be an object"
                + (expected.isEmpty() ? "" : " such as " + expected)
                + ", found "
                + LocatedJson.describe(node));
      }
      return Optional.of(o);
    }

    /** Returns an array member; {@code expected} says what it holds, as in "must be …". */
    public Optional<LocatedJson.Arr> array(String name, boolean required, String expected) {
      LocatedJson.Node node = required(name, required, expected);
      if (node == null) {
        return Optional.empty();
      }
      if (!(node instanceof LocatedJson.Arr a)) {
        throw problem(
            node.at(),
            "\"" + name + "\" must be " + expected + ", found " + LocatedJson.describe(node));
      }
      return Optional.of(a);
    }

    /** Returns the elements of an optional array member, or none after a recorded problem. */
    public List<LocatedJson.Node> list(String name, String expected) {
      return orElseEmpty(() -> array(name, false, expected))
          .map(LocatedJson.Arr::elements)
          .orElse(List.of());
    }

    /** Returns {@code true} or {@code false}; another JSON value is a problem. */
    public Optional<Boolean> bool(String name, boolean required) {
      LocatedJson.Node node = required(name, required, "true or false");
      if (node == null) {
        return Optional.empty();
      }
      if (!(node instanceof LocatedJson.Literal l) || l.text().equals("null")) {
        throw problem(
            node.at(),
            "\"" + name + "\" must be true or false, found " + LocatedJson.describe(node));
      }
      return Optional.of(l.text().equals("true"));
    }

    /** Returns a string member that must name one of {@code type}'s constants (did-you-mean). */
    public <E extends Enum<E>> Optional<E> enumValue(String name, Class<E> type) {
      List<String> allowed = Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
      Optional<String> text = string(name, false);
      if (text.isEmpty()) {
        return Optional.empty();
      }
      if (!allowed.contains(text.get())) {
        throw problem(
            node(name).orElseThrow().at(),
            "unknown \""
                + name
                + "\" '"
                + text.get()
                + "'"
                + didYouMean(text.get(), allowed)
                + " (expected one of "
                + String.join(", ", allowed)
                + ")");
      }
      return Optional.of(Enum.valueOf(type, text.get()));
    }

    /** Returns a required whole number of at least {@code min}. */
    public long count(String name, long min) {
      LocatedJson.Node node = required(name, true, "a whole number");
      if (!(node instanceof LocatedJson.Num n) || !n.text().matches("-?\\d{1,18}")) {
        throw problem(
            node.at(),
            "\"" + name + "\" must be a whole number, found " + LocatedJson.describe(node));
      }
      long value = Long.parseLong(n.text());
      if (value < min) {
        throw problem(node.at(), "\"" + name + "\" must be at least " + min + ", found " + value);
      }
      return value;
    }
  }
}
