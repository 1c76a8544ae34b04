package dev.keyplan.cli;

/**
 * The process exit codes of every keyplan command, mapped in this one place.
 *
 * <p>Scripts and CI rely on them: 0 and 1 are the answer to "is this design acceptable?", 2 means
 * the question itself could not be read.
 */
public enum ExitCode {
  /** The command ran and nothing reached the failure threshold. */
  OK(0, "Success; no finding at or above --fail-on."),
  /** The command ran and found problems at or above {@code --fail-on}. */
  FINDINGS(1, "Findings at or above --fail-on (default: error)."),
  /** The input (a model, a schema file or an option) is invalid; nothing was computed. */
  BAD_INPUT(2, "Bad input: the model, a schema file or an option; see the messages on stderr."),
  /** A defect in keyplan itself. */
  INTERNAL(4, "Internal error in keyplan (please report it, with --verbose output).");

  private final int code;
  private final String description;

  ExitCode(int code, String description) {
    this.code = code;
    this.description = description;
  }

  /** Returns the numeric process exit code. */
  public int code() {
    return code;
  }

  /** Returns the {@code --help} lines that list every exit code, as picocli expects them. */
  static java.util.Map<String, String> helpList() {
    var map = new java.util.LinkedHashMap<String, String>();
    for (ExitCode e : values()) {
      map.put(Integer.toString(e.code), e.description);
    }
    return map;
  }
}
