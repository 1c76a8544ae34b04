package dev.keyplan.input;

/**
 * One problem in a user's input: where it is and what was expected there. The message is bounded
 * ({@link Echo}), so a huge value the message quotes cannot flood the terminal.
 */
public record Diagnostic(Location location, String message) {

  public Diagnostic {
    message = Echo.bounded(message);
  }

  /** Returns the compiler-style line {@code file:line:column: error: message}. */
  @Override
  public String toString() {
    return location + ": error: " + message;
  }
}
