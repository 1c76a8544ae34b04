package dev.keyplan.input;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Bad user input: a model, a CQL file or a command-line value that keyplan cannot accept.
 *
 * <p>It carries every problem found in one pass over the input, so a user fixes a file in one round
 * trip. The CLI prints the diagnostics one per line and exits with code 2; it never prints this
 * exception's stack trace.
 */
public final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final List<Diagnostic> diagnostics;

  public InputException(List<Diagnostic> diagnostics) {
    super(diagnostics.stream().map(Diagnostic::toString).collect(Collectors.joining("\n")));
    if (diagnostics.isEmpty()) {
      throw new IllegalArgumentException("an input error needs at least one diagnostic");
    }
    this.diagnostics = List.copyOf(diagnostics);
  }

  public InputException(Location location, String message) {
    this(List.of(new Diagnostic(location, message)));
  }

  /**
   * Returns the same errors with {@code note} appended to the first one's message: what a reader
   * that stops on it knows and the error does not ("bad line 4, more than the 3 allowed to be
   * skipped").
   */
  public InputException withNote(String note) {
    List<Diagnostic> out = new java.util.ArrayList<>(diagnostics());
    Diagnostic first = out.get(0);
    out.set(0, new Diagnostic(first.location(), first.message() + note));
    return new InputException(out);
  }

  /** Returns the problems, in the order they appear in the input. */
  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }

  /**
   * Returns the words a message gives for why a file could not be read: "no such file", "it is not
   * UTF-8 text", or the I/O error's own message.
   */
  public static String reason(java.io.IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof java.nio.charset.CharacterCodingException) {
      return "it is not UTF-8 text";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
