package dev.keyplan.cli;

import dev.keyplan.cli.simulate.SimulateCommand;
import dev.keyplan.cli.verify.VerifyCommand;
import dev.keyplan.input.Diagnostic;
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
    int code = newCommandLine(out, err).execute(args);
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
    err.println("keyplan: internal error: " + e);
    if (verbose(parsed)) {
      e.printStackTrace(err);
    } else {
      err.println("(run with --verbose for the stack trace, and please report it)");
    }
    err.flush();
    return ExitCode.INTERNAL.code();
  }
}
