package dev.keyplan.cli;

import dev.keyplan.input.Location;

/** Small facts shared by the commands. */
public final class Cli {
  private Cli() {}

  /** Returns the location used for errors in command-line arguments. */
  public static Location commandLine() {
    return new Location("<command line>", 0, 0);
  }
}
