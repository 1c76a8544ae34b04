package dev.keyplan.cli;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Checker;
import dev.keyplan.designer.Against;
import dev.keyplan.designer.Constraints;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.Designer;
import dev.keyplan.designer.Prices;
import dev.keyplan.designer.Proposal;
import dev.keyplan.designer.RelationalBaseline;
import dev.keyplan.designer.Verdict;
import dev.keyplan.input.InputException;
import dev.keyplan.input.TextInput;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Store;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

  @Mixin FormatOption format;

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

  @Option(
      names = "--nodes",
      paramLabel = "N",
      description =
          "A constraint: design for N nodes per datacenter in the stores sized in nodes"
              + " (docs/design.md); a proposal whose workload needs more says so and does not"
              + " pass. Default: sized from the workload.")
  Integer nodes;

  @Option(
      names = "--max-gsis",
      paramLabel = "N",
      description =
          "A constraint: at most N global secondary indexes a table, in the stores that have"
              + " them; the least busy read paths past them are listed as not supported. Default:"
              + " the store's quota.")
  Integer maxGsis;

  @Option(
      names = "--budget",
      paramLabel = "USD",
      description =
          "A constraint: at most USD a month; the verdict leaves out every option that costs more,"
              + " at each rate multiplier.")
  String budget;

  @Option(
      names = "--price",
      paramLabel = "NAME=USD",
      description =
          "An hourly price instead of keyplan's default, such as cassandra.node=0.5;"
              + " repeatable (docs/design.md, \"Costs\", lists the names and defaults).")
  List<String> price = new ArrayList<>();

  @Option(
      names = "--add",
      paramLabel = "PATTERN",
      description =
          "A new access pattern as one YAML flow mapping, such as \"{id: by-email, rate: 50/s,"
              + " query: User where email = ?}\": what serving it costs in each store, the"
              + " proposal with it against the proposal without it.")
  String add;

  @Override
  public Integer call() throws IOException {
    Input.requireNoSarif(format.get(), "design");
    Constraints fixed = constraints();
    String text = TextInput.read(modelFile, "the model file");
    if (add != null && add.isBlank()) {
      throw new InputException(
          Cli.commandLine(), "--add: expected a pattern, such as {id: x, rate: 10/s, query: …}");
    }
    Path base = Optional.ofNullable(modelFile.getParent()).orElse(Path.of(""));
    String original = text;
    if (add != null) {
      text = withPattern(modelFile.toString(), original, add, base);
    }
    Model model =
        add == null
            ? ModelReader.read(modelFile)
            : ModelReader.read(modelFile.toString(), text, base);
    // The pattern --add appended is the model's last.
    Optional<String> added =
        add == null
            ? Optional.empty()
            : Optional.of(model.patterns().get(model.patterns().size() - 1).id());
    // The constraints and prices, read once (a bad --price is refused before any design).
    Prices given = new Prices(prices());
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
    List<String[]> skipped = new ArrayList<>();
    Map<StoreId, StoreAnalysis> beside = new LinkedHashMap<>();
    List<Against> against = new ArrayList<>();
    String stem = stem(output != null ? output : modelFile);
    for (StoreId id : chosen) {
      Store<?, ?> s =
          Stores.builtIn().all().stream()
              .filter(x -> x.ids().contains(id))
              .findFirst()
              .orElseThrow();
      // A store's designer proposes for its own id; a variant it also reads (ScyllaDB) has none
      // yet.
      Optional<Designer> designer =
          s.designers().stream().filter(d -> d.store().equals(id)).findFirst();
      String label = id.displayName();
      if (designer.isEmpty()) {
        skipped.add(
            new String[] {id.id(), "keyplan design does not propose " + label + " designs yet"});
        out.append(label)
            .append(": keyplan design does not propose ")
            .append(label)
            .append(" designs yet.\n\n");
        continue;
      }
      // A design the model already has is kept: the proposal is made from the workload without
      // it, compared with it figure by figure, and written beside it with -o.
      Optional<StoreAnalysis> existing = Optional.empty();
      Model workload = model;
      String workloadText = text;
      if (model.designs().stream().anyMatch(d -> d.store().equals(id))) {
        existing = Optional.of(s.analyze(model));
        workloadText = withoutSections(text, s.ids());
        workload = ModelReader.read(modelFile.toString(), workloadText, base);
      } else if (model.designs().stream().anyMatch(d -> s.ids().contains(d.store()))) {
        skipped.add(
            new String[] {
              id.id(),
              "the model has a design for a variant of it ("
                  + String.join(
                      ", ",
                      model.designs().stream()
                          .filter(d -> s.ids().contains(d.store()))
                          .map(d -> d.store().id())
                          .toList())
                  + "), compared with that store's proposal instead"
            });
        out.append(label)
            .append(
                ": the model has a design for a variant of it; its proposal is compared with that one.\n\n");
        continue;
      }
      // A variant of a store also proposed (ScyllaDB beside Cassandra) cannot share a model with
      // it: its proposal is written to a model file of its own, with its own schema name.
      String own = variant(s, id, chosen) ? stem + "-" + id.id() : stem;
      Proposal p =
          designer
              .get()
              .propose(new DesignInput(workload, workloadText, base, fixed, given), own + ".cql");
      proposals.add(p);
      DesignText.render(out, model, p);
      if (added.isPresent()) {
        String beforeText = existing.isPresent() ? withoutSections(original, s.ids()) : original;
        Proposal before =
            designer
                .get()
                .propose(
                    new DesignInput(
                        ModelReader.read(modelFile.toString(), beforeText, base),
                        beforeText,
                        base,
                        fixed,
                        given),
                    own + ".cql");
        DesignText.newQuery(out, added.get(), before, p);
      }
      if (existing.isPresent()) {
        beside.put(p.store(), existing.get());
        Against a = Against.of(model, existing.get(), Checker.builtIn().check(existing.get()), p);
        against.add(a);
        DesignText.against(out, a);
      }
    }
    boolean failing = proposals.stream().anyMatch(p -> !p.passes());
    RelationalBaseline relational = RelationalBaseline.of(model, given);
    Verdict verdict = proposals.isEmpty() ? null : Verdict.of(model, proposals, relational, fixed);
    if (!proposals.isEmpty()) {
      DesignText.comparison(out, model, proposals, relational, verdict);
    }
    List<String> files = new ArrayList<>();
    if (output != null && !proposals.isEmpty()) {
      List<String> written = new ArrayList<>();
      Map<String, StringBuilder> models = new LinkedHashMap<>();
      for (Proposal p : proposals) {
        String file =
            beside.containsKey(p.store())
                ? stem(output) + "-" + p.store().id() + "-proposed" + extension(output)
                : variantOf(p.store(), chosen)
                    ? stem(output) + "-" + p.store().id() + extension(output)
                    : output.getFileName().toString();
        String start =
            RelocatedModel.of(
                modelFile.toString(),
                beside.containsKey(p.store()) ? withoutSections(text, List.of(p.store())) : text,
                base,
                dir);
        StringBuilder designed =
            models.computeIfAbsent(
                file, f -> new StringBuilder(start).append(start.endsWith("\n") ? "" : "\n"));
        designed.append("# Proposed by keyplan design (docs/design.md).\n").append(p.section());
        for (var f : p.files().entrySet()) {
          write(dir.resolve(f.getKey()), f.getValue());
          written.add(f.getKey());
        }
      }
      for (var m : models.entrySet()) {
        write(dir.resolve(m.getKey()), m.getValue().toString());
      }
      // The designed models first (the one -o names, when written), then the files they name.
      List<Path> paths = new ArrayList<>();
      for (String m : models.keySet()) {
        paths.add(dir.resolve(m));
      }
      for (String w : written) {
        paths.add(dir.resolve(w));
      }
      String shown = output.getParent() == null ? "" : output.getParent().toString();
      List<String> names = new ArrayList<>();
      for (Path x : paths) {
        files.add(x.toString());
        names.add(
            shown.isEmpty()
                ? x.getFileName().toString()
                : Path.of(shown).resolve(x.getFileName()).toString());
      }
      out.append("Wrote ")
          .append(String.join(", ", names))
          .append("; keyplan check ")
          .append(names.get(0))
          .append(" checks ")
          .append(models.size() == 1 ? "it" : "the first")
          .append(".\n");
    }
    spec.commandLine()
        .getOut()
        .print(
            switch (format.get()) {
              case json ->
                  DesignJson.render(model, proposals, skipped, relational, verdict, against, files);
              case markdown ->
                  DesignMarkdown.render(model, proposals, skipped, relational, verdict, against);
              default -> out.toString();
            });
    spec.commandLine().getOut().flush();
    return failing ? ExitCode.FINDINGS.code() : ExitCode.OK.code();
  }

  /**
   * The constraints as given, each checked against its range: shards and nodes from 1 to 10,000
   * (the most a model section takes), indexes from 0 to 20 (the largest default quota of a store
   * that has global indexes), a budget a positive number of US dollars.
   */
  private Constraints constraints() {
    OptionalInt s = whole("--shards", shards, 1, 10_000);
    OptionalInt n = whole("--nodes", nodes, 1, 10_000);
    OptionalInt g = whole("--max-gsis", maxGsis, 0, 20);
    OptionalDouble b = OptionalDouble.empty();
    if (budget != null) {
      double usd;
      try {
        usd = Double.parseDouble(budget.strip().replace(",", "").replaceFirst("^\\$", ""));
      } catch (NumberFormatException e) {
        usd = Double.NaN;
      }
      if (!(usd > 0) || Double.isInfinite(usd)) {
        throw new InputException(
            Cli.commandLine(),
            "--budget " + budget + ": expected US dollars a month, a positive number such as 2500");
      }
      b = OptionalDouble.of(usd);
    }
    return new Constraints(s, n, g, b);
  }

  private static OptionalInt whole(String option, Integer value, int min, int max) {
    if (value == null) {
      return OptionalInt.empty();
    }
    if (value < min || value > max) {
      throw new InputException(
          Cli.commandLine(),
          option
              + " "
              + value
              + ": expected a whole number from "
              + Units.count(min)
              + " to "
              + Units.count(max));
    }
    return OptionalInt.of(value);
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

  /**
   * The model text with {@code pattern} (one YAML flow mapping) appended to its {@code patterns:}
   * list, at the list's own indentation; a pattern the model reader refuses is reported as the
   * option's error, at the command line.
   */
  static String withPattern(String file, String text, String pattern, Path base) {
    if (pattern.contains("\n") || pattern.contains("\r")) {
      throw new InputException(Cli.commandLine(), "--add: expected one line, a YAML flow mapping");
    }
    String[] lines = text.split("(?<=\n)", -1);
    int at = -1;
    String indent = "  ";
    int insertAfter = -1;
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i];
      boolean top = !l.isBlank() && !l.startsWith(" ") && !l.startsWith("\t") && !l.startsWith("#");
      if (at < 0 && top && l.stripTrailing().equals("patterns:")) {
        at = i;
        continue;
      }
      if (at >= 0 && top) {
        break;
      }
      if (at >= 0 && !l.isBlank() && !l.stripLeading().startsWith("#")) {
        insertAfter = i;
        String lead = l.substring(0, l.length() - l.stripLeading().length());
        if (l.stripLeading().startsWith("- ")
            && insertAfter >= 0
            && indent.equals("  ")
            && i == firstItem(lines, at)) {
          indent = lead;
        }
      }
    }
    if (at < 0 || insertAfter < 0) {
      throw new InputException(
          Cli.commandLine(),
          "--add: the model has no block list of patterns ('patterns:' with '- ' items) to add to");
    }
    StringBuilder out = new StringBuilder();
    int inserted = -1;
    for (int i = 0; i < lines.length; i++) {
      out.append(lines[i]);
      if (i == insertAfter) {
        if (!lines[i].endsWith("\n")) {
          out.append('\n');
        }
        inserted = (int) out.chars().filter(c -> c == '\n').count() + 1;
        out.append(indent).append("- ").append(pattern.strip()).append('\n');
      }
    }
    String result = out.toString();
    try {
      ModelReader.read(file, result, base);
    } catch (InputException e) {
      for (var d : e.diagnostics()) {
        if (d.location().line() == inserted) {
          throw new InputException(Cli.commandLine(), "--add: " + d.message());
        }
      }
      throw new InputException(Cli.commandLine(), "--add: " + e.diagnostics().get(0).message());
    }
    return result;
  }

  private static int firstItem(String[] lines, int at) {
    for (int i = at + 1; i < lines.length; i++) {
      if (lines[i].stripLeading().startsWith("- ")) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The model text without the top-level sections of {@code ids} and the lines under them: the
   * workload a design the model already has was made for.
   */
  static String withoutSections(String text, List<StoreId> ids) {
    if (ids.isEmpty()) {
      return text;
    }
    StringBuilder kept = new StringBuilder();
    boolean skipping = false;
    for (String line : text.split("(?<=\n)", -1)) {
      String bare = line.stripTrailing();
      boolean top =
          !bare.isEmpty()
              && !line.startsWith(" ")
              && !line.startsWith("\t")
              && !line.startsWith("#");
      if (top) {
        skipping = ids.stream().anyMatch(i -> bare.startsWith(i.id() + ":"));
      }
      if (!skipping) {
        kept.append(line);
      }
    }
    return kept.toString();
  }

  /** Returns true if {@code id} is a variant of another store id chosen from the same plug-in. */
  private static boolean variant(Store<?, ?> s, StoreId id, List<StoreId> chosen) {
    return !s.ids().get(0).equals(id) && chosen.contains(s.ids().get(0));
  }

  private static boolean variantOf(StoreId id, List<StoreId> chosen) {
    return Stores.builtIn().all().stream()
        .filter(s -> s.ids().contains(id))
        .anyMatch(s -> variant(s, id, chosen));
  }

  /** The --price overrides as a map of price name to US dollars an hour. */
  private Map<String, Double> prices() {
    Map<String, Double> out = new LinkedHashMap<>();
    for (String given : price) {
      int eq = given.indexOf('=');
      double usd;
      try {
        usd = eq > 0 ? Double.parseDouble(given.substring(eq + 1)) : Double.NaN;
      } catch (NumberFormatException e) {
        usd = Double.NaN;
      }
      if (eq <= 0
          || !(usd >= 0)
          || Double.isInfinite(usd)
          || !given.substring(0, eq).matches("[a-z]+\\.[a-z]+")) {
        throw new InputException(
            Cli.commandLine(),
            "--price "
                + given
                + ": expected NAME=USD_PER_HOUR, such as cassandra.node=0.5 (docs/design.md,"
                + " \"Costs\", lists the names)");
      }
      out.put(given.substring(0, eq), usd);
    }
    return out;
  }

  private static String extension(Path p) {
    String n = p.getFileName().toString();
    int dot = n.lastIndexOf('.');
    return dot > 0 ? n.substring(dot) : "";
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

  /** A file's name without its folder and extension: the designed schema's name stem. */
  private static String stem(Path p) {
    String n = p.getFileName() == null ? "model" : p.getFileName().toString();
    int dot = n.lastIndexOf('.');
    return dot > 0 ? n.substring(0, dot) : n;
  }
}
