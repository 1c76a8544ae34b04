package dev.keyplan.fuzz;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository's examples/ folder, which the targets read models and the files they name from.
 */
public final class ShippedExamples {
  private ShippedExamples() {}

  /**
   * examples/ from the module's directory, where Maven runs the tests; also from the repository
   * root, where an IDE may run them.
   */
  public static Path dir() {
    Path fromModule = Path.of("../examples");
    return Files.isDirectory(fromModule) ? fromModule : Path.of("examples");
  }
}
