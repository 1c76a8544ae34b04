package dev.keyplan.cli;

import dev.keyplan.input.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
   * Returns the text of {@code file}, or of standard input for {@code -}.
   *
   * @param format what the text must be, for the message when it is not UTF-8 ("Extended JSON")
   * @throws InputException if it cannot be read or is not UTF-8
   */
  public static String read(String file, String format) {
    byte[] bytes;
    try {
      bytes = file.equals("-") ? System.in.readAllBytes() : Files.readAllBytes(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new InputException(Cli.commandLine(), "no such file: " + file);
    } catch (IOException e) {
      throw new InputException(Cli.commandLine(), "cannot read " + file + ": " + e.getMessage());
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InputException(
          Cli.commandLine(), name(file) + " is not UTF-8 text; " + format + " must be");
    }
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
