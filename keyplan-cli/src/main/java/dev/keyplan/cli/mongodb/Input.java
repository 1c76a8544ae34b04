package dev.keyplan.cli.mongodb;

import dev.keyplan.cli.Cli;
import dev.keyplan.cli.OutputFormat;
import dev.keyplan.model.InputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** What the MongoDB commands read: a file, or standard input for {@code -}, as UTF-8 text. */
final class Input {
  private Input() {}

  /** Returns the name messages give {@code file}: {@code <stdin>} for {@code -}. */
  static String name(String file) {
    return file.equals("-") ? "<stdin>" : file;
  }

  /**
   * Returns the text of {@code file}, or of standard input for {@code -}.
   *
   * @throws InputException if it cannot be read or is not UTF-8
   */
  static String read(String file) {
    byte[] bytes;
    try {
      bytes = file.equals("-") ? System.in.readAllBytes() : Files.readAllBytes(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new InputException(Cli.commandLine(), "no such file: " + file);
    } catch (IOException e) {
      throw new InputException(Cli.commandLine(), "cannot read " + file + ": " + e.getMessage());
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new InputException(Cli.commandLine(), name(file) + " is not UTF-8 text; Extended"
          + " JSON must be");
    }
  }

  /** Rejects {@code --format markdown}: these results are a line or two. */
  static void requireTextOrJson(OutputFormat format, String command) {
    if (format == OutputFormat.markdown) {
      throw new InputException(Cli.commandLine(), "--format markdown is not available for"
          + " 'keyplan mongodb " + command + "': use text or json");
    }
  }
}
