package dev.keyplan.cli;

import dev.keyplan.design.cassandra.CassandraAnalyzer;
import dev.keyplan.emit.CqlEmitter;
import dev.keyplan.model.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keyplan emit cql MODEL}: the design's schema, annotated with the patterns each table serves. */
@Command(
    name = "emit",
    mixinStandardHelpOptions = true,
    description = {"Prints the schema of a model's store design.",
        "TARGET: cql (the Cassandra/ScyllaDB design, with the patterns each table serves as comments)."})
final class EmitCommand implements Callable<Integer> {
  /** What can be emitted. */
  enum Target {
    cql
  }

  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(index = "0", paramLabel = "TARGET", description = "What to emit: ${COMPLETION-CANDIDATES}.")
  Target target;

  @Parameters(index = "1", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path modelFile;

  @Override
  public Integer call() {
    Model model = ModelReader.read(modelFile);
    if (model.cassandra().isEmpty()) {
      throw new InputException(model.location(), "nothing to emit as cql: the model has no 'cassandra:' or 'scylladb:' section");
    }
    String cql = CqlEmitter.emit(CassandraAnalyzer.analyze(model));
    switch (format.get()) {
      case json:
        spec.commandLine().getOut().print(Json.object("target", target.name(), "model", model.name(), "text", cql));
        break;
      case markdown:
        throw new InputException(Cli.commandLine(), "emit writes text or json, not markdown");
      default:
        spec.commandLine().getOut().print(cql);
    }
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }
}
