package dev.keyplan.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The top command: lists the subcommands; each one is its own class. */
@Command(
    name = "keyplan",
    mixinStandardHelpOptions = true,
    version = "keyplan " + KeyplanCommand.VERSION,
    description = "Query-first NoSQL data modelling: size and heat-check every key before production.",
    subcommands = {
      // keep-sorted start
      dev.keyplan.cassandra.cli.CassandraCommand.class,
      CheckCommand.class,
      dev.keyplan.dynamodb.cli.DynamoDbCommand.class,
      EmitCommand.class,
      ExplainCommand.class,
      picocli.CommandLine.HelpCommand.class,
      dev.keyplan.mongodb.cli.MongoDbCommand.class,
      ReportCommand.class,
      RulesCommand.class,
      dev.keyplan.cli.simulate.SimulateCommand.class,
      dev.keyplan.cli.verify.VerifyCommand.class,
      // keep-sorted end
    })
public final class KeyplanCommand implements Runnable {
  /** keyplan's version, for --version and the tool entry of SARIF logs. */
  public static final String VERSION = "0.1.0";

  @Spec CommandSpec spec;

  @Option(names = "--verbose", scope = picocli.CommandLine.ScopeType.INHERIT,
      description = "Print stack traces of internal errors.")
  boolean verbose;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}
