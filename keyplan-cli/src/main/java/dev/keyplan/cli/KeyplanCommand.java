package dev.keyplan.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The top command: lists the subcommands; each one is its own class. */
@Command(
    name = "keyplan",
    mixinStandardHelpOptions = true,
    version = "keyplan " + KeyplanCommand.VERSION,
    description =
        "Query-first NoSQL data modelling: size and heat-check every key before production.")
public final class KeyplanCommand implements Runnable {
  /**
   * The commands every store shares, each its own class; each store adds its own tools ({@link
   * StoreCli#tools()}), and {@link Main} lists them all sorted by name.
   */
  static List<Object> commands() {
    return List.of(
        // keep-sorted start
        new AnalyzeCommand(),
        new CheckCommand(),
        new DesignCommand(),
        new EmitCommand(),
        new ExplainCommand(),
        new picocli.CommandLine.HelpCommand(),
        new ReportCommand(),
        new RulesCommand(),
        new dev.keyplan.cli.simulate.SimulateCommand(),
        new dev.keyplan.cli.verify.VerifyCommand()
        // keep-sorted end
        );
  }

  /** keyplan's version, for --version and the tool entry of SARIF logs. */
  public static final String VERSION = "0.1.0";

  @Spec CommandSpec spec;

  @Option(
      names = "--verbose",
      scope = picocli.CommandLine.ScopeType.INHERIT,
      description = "Print stack traces of internal errors.")
  boolean verbose;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}
