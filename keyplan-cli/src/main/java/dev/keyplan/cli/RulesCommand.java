package dev.keyplan.cli;

import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code keyplan rules}: every rule with its severity, category and summary. */
@Command(
    name = "rules",
    mixinStandardHelpOptions = true,
    description =
        "Lists the rules keyplan check runs; 'keyplan explain ID' prints one rule's page.")
final class RulesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Override
  public Integer call() {
    Input.requireNoSarif(format.get(), "rules");
    var out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      StringBuilder json = new StringBuilder("[");
      String sep = "\n  ";
      for (Class<? extends Rule> r : BuiltInRules.all()) {
        RuleSpec s = Checker.spec(r);
        json.append(sep)
            .append("{\"id\": ")
            .append(Json.quote(r.getSimpleName()))
            .append(", \"severity\": ")
            .append(Json.quote(s.severity().word()))
            .append(", \"category\": ")
            .append(Json.quote(category(r)))
            .append(", \"stores\": [")
            .append(String.join(", ", Checker.stores(r).stream().map(Json::quote).toList()))
            .append(']')
            .append(", \"summary\": ")
            .append(Json.quote(s.summary()))
            .append('}');
        sep = ",\n  ";
      }
      out.print(json.append("\n]\n"));
    } else {
      int width =
          BuiltInRules.all().stream().mapToInt(r -> r.getSimpleName().length()).max().orElse(0);
      // The stores column is as wide as its longest entry: a rule may check all three stores.
      int stores =
          BuiltInRules.all().stream()
              .mapToInt(r -> String.join(",", Checker.stores(r)).length())
              .max()
              .orElse(0);
      for (Class<? extends Rule> r : BuiltInRules.all()) {
        RuleSpec s = Checker.spec(r);
        out.printf(
            "%-" + width + "s  %-7s  %-11s  %-" + stores + "s  %s%n",
            r.getSimpleName(),
            s.severity().word(),
            category(r),
            String.join(",", Checker.stores(r)),
            s.summary());
      }
    }
    out.flush();
    return ExitCode.OK.code();
  }

  /** Returns a rule's category, as its {@code @RuleSpec} says. */
  static String category(Class<?> rule) {
    return Checker.spec(rule).category().word();
  }
}
