package dev.keyplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * One crash discipline (issue 18): whatever a command throws — an exception, a StackOverflowError,
 * an OutOfMemoryError — keyplan exits 4 with one line, and prints the trace only with {@code
 * --verbose}. Before, an Error escaped picocli, reached the JVM's handler and exited 1 (the code
 * {@code check} uses for findings) after a 1,024-frame trace.
 */
class CrashDisciplineTest {
  /** A stub command that overflows the stack for real, as a deeply nested input did. */
  @Command(name = "overflow")
  static final class Overflow implements Callable<Integer> {
    @Override
    public Integer call() {
      return recurse(0);
    }

    /**
     * Stops only at a depth no stack reaches, as an unguarded reader stops only at the input's end.
     */
    private static int recurse(int n) {
      return n == Integer.MAX_VALUE ? n : recurse(n + 1) + 1;
    }
  }

  /** A stub command that runs out of memory (thrown, so the test does not fill the heap). */
  @Command(name = "oom")
  static final class OutOfMemory implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  /** A stub command with a plain bug. */
  @Command(name = "bug")
  static final class Bug implements Callable<Integer> {
    @Override
    public Integer call() {
      throw new IllegalStateException("two\nlines");
    }
  }

  private static CliRun run(String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    var errWriter = new PrintWriter(err, true);
    CommandLine cli = Main.newCommandLine(new PrintWriter(out, true), errWriter);
    cli.addSubcommand(new Overflow());
    cli.addSubcommand(new OutOfMemory());
    cli.addSubcommand(new Bug());
    // Subcommands added after newCommandLine set the streams write to System.err until told.
    cli.setErr(errWriter);
    int code = cli.execute(args);
    return new CliRun(code, out.toString(), err.toString().replace("\r\n", "\n"));
  }

  @Test
  void stackOverflow_isExitFour_withOneLine() {
    CliRun run = run("overflow");
    assertEquals(4, run.exitCode(), run.err());
    assertEquals(
        "keyplan: internal error: java.lang.StackOverflowError;"
            + " run again with --verbose for the trace and report it\n",
        run.err());
  }

  @Test
  void stackOverflow_withVerbose_printsTheTrace() {
    CliRun run = run("--verbose", "overflow");
    assertEquals(4, run.exitCode());
    assertTrue(
        run.err()
            .startsWith(
                "keyplan: internal error: java.lang.StackOverflowError;"
                    + " please report it with this trace:\njava.lang.StackOverflowError\n"),
        run.err().substring(0, Math.min(400, run.err().length())));
    assertTrue(run.err().contains("at dev.keyplan.cli.CrashDisciplineTest$Overflow.recurse"));
  }

  @Test
  void outOfMemory_isExitFour_withOneLine() {
    CliRun run = run("oom");
    assertEquals(4, run.exitCode());
    assertEquals(
        "keyplan: internal error: java.lang.OutOfMemoryError: Java heap space;"
            + " run again with --verbose for the trace and report it\n",
        run.err());
  }

  @Test
  void anException_isOneLine_evenWhenItsMessageHasSeveral() {
    CliRun run = run("bug");
    assertEquals(4, run.exitCode());
    assertEquals(
        "keyplan: internal error: java.lang.IllegalStateException: two lines;"
            + " run again with --verbose for the trace and report it\n",
        run.err());
  }

  @Test
  void aCrashOutsideTheCommand_isStillExitFour() {
    var err = new StringWriter();
    int code = Main.crash(new StackOverflowError(), new PrintWriter(err, true), false);
    assertEquals(4, code);
    assertEquals(1, err.toString().lines().count(), err.toString());
  }
}
