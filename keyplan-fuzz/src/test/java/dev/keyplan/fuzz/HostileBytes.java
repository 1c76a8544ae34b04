package dev.keyplan.fuzz;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.TextInput;
import java.util.function.Consumer;

/**
 * The property every fuzz target checks: a reader given any bytes either reads them or refuses them
 * with the located-input toolkit's {@link InputException}, every diagnostic of which has a file, a
 * line and a column. Anything else that leaves the reader (a {@link RuntimeException}, a {@link
 * StackOverflowError}, an {@link OutOfMemoryError}) escapes to Jazzer, which records the input as a
 * finding: the CLI would have printed "internal error" and exited 4 (issue 18).
 *
 * <p>Inputs are bounded at {@link #MAX_BYTES} so that a finding is about the reader's handling of
 * hostile structure, not about the size guards other tests pin (docs/reliability.md); the bytes are
 * decoded by the toolkit's own {@link TextInput#decode}, as the CLI decodes a file, so bad UTF-8 is
 * fuzzed too.
 */
public final class HostileBytes {
  /**
   * 64 KiB: large enough for every seed (the largest, 2,000 nested DynamoDB maps, is 28 KB; the
   * largest shipped file, a NoSQL Workbench sample, 6.6 KB) and for 20,000 levels of flow nesting
   * (40 KB), the depth issue 18 saw overflow the stack; small enough that a run stays fast.
   */
  public static final int MAX_BYTES = 64 * 1024;

  private HostileBytes() {}

  /**
   * Decodes {@code data} as the file {@code file} and hands the text to {@code reader}; returns
   * quietly when the reader reads it or refuses it with a located {@link InputException}.
   */
  public static void read(String file, byte[] data, Consumer<String> reader) {
    if (data.length > MAX_BYTES) {
      return;
    }
    try {
      reader.accept(TextInput.decode(file, data));
    } catch (InputException e) {
      requireLocated(file, e);
    }
  }

  /**
   * Fails (with an {@link AssertionError}, which Jazzer records as a finding) unless every
   * diagnostic of {@code e} names a file and a line and column from 1: the promise is {@code
   * file:line:column}, not just "an input error".
   */
  public static void requireLocated(String file, InputException e) {
    if (e.diagnostics().isEmpty()) {
      throw new AssertionError("an InputException without a diagnostic", e);
    }
    for (Diagnostic d : e.diagnostics()) {
      if (d.location().file().isEmpty() || d.location().line() < 1 || d.location().column() < 1) {
        throw new AssertionError("not located in " + file + ": " + d, e);
      }
    }
  }
}
