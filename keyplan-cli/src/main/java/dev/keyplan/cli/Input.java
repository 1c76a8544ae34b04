package dev.keyplan.cli;

import dev.keyplan.input.InputException;
import dev.keyplan.input.TextInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * What the store commands read (an item, a document, a value): a file, or standard input for {@code
 * -}, as UTF-8 text.
 */
public final class Input {
  private Input() {}

  /** Returns the name messages give {@code file}: {@code <stdin>} for {@code -}. */
  public static String name(String file) {
    return file.equals("-") ? "<stdin>" : file;
  }

  /**
   * Returns the text of {@code file}, or of standard input for {@code -}, through the located-input
   * toolkit: at most {@code InputLimits}' bytes, and a byte that is not UTF-8 is an error at its
   * {@code file:line:column} in the file (or {@code <stdin>}), where it is. Only a file that cannot
   * be opened is an error at {@code <command line>}: its name is what is wrong there.
   *
   * @throws InputException if it cannot be read, is too large or is not UTF-8
   */
  public static String read(String file) {
    byte[] bytes;
    try {
      if (file.equals("-")) {
        bytes = TextInput.bytes(name(file), System.in);
      } else {
        try (InputStream in = Files.newInputStream(Path.of(file))) {
          bytes = TextInput.bytes(file, in);
        }
      }
    } catch (InvalidPathException e) {
      throw new InputException(Cli.commandLine(), "not a file name: " + e.getMessage());
    } catch (NoSuchFileException e) {
      throw new InputException(Cli.commandLine(), "no such file: " + file);
    } catch (IOException e) {
      throw new InputException(Cli.commandLine(), "cannot read " + file + ": " + e.getMessage());
    }
    return TextInput.decode(name(file), bytes);
  }

  /** Rejects {@code --format markdown} and {@code sarif}: these results are a line or two. */
  public static void requireTextOrJson(OutputFormat format, String command) {
    if (format == OutputFormat.markdown || format == OutputFormat.sarif) {
      throw new InputException(
          Cli.commandLine(),
          "--format "
              + format
              + " is not available for"
              + " 'keyplan "
              + command
              + "': use text or json");
    }
  }

  /** Rejects {@code --format sarif}: a SARIF log holds findings, which only check reports. */
  public static void requireNoSarif(OutputFormat format, String command) {
    if (format == OutputFormat.sarif) {
      throw new InputException(
          Cli.commandLine(),
          "--format sarif is not available for"
              + " 'keyplan "
              + command
              + "': it is for 'keyplan check' findings; use text or json");
    }
  }
}
