package dev.keyplan.cli;

/** The output formats a command can write on stdout; not every command writes every one. */
public enum OutputFormat {
  text,
  json,
  markdown,
  /** SARIF 2.1.0, for code scanning; {@code keyplan check} only. */
  sarif
}
