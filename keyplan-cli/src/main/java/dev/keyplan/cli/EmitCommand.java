package dev.keyplan.cli;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.emit.Emitter;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Store;
import dev.keyplan.store.Stores;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan emit TARGET MODEL}: the design's schema in the form a tool deploys or imports. The
 * targets and their formats are described in docs/emit.md; this class only picks the emitter.
 */
@Command(
    name = "emit",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the schema of a model's store design (formats: docs/emit.md).",
      "TARGET is one of:"
      // each store's targets and examples follow, from the registry (describe)
    })
final class EmitCommand implements Callable<Integer> {
  /** A target and the store that emits it. */
  private record Target(Store<?, ?> store, Emitter<?> emitter) {}

  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "TARGET",
      description = "What to emit: one of the targets above.")
  String target;

  @Parameters(index = "1", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path modelFile;

  @Option(
      names = "--date",
      paramLabel = "YYYY-MM-DDTHH:MM",
      description =
          "workbench only: the DateCreated and DateLastModified to write (default"
              + " 2000-01-01T00:00: fixed, so the same model always gives the same file).")
  String date;

  @Override
  public Integer call() {
    if (format.get() == OutputFormat.markdown || format.get() == OutputFormat.sarif) {
      throw new InputException(Cli.commandLine(), "emit writes text or json, not " + format.get());
    }
    Target t = target();
    if (date != null && !t.emitter().takesDate()) {
      throw new InputException(
          Cli.commandLine(),
          "--date is for the "
              + String.join(
                  ", ",
                  targets().stream()
                      .filter(x -> x.emitter().takesDate())
                      .map(x -> x.emitter().target())
                      .toList())
              + " target only, not "
              + target);
    }
    LocalDateTime stamp = date == null ? Emitter.Options.DEFAULT_DATE : parseDate(date);
    Model model = ModelReader.read(modelFile);
    if (model.designs().stream().noneMatch(d -> t.store().designType().isInstance(d))) {
      throw new InputException(
          model.location(),
          "nothing to emit as "
              + target
              + ": the model has no "
              + String.join(
                  " or ", t.store().ids().stream().map(id -> "'" + id.id() + ":'").toList())
              + " section");
    }
    StoreAnalysis analysis = t.store().analyze(model);
    String text = emit(t.emitter(), analysis, new Emitter.Options(stamp));
    if (format.get() == OutputFormat.json) {
      spec.commandLine()
          .getOut()
          .print(Json.object("target", target, "model", model.name(), "text", text));
    } else {
      spec.commandLine().getOut().print(text);
    }
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }

  /**
   * Adds every store's targets and examples to the help of {@code emit}, as each store's emitters
   * describe them; {@link Main} calls it when it builds the command line.
   */
  static void describe(CommandLine emit) {
    List<String> lines =
        new ArrayList<>(List.of(emit.getCommandSpec().usageMessage().description()));
    List<String> examples = new ArrayList<>();
    for (Target t : targets()) {
      lines.add(
          String.format(Locale.ROOT, "  %-15s %s", t.emitter().target(), t.emitter().summary()));
      t.emitter().examples().forEach(x -> examples.add("  " + x));
    }
    if (!examples.isEmpty()) {
      lines.add("");
      lines.add("Examples:");
      lines.addAll(examples);
    }
    emit.getCommandSpec().usageMessage().description(lines.toArray(new String[0]));
  }

  /** Every store's targets, in the registry's order. */
  private static List<Target> targets() {
    List<Target> out = new ArrayList<>();
    for (Store<?, ?> s : Stores.builtIn().all()) {
      s.emitters().forEach(e -> out.add(new Target(s, e)));
    }
    return out;
  }

  private Target target() {
    return targets().stream()
        .filter(t -> t.emitter().target().equals(target.toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                new InputException(
                    Cli.commandLine(),
                    "TARGET must be one of "
                        + String.join(
                            ", ", targets().stream().map(t -> t.emitter().target()).toList())
                        + ", not '"
                        + target
                        + "'"));
  }

  /**
   * Emits, and tells on stderr what the output leaves to another target (CreateTable cannot enable
   * TTL).
   */
  private <A extends StoreAnalysis> String emit(
      Emitter<A> emitter, StoreAnalysis analysis, Emitter.Options options) {
    @SuppressWarnings(
        "unchecked") // the emitter is the analysing store's, so it reads this analysis' type
    A a = (A) analysis;
    emitter
        .note(a)
        .ifPresent(
            note -> {
              spec.commandLine().getErr().println(note);
              spec.commandLine().getErr().flush();
            });
    return emitter.emit(a, options);
  }

  private static LocalDateTime parseDate(String text) {
    try {
      return LocalDateTime.parse(text);
    } catch (DateTimeParseException e) {
      throw new InputException(
          Cli.commandLine(),
          "--date: expected a local date and time such as 2026-01-12T10:14,"
              + " found '"
              + text
              + "'");
    }
  }
}
