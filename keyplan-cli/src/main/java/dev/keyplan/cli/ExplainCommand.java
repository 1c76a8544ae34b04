package dev.keyplan.cli;

import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Suggest;
import dev.keyplan.report.RulePage;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keyplan explain ID}: a rule's page (why it matters, what is computed, how to fix). */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description = "Prints the documentation page of one rule (docs/rules/ID.md).")
final class ExplainCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "ID",
      description = "A rule id, as 'keyplan rules' lists them.")
  String id;

  @Override
  public Integer call() {
    Input.requireNoSarif(format.get(), "explain");
    Class<? extends Rule> rule =
        BuiltInRules.all().stream()
            .filter(r -> r.getSimpleName().equals(id))
            .findFirst()
            .orElseThrow(
                () ->
                    new InputException(
                        Cli.commandLine(),
                        "no rule named '"
                            + id
                            + "'"
                            + Suggest.closest(
                                    id,
                                    BuiltInRules.all().stream()
                                        .map(Class::getSimpleName)
                                        .collect(Collectors.toList()))
                                .map(s -> " (did you mean '" + s + "'?)")
                                .orElse("")
                            + "; 'keyplan rules' lists them"));
    String page = RulePage.markdown(id);
    RuleSpec s = Checker.spec(rule);
    var out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.print(
          Json.object(
              "id", id, "severity", s.severity().word(), "summary", s.summary(), "page", page));
    } else {
      out.print(page);
    }
    out.flush();
    return ExitCode.OK.code();
  }
}
