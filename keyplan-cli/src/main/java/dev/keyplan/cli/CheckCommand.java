package dev.keyplan.cli;

import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Severity;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.JsonReport;
import dev.keyplan.report.MarkdownReport;
import dev.keyplan.report.SarifReport;
import dev.keyplan.report.TextReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan check MODEL}: coverage, sizing, heat, consistency and rules for every store
 * design.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Checks a workload model against its store designs: which table serves each pattern and at what"
          + " cost, partition sizes at the horizon, the busiest key's heat, consistency, and the rules"
          + " (keyplan rules lists them).",
      "Results go to stdout, input errors to stderr."
    })
final class CheckCommand implements Callable<Integer> {
  /** When findings make the command fail. */
  enum FailOn {
    error,
    warning,
    never
  }

  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      description = "The workload model (YAML), e.g. examples/chat.yaml.")
  Path model;

  @Option(
      names = "--fail-on",
      paramLabel = "LEVEL",
      defaultValue = "error",
      description =
          "Exit with 1 when a finding is at or above LEVEL: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  FailOn failOn = FailOn.error;

  @Override
  public Integer call() {
    CheckResult result = CheckResult.of(ModelReader.read(model));
    String text;
    switch (format.get()) {
      case json:
        text = JsonReport.render(result);
        break;
      case markdown:
        text = MarkdownReport.render(result);
        break;
      case sarif:
        // File names in the log are relative to where keyplan runs: the repository root in CI.
        text = SarifReport.render(result, Path.of(""), KeyplanCommand.VERSION);
        break;
      default:
        text = TextReport.render(result);
    }
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    boolean fails =
        failOn != FailOn.never
            && result.fails(failOn == FailOn.error ? Severity.ERROR : Severity.WARNING);
    return fails ? ExitCode.FINDINGS.code() : ExitCode.OK.code();
  }
}
