package dev.keyplan.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --verbose} means the same wherever it is written. Issue 15: {@code keyplan verify
 * cassandra MODEL --verbose} was accepted (the option is inherited) but an internal error still
 * printed "(run with --verbose for the stack trace …)", because only the top command's options were
 * asked.
 */
class VerboseOptionTest {
  private static CommandLine.ParseResult parse(String... args) {
    return Main.newCommandLine(
            new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))
        .parseArgs(args);
  }

  @Test
  void onTheStoreSubcommand_isTheSameAsOnKeyplan() {
    assertTrue(Main.verbose(parse("--verbose", "verify", "cassandra", "m.yaml")));
    assertTrue(Main.verbose(parse("verify", "cassandra", "m.yaml", "--verbose")));
    assertTrue(Main.verbose(parse("verify", "--verbose", "cassandra", "m.yaml")));
    assertTrue(Main.verbose(parse("simulate", "cassandra", "m.yaml", "--verbose")));
    assertTrue(Main.verbose(parse("check", "m.yaml", "--verbose")));
  }

  @Test
  void absent_isNotVerbose() {
    assertFalse(Main.verbose(parse("verify", "cassandra", "m.yaml")));
  }
}
