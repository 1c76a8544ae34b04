package dev.keyplan.cli;

import dev.keyplan.check.CheckResult;
import dev.keyplan.model.InputException;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.HtmlReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keyplan report MODEL -o report.html}: the check's results as one self-contained HTML page. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the results of 'keyplan check' as one self-contained HTML page for a design review:"
          + " the workload, each store's patterns, partition-size charts, findings and the schema"
          + " (docs/report.md). The page works offline.",
      "Exits 0 once the page is written, whatever the findings; 'keyplan check' is the gate."
    })
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The workload model (YAML), e.g. examples/chat.yaml.")
  Path model;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "-",
      description = "Where to write the page; - for stdout (default: ${DEFAULT-VALUE}).")
  String output = "-";

  @Override
  public Integer call() {
    String html = HtmlReport.render(CheckResult.of(ModelReader.read(model)));
    if (output.equals("-")) {
      spec.commandLine().getOut().print(html);
      spec.commandLine().getOut().flush();
      return ExitCode.OK.code();
    }
    try {
      Files.writeString(Path.of(output), html, StandardCharsets.UTF_8);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new InputException(Cli.commandLine(), "cannot write " + output + ": no such directory");
    } catch (IOException e) {
      throw new InputException(Cli.commandLine(), "cannot write " + output + ": " + e.getMessage());
    }
    spec.commandLine().getErr().println("wrote " + output);
    spec.commandLine().getErr().flush();
    return ExitCode.OK.code();
  }
}
