package dev.keyplan.cli;

/** The output formats a command can write on stdout. */
public enum OutputFormat {
  text,
  json,
  markdown
}
