package dev.keyplan.cli;

import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.model.InputException;
import dev.keyplan.model.yaml.Suggest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code keyplan explain ID}: a rule's page (why it matters, what is computed, how to fix). */
@Command(name = "explain", mixinStandardHelpOptions = true,
    description = "Prints the documentation page of one rule (docs/rules/ID.md).")
final class ExplainCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(index = "0", paramLabel = "ID", description = "A rule id, as 'keyplan rules' lists them.")
  String id;

  @Override
  public Integer call() {
    Class<?> rule = BuiltInRules.all().stream().filter(r -> r.getSimpleName().equals(id)).findFirst()
        .orElseThrow(() -> new InputException(Cli.commandLine(), "no rule named '" + id + "'"
            + Suggest.closest(id, BuiltInRules.all().stream().map(Class::getSimpleName).collect(Collectors.toList()))
                .map(s -> " (did you mean '" + s + "'?)").orElse("")
            + "; 'keyplan rules' lists them"));
    String page = page(id);
    RuleSpec s = Checker.spec(rule);
    var out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.print(Json.object("id", id, "severity", s.severity().word(), "summary", s.summary(), "page", page));
    } else {
      out.print(page);
    }
    out.flush();
    return ExitCode.OK.code();
  }

  /** Returns the rule's page from the jar, where the build copies docs/rules. */
  static String page(String id) {
    try (InputStream in = ExplainCommand.class.getResourceAsStream("/dev/keyplan/docs/rules/" + id + ".md")) {
      if (in == null) {
        throw new IllegalStateException("the page of rule " + id + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
