package dev.keyplan.input;

/** One problem in a user's input: where it is and what was expected there. */
public record Diagnostic(Location location, String message) {

  /** Returns the compiler-style line {@code file:line:column: error: message}. */
  @Override
  public String toString() {
    return location + ": error: " + message;
  }
}
