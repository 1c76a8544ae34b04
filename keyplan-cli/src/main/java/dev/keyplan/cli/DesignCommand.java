package dev.keyplan.cli;

import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.Designer;
import dev.keyplan.designer.Proposal;
import dev.keyplan.input.InputException;
import dev.keyplan.input.TextInput;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Store;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan design MODEL}: proposes a store's design from the model's patterns, with each
 * decision's reasons and figures, the patterns it cannot serve, and what {@code check} says of the
 * proposal (docs/design.md). The proposing is the stores' own ({@link Store#designer}); this class
 * picks the stores, prints, and writes the designed model with {@code -o}.
 */
@Command(
    name = "design",
    mixinStandardHelpOptions = true,
    description = {
      "Proposes a design for each store from the model's access patterns, checked as keyplan check"
          + " checks it (docs/design.md).",
      "docs/design.md lists the stores whose designer is built; of any other it says so."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:The proposals have no error finding.",
      "1:A proposal still has an error finding, or a pattern no candidate serves.",
      "2:Bad input.",
      "4:Internal error in keyplan."
    })
final class DesignCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path modelFile;

  @Option(
      names = "--store",
      paramLabel = "STORE",
      description =
          "The store to design for, by its section name, or all (default) for every store.")
  String store = "all";

  @Option(
      names = {"-o", "--output"},
      paramLabel = "DESIGNED.yaml",
      description =
          "Write the model with the proposed store section appended to this file, and the files"
              + " the section names (a CQL schema) beside it.")
  Path output;

  @Option(
      names = "--shards",
      paramLabel = "N",
      description =
          "A constraint: design for a cluster of N shards, in the unit of the stores that shard"
              + " (docs/design.md); others size themselves. Default: sized from the workload.")
  Integer shards;

  @Override
  public Integer call() throws IOException {
    if (shards != null && (shards < 1 || shards > 10_000)) {
      throw new InputException(
          Cli.commandLine(), "--shards " + shards + ": expected a whole number from 1 to 10,000");
    }
    String text = TextInput.read(modelFile, "the model file");
    Model model = ModelReader.read(modelFile);
    List<StoreId> chosen = stores();
    Path dir = null;
    if (output != null) {
      dir = Optional.ofNullable(output.toAbsolutePath().getParent()).orElse(Path.of("."));
      if (!Files.isDirectory(dir)) {
        throw new InputException(
            Cli.commandLine(), "-o " + output + ": no folder " + dir + " to write it in");
      }
    }
    StringBuilder out = new StringBuilder();
    List<Proposal> proposals = new ArrayList<>();
    String stem = stem(output != null ? output : modelFile);
    for (StoreId id : chosen) {
      Store<?, ?> s =
          Stores.builtIn().all().stream()
              .filter(x -> x.ids().contains(id))
              .findFirst()
              .orElseThrow();
      // A store's designer proposes for its own id; a variant it also reads (ScyllaDB) has none
      // yet.
      Optional<Designer> designer = s.designer().filter(d -> d.store().equals(id));
      String label = id.displayName();
      if (designer.isEmpty()) {
        out.append(label)
            .append(": keyplan design does not propose ")
            .append(label)
            .append(" designs yet.\n\n");
        continue;
      }
      if (model.designs().stream().anyMatch(d -> s.ids().contains(d.store()))) {
        out.append(label)
            .append(
                ": the model already has a design for it; keyplan design leaves it as it is"
                    + " (comparing a proposal with it is not built yet: run keyplan check).\n\n");
        continue;
      }
      Proposal p =
          designer
              .get()
              .propose(
                  new DesignInput(
                      model,
                      text,
                      Optional.ofNullable(modelFile.getParent()).orElse(Path.of("")),
                      shards == null ? OptionalInt.empty() : OptionalInt.of(shards)),
                  stem + ".cql");
      proposals.add(p);
      render(out, model, p);
    }
    boolean failing =
        proposals.stream()
            .anyMatch(
                p ->
                    !p.unsupported().isEmpty()
                        || p.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR));
    if (output != null && !proposals.isEmpty()) {
      StringBuilder designed = new StringBuilder(text);
      if (!text.endsWith("\n")) {
        designed.append('\n');
      }
      List<String> written = new ArrayList<>();
      for (Proposal p : proposals) {
        designed.append("# Proposed by keyplan design (docs/design.md).\n").append(p.section());
        for (var f : p.files().entrySet()) {
          write(dir.resolve(f.getKey()), f.getValue());
          written.add(f.getKey());
        }
      }
      write(output, designed.toString());
      out.append("Wrote ")
          .append(output)
          .append(written.isEmpty() ? "" : " and, beside it, " + String.join(", ", written))
          .append("; keyplan check ")
          .append(output)
          .append(" checks it.\n");
    }
    spec.commandLine().getOut().print(out);
    spec.commandLine().getOut().flush();
    return failing ? ExitCode.FINDINGS.code() : ExitCode.OK.code();
  }

  /** The store ids asked for: every id the registry reads, or the one named. */
  private List<StoreId> stores() {
    List<StoreId> all = new ArrayList<>();
    Stores.builtIn().all().forEach(s -> all.addAll(s.ids()));
    if (store.equals("all")) {
      return all;
    }
    return all.stream()
        .filter(id -> id.id().equals(store))
        .findFirst()
        .map(List::of)
        .orElseThrow(
            () ->
                new InputException(
                    Cli.commandLine(),
                    "--store "
                        + store
                        + " is no store; expected all or one of "
                        + String.join(", ", all.stream().map(StoreId::id).toList())));
  }

  /** Writes a file; a file that cannot be written is the user's path, exit 2. */
  private static void write(Path p, String text) {
    try {
      Files.writeString(p, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(
          Cli.commandLine(), "cannot write " + p + ": " + InputException.reason(e));
    }
  }

  private static void render(StringBuilder out, Model model, Proposal p) {
    out.append(p.store().displayName()).append(" design for ").append(model.name()).append('\n');
    for (Proposal.Decision d : p.decisions()) {
      out.append("\n  ").append(d.target()).append("  ").append(d.chosen()).append('\n');
      out.append("    serves ")
          .append(d.patterns().isEmpty() ? "no pattern" : String.join(", ", d.patterns()))
          .append('\n');
      for (String r : d.reasons()) {
        out.append("    - ").append(r).append('\n');
      }
    }
    if (!p.unsupported().isEmpty()) {
      out.append("\n  Not supported\n");
      for (Proposal.Unsupported u : p.unsupported()) {
        out.append("    ").append(u.pattern()).append(": ").append(u.reason()).append('\n');
      }
    }
    long errors = p.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
    long warnings = p.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
    long infos = p.findings().size() - errors - warnings;
    out.append("\n  Checked as keyplan check checks it: ")
        .append(errors)
        .append(errors == 1 ? " error, " : " errors, ")
        .append(warnings)
        .append(warnings == 1 ? " warning, " : " warnings, ")
        .append(infos)
        .append(" info\n");
    for (Finding f : p.findings()) {
      if (f.severity() != Severity.INFO) {
        out.append("    ")
            .append(f.severity().word())
            .append(" [")
            .append(f.rule())
            .append("] ")
            .append(f.target())
            .append(": ")
            .append(f.message())
            .append('\n');
      }
    }
    for (var f : p.files().entrySet()) {
      out.append("\n  ").append(f.getKey()).append('\n');
      f.getValue().lines().forEach(l -> out.append("    ").append(l).append('\n'));
    }
    out.append("\n  Model section\n");
    p.section().lines().forEach(l -> out.append("    ").append(l).append('\n'));
    out.append('\n');
  }

  /** A file's name without its folder and extension: the designed schema's name stem. */
  private static String stem(Path p) {
    String n = p.getFileName() == null ? "model" : p.getFileName().toString();
    int dot = n.lastIndexOf('.');
    return dot > 0 ? n.substring(0, dot) : n;
  }
}
