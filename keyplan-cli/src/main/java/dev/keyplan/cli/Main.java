package dev.keyplan.cli;

import dev.keyplan.cli.simulate.SimulateCommand;
import dev.keyplan.cli.verify.VerifyCommand;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Echo;
import dev.keyplan.input.InputException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/**
 * Entry point. {@link #newCommandLine} builds the whole command line around the given streams so
 * tests run the real CLI and read what a user would see.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    var out = new PrintWriter(System.out, /* autoFlush= */ true, StandardCharsets.UTF_8);
    var err = new PrintWriter(System.err, /* autoFlush= */ true, StandardCharsets.UTF_8);
    boolean verbose = java.util.Arrays.asList(args).contains("--verbose");
    Logging.configure(verbose);
    int code;
    try {
      code = newCommandLine(out, err).execute(args);
    } catch (Throwable t) {
      // The last resort: newCommandLine's execution strategy already turns a crash in a command
      // into exit 4; this catches one in building the command line or in picocli itself, so that
      // the JVM's own handler (a full trace and exit 1, which check uses for "findings") never
      // runs.
      code = crash(t, err, verbose);
    }
    out.flush();
    err.flush();
    System.exit(code);
  }

  /**
   * Returns the keyplan command line writing results to {@code out} and diagnostics to {@code err}.
   */
  public static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
    var cli = new CommandLine(new KeyplanCommand());
    // The shared commands and each store's tools, sorted by name as the help lists them.
    java.util.Map<String, CommandLine> commands = new java.util.TreeMap<>();
    List<Object> all = new java.util.ArrayList<>(KeyplanCommand.commands());
    StoreClis.all().forEach(s -> s.tools().ifPresent(all::add));
    for (Object c : all) {
      CommandLine sub = new CommandLine(c);
      commands.put(sub.getCommandName(), sub);
    }
    commands.forEach(cli::addSubcommand);
    SimulateCommand.addStores(commands.get("simulate"));
    VerifyCommand.addStores(commands.get("verify"));
    EmitCommand.describe(commands.get("emit"));
    cli.setOut(out);
    cli.setErr(err);
    cli.setExitCodeExceptionMapper(Main::exitCodeOf);
    cli.setExecutionExceptionHandler(Main::handle);
    cli.setParameterExceptionHandler(Main::badArguments);
    cli.setExecutionStrategy(Main::runCatchingErrors);
    cli.getCommandSpec().exitCodeOnInvalidInput(ExitCode.BAD_INPUT.code());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // Every subcommand documents the same exit codes.
    for (CommandLine sub : cli.getSubcommands().values()) {
      setExitCodeHelp(sub);
    }
    setExitCodeHelp(cli);
    return cli;
  }

  private static void setExitCodeHelp(CommandLine cli) {
    cli.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n");
    cli.getCommandSpec().usageMessage().exitCodeList(ExitCode.helpList());
    cli.getCommandSpec().exitCodeOnInvalidInput(ExitCode.BAD_INPUT.code());
    for (CommandLine sub : cli.getSubcommands().values()) {
      setExitCodeHelp(sub);
    }
  }

  private static int exitCodeOf(Throwable t) {
    // picocli's own parse errors (unknown option, a word where a number belongs) are bad input too.
    return t instanceof InputException || t instanceof CommandLine.ParameterException
        ? ExitCode.BAD_INPUT.code()
        : ExitCode.INTERNAL.code();
  }

  /**
   * True when {@code --verbose} was given to the command or to any subcommand on the way: the
   * option is inherited ({@code keyplan verify cassandra MODEL --verbose} is {@code keyplan
   * --verbose verify cassandra MODEL}), and picocli records it on the subcommand that read it.
   */
  static boolean verbose(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }

  /**
   * picocli's own handling of a bad option or argument (the message, a did-you-mean or the usage),
   * with the message bounded ({@link Echo}): picocli quotes the value it refused, and a 2-megabyte
   * option value was echoed whole.
   */
  private static int badArguments(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println(command.getColorScheme().errorText(Echo.bounded(e.getMessage())));
    if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, err)) {
      command.usage(err, command.getColorScheme());
    }
    err.flush();
    return ExitCode.BAD_INPUT.code();
  }

  private static int handle(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
    PrintWriter err = cli.getErr();
    if (e instanceof InputException input) {
      for (Diagnostic d : input.diagnostics()) {
        err.println(d);
      }
      err.println(
          input.diagnostics().size() == 1 ? "1 error" : input.diagnostics().size() + " errors");
      err.flush();
      return ExitCode.BAD_INPUT.code();
    }
    return crash(e, err, verbose(parsed));
  }

  /**
   * Runs the parsed command, and turns an {@link Error} it throws (StackOverflowError,
   * OutOfMemoryError, an assertion) into the same one-line exit 4 as an exception: picocli hands
   * only {@link Exception}s to the execution exception handler and lets errors escape, and an
   * escaped error reached the JVM's handler, which printed a 1,024-frame trace and exited 1 — the
   * code {@code check} uses for findings, so CI read a crash as a finding (issue 18).
   */
  private static int runCatchingErrors(CommandLine.ParseResult parsed) {
    // Here rather than in main, so the in-process tests run the command as a user does.
    Logging.configure(verbose(parsed));
    try {
      return new CommandLine.RunLast().execute(parsed);
    } catch (CommandLine.ExecutionException | CommandLine.ParameterException e) {
      throw e; // picocli's own handlers map these
    } catch (Error e) {
      // The stack has unwound to here, so a StackOverflowError leaves room to report it; an
      // OutOfMemoryError has dropped whatever the command held.
      return crash(e, parsed.commandSpec().commandLine().getErr(), verbose(parsed));
    }
  }

  /**
   * Reports a defect in keyplan: one line, and the trace only with {@code --verbose}; always exit
   * 4, never 0, 1 or 2, so that no script mistakes a crash for an answer.
   */
  static int crash(Throwable t, PrintWriter err, boolean verbose) {
    try {
      String what = String.valueOf(t).replaceAll("\\s+", " ").strip();
      if (verbose) {
        err.println("keyplan: internal error: " + what + "; please report it with this trace:");
        t.printStackTrace(err);
      } else {
        err.println(
            "keyplan: internal error: "
                + what
                + "; run again with --verbose for the trace and report it");
      }
      err.flush();
    } catch (Throwable ignored) {
      // Reporting failed too (out of memory again, a closed stream): the exit code still says it.
    }
    return ExitCode.INTERNAL.code();
  }
}
