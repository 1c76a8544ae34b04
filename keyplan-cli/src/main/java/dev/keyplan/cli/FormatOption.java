package dev.keyplan.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --format} option that every command takes (a picocli mixin).
 *
 * <p>Text is for people; JSON is for scripts and CI and keeps a documented, stable shape. Commands
 * that have no Markdown form reject it with exit code 2; SARIF (findings for code scanning) is for
 * {@code check} only, and every other command rejects it the same way.
 */
public final class FormatOption {
  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  OutputFormat format = OutputFormat.text;

  /** Returns the chosen format. */
  public OutputFormat get() {
    return format;
  }
}
