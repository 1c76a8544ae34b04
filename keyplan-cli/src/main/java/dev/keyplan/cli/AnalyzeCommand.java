package dev.keyplan.cli;

import dev.keyplan.analyze.Analysis;
import dev.keyplan.analyze.AnalyzeRequest;
import dev.keyplan.analyze.Analyzer;
import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.duckdb.DuckDbMeasurer;
import dev.keyplan.analyze.json.AnalysisJson;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.Provenance;
import dev.keyplan.analyze.source.ConvertedExports;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.DataSources;
import dev.keyplan.analyze.write.MergePlan;
import dev.keyplan.analyze.write.NewModel;
import dev.keyplan.cli.simulate.ProgressBar;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan analyze MODEL --entity NAME DATA…}: measures an entity's spreads, sizes and growth
 * from exported data (docs/analyze.md).
 */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    customSynopsis = {
      "keyplan analyze MODEL --entity NAME DATA... [--write] [OPTIONS]",
      // picocli puts "Usage: " before the first line only.
      "       keyplan analyze --new MODEL --entity NAME DATA... [OPTIONS]"
    },
    description = {
      "Measures an entity's rows, key spreads (distinct values, busiest share, Zipf fit,"
          + " monotonicity), sizes, sparseness and growth from exported data: CSV, TSV, JSON Lines"
          + " or Parquet, each optionally gzip-compressed; several files or globs form one data set.",
      "Results go to stdout, input errors to stderr. docs/analyze.md lists every figure and its"
          + " formula.",
      "Each figure is compared with what MODEL declares; --write writes the measured ones into"
          + " MODEL, --new MODEL starts a model from the data."
    })
final class AnalyzeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  /**
   * MODEL then DATA…, or with {@code --new} DATA… only: one list, since picocli cannot make the
   * first positional optional only when an option is given.
   */
  @Parameters(
      arity = "1..*",
      paramLabel = "MODEL DATA",
      description =
          "The workload model (YAML), then data files or globs (data/*.csv.gz), expanded and"
              + " sorted by keyplan. With --new, data files only.")
  List<String> arguments = new ArrayList<>();

  @Option(
      names = "--write",
      description =
          "Write the measured figures into MODEL, keeping its comments and layout (without it,"
              + " nothing on disk changes; the plan is printed).")
  boolean write;

  @Option(
      names = "--new",
      paramLabel = "MODEL",
      description =
          "Start a new model file from the data instead (it must not exist): the entity with the"
              + " data's attributes, their types and measured figures, ready for patterns.")
  Path newModel;

  @Option(
      names = "--stamp",
      description =
          "With --write or --new: put today's date (UTC; SOURCE_DATE_EPOCH when set) in the"
              + " provenance comment. Without it the file depends on the data alone.")
  boolean stamp;

  /**
   * Where {@code --stamp} reads SOURCE_DATE_EPOCH: the process environment; tests set their own.
   */
  Map<String, String> environment = System.getenv();

  /** The clock {@code --stamp} reads without SOURCE_DATE_EPOCH; tests set a fixed one. */
  java.time.Clock clock = java.time.Clock.systemUTC();

  @Option(
      names = "--entity",
      required = true,
      paramLabel = "NAME",
      description = "The model's entity the data holds rows of.")
  String entity;

  @Option(
      names = "--time",
      paramLabel = "ATTRIBUTE",
      description =
          "The attribute holding each row's time (ISO-8601): growth, busiest rate, time buckets,"
              + " and monotonicity against time instead of file order.")
  String time;

  @Option(
      names = "--keys",
      paramLabel = "KEYS",
      description =
          "Candidate keys to measure: ';' between keys, ',' between a composite key's attributes"
              + " (default: the keys the model's patterns look rows up by, then the entity's key).")
  String keys;

  @Option(
      names = "--sample",
      paramLabel = "FRACTION",
      description =
          "Read a reproducible Bernoulli sample of this share of rows (above 0, at most 1);"
              + " counts are scaled back.")
  String sample;

  @Option(
      names = "--max-bad-rows",
      paramLabel = "N",
      description = "Skip and count up to N malformed rows instead of stopping (default: 0).")
  String maxBadRows;

  @Option(
      names = "--top",
      paramLabel = "N",
      description = "Busiest values listed per key, 1 to 1000 (default: 10).")
  String top;

  @Option(
      names = "--map",
      paramLabel = "COLUMN=ATTRIBUTE",
      description = "A data column that holds an attribute of another name (repeatable).")
  List<String> map = new ArrayList<>();

  @Option(
      names = "--format-in",
      paramLabel = "FORMAT",
      description =
          "The data's format when its name and first line do not tell: csv, tsv, jsonl, parquet,"
              + " or a store's export format (docs/analyze.md, 'Store exports').")
  String formatIn;

  @Option(
      names = "--redact",
      description = "Show SHA-256 hashes instead of the data's values in the top values.")
  boolean redact;

  @Option(
      names = "--engine",
      paramLabel = "NAME",
      description =
          "The engine that measures: duckdb (default, embedded), or spark when keyplan-spark.jar is"
              + " on the class path (docs/analyze.md, 'Apache Spark').")
  String engineName = dev.keyplan.analyze.Measurers.DEFAULT;

  @Option(
      names = "--memory-limit",
      paramLabel = "SIZE",
      description = "The engine's memory limit, such as 2GB (default); past it, it spills to disk.")
  String memoryLimit;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "The engine's threads (default: the processors the JVM sees).")
  String threads;

  @Option(
      names = "--temp-directory",
      paramLabel = "DIR",
      description = "Where the engine spills (default: a fresh directory under java.io.tmpdir).")
  Path tempDirectory;

  @Option(
      names = "--progress",
      negatable = true,
      description = "Draw a progress bar on stderr (default: when stderr is a terminal).")
  Boolean progress;

  @Override
  public Integer call() {
    Input.requireTextOrJson(format.get(), "analyze");
    if (newModel != null && write) {
      throw bad("--write merges into an existing model and --new starts one; expected one of them");
    }
    if (stamp && newModel == null && !write) {
      throw bad("--stamp dates what --write or --new writes; expected one of them with it");
    }
    Optional<LocalDate> date =
        stamp ? Optional.of(RunDate.today(environment, clock)) : Optional.empty();
    if (newModel != null) {
      return startModel(date);
    }
    if (arguments.size() < 2) {
      throw bad(
          dev.keyplan.input.Echo.bounded(
              "expected MODEL and at least one DATA file, found only "
                  + arguments.get(0)
                  + " (to start a model from data: --new MODEL --entity NAME DATA...)"));
    }
    Path model = Path.of(arguments.get(0));
    String file = model.toString();
    byte[] raw;
    try (InputStream in = Files.newInputStream(model)) {
      raw = TextInput.bytes(file, in);
    } catch (IOException e) {
      throw new InputException(
          new Location(file, 0, 0), "cannot read the model file: " + InputException.reason(e));
    }
    // TextInput drops a leading byte-order mark; the merge keeps one when it is handed back.
    String text = TextInput.decode(file, raw);
    boolean bom =
        raw.length >= 3
            && (raw[0] & 0xff) == 0xEF
            && (raw[1] & 0xff) == 0xBB
            && (raw[2] & 0xff) == 0xBF;
    Path baseDir = Optional.ofNullable(model.getParent()).orElse(Path.of(""));
    Model m = ModelReader.read(file, text, baseDir);
    Analysis a =
        Analyzer.analyze(
            request(m, arguments.subList(1, arguments.size())),
            dev.keyplan.analyze.Measurers.named(engineName),
            bar());
    MeasuredEntity measured = dated(a.measured(), date);
    AnalyzePlan.Outcome outcome;
    MergePlan plan = null;
    String refusal = "";
    try {
      plan = MergePlan.of(file, (bom ? "\uFEFF" : "") + text, baseDir, measured);
    } catch (InputException e) {
      if (write) {
        throw e;
      }
      // Without --write the figures still stand: the plan says what --write would refuse.
      refusal = e.diagnostics().get(0).toString();
    }
    if (plan == null) {
      outcome = AnalyzePlan.Outcome.REFUSED;
    } else if (!plan.changesFile()) {
      // With or without --write: the file already holds every figure, so --write would not
      // change a byte (and saying it "writes N figures" would be wrong).
      outcome = AnalyzePlan.Outcome.UNCHANGED;
    } else if (!write) {
      outcome = AnalyzePlan.Outcome.PLANNED;
    } else {
      ModelFiles.replace(model, plan.merged());
      outcome = AnalyzePlan.Outcome.WRITTEN;
    }
    AnalyzePlan shown =
        new AnalyzePlan(
            file, a.entity(), outcome, plan == null ? List.of() : plan.changes(), refusal);
    print(a, shown);
    return ExitCode.OK.code();
  }

  /** {@code --new MODEL}: the entity from the data's own columns and types, then the figures. */
  private Integer startModel(Optional<LocalDate> date) {
    Path target = newModel;
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      throw bad(
          "--new "
              + target
              + ": the file exists; expected a new file's name (to measure into an existing"
              + " model: keyplan analyze MODEL --entity NAME DATA... --write)");
    }
    Path folder = target.toAbsolutePath().getParent();
    if (folder == null || !Files.isDirectory(folder)) {
      throw bad("--new " + target + ": no folder " + folder + " to write it in");
    }
    EngineSettings engine = engine();
    dev.keyplan.analyze.Measurer measurer = dev.keyplan.analyze.Measurers.named(engineName);
    DataSet data = measurer.withEngineChecks(DataSources.open(arguments, formatIn()), engine);
    Progress bar = bar();
    // A store export is converted first: its attributes' types are the export's own (an N always
    // whole is bigint, a $date a timestamp), which the conversion counts; other data's are the
    // types DuckDB detects over every row.
    try (ConvertedExports exports =
        ConvertedExports.of(
            data,
            maxBadRows == null ? 0 : whole("--max-bad-rows", maxBadRows, 0, Long.MAX_VALUE),
            engine.tempDirectory(),
            share -> bar.within(Analyzer.CONVERTING, share))) {
      Map<String, String> types =
          data.format().export().isPresent()
              ? exports.modelTypes()
              : DuckDbMeasurer.columnTypes(data, engine);
      Map<String, String> columns = columns();
      // Each column is an attribute (named by --map where it maps), of the type above (whichever
      // engine then measures); sizes are left out, since the measurement gives them.
      Map<String, Attribute> attributes = new LinkedHashMap<>();
      types.forEach(
          (column, type) -> {
            String name = columns.getOrDefault(column, column);
            attributes.putIfAbsent(
                name,
                new Attribute(
                    name,
                    type,
                    OptionalLong.empty(),
                    1,
                    false,
                    List.of(),
                    Optional.empty(),
                    false,
                    0,
                    Location.NONE));
          });
      Entity e = new Entity(entity, attributes, 0, 0, List.of(), Map.of(), Location.NONE);
      String name = modelName(target, entity);
      Model m =
          new Model(
              name,
              target.toString(),
              365L * 86_400,
              Map.of(entity, e),
              List.of(),
              List.of(),
              Location.NONE);
      AnalyzeRequest request = request(m, arguments);
      // withKeys also asks for the files' hashes, which the new file's provenance comment names.
      request =
          withKeys(
              request,
              keys == null
                  ? newModelKeys(List.copyOf(attributes.keySet()))
                  : request.keys().orElseThrow());
      Analysis a = Analyzer.analyze(request, measurer, exports, bar);
      String text = NewModel.write(name, dated(a.measured(), date));
      ModelFiles.create(target, text);
      print(
          a,
          new AnalyzePlan(
              target.toString(), a.entity(), AnalyzePlan.Outcome.CREATED, List.of(), ""));
    }
    return ExitCode.OK.code();
  }

  /**
   * The keys {@code --new} measures without {@code --keys}: every attribute alone (each gets its
   * spread, and the one whose values are all distinct is the key), then the first two together,
   * since exports put the primary key first and a key of two needs their pairs counted.
   */
  static List<List<String>> newModelKeys(List<String> attributes) {
    List<List<String>> out = new ArrayList<>();
    attributes.forEach(a -> out.add(List.of(a)));
    if (attributes.size() >= 2) {
      out.add(List.of(attributes.get(0), attributes.get(1)));
    }
    return out;
  }

  /**
   * The model's name from its file's: the name without its extension, each character other than a
   * letter, digit, '-', '_' or '.' as '-', so that it reads as plain YAML text; the entity's name
   * when nothing is left.
   */
  static String modelName(Path file, String entity) {
    String n = file.getFileName() == null ? "" : file.getFileName().toString();
    int dot = n.lastIndexOf('.');
    if (dot > 0) {
      n = n.substring(0, dot);
    }
    StringBuilder b = new StringBuilder();
    n.codePoints()
        .forEach(
            c ->
                b.appendCodePoint(
                    Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.' ? c : '-'));
    String out = b.toString().replaceAll("^[-.]+", "");
    return out.isEmpty() ? entity : out;
  }

  private void print(Analysis a, AnalyzePlan plan) {
    String text =
        format.get() == OutputFormat.json
            ? plan.json(AnalysisJson.render(a))
            : AnalyzeText.render(a) + plan.text();
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
  }

  private Progress bar() {
    return (progress != null ? progress : System.console() != null)
        ? new ProgressBar(spec.commandLine().getErr(), "analyzing")
        : Progress.NONE;
  }

  /** The measurement with {@code --stamp}'s date in its provenance, when given. */
  private static MeasuredEntity dated(MeasuredEntity m, Optional<LocalDate> date) {
    if (date.isEmpty()) {
      return m;
    }
    return new MeasuredEntity(
        m.entity(),
        m.count(),
        m.growthPerSecond(),
        m.attributes(),
        m.spreads(),
        new Provenance(m.provenance().files(), date));
  }

  private static AnalyzeRequest withKeys(AnalyzeRequest r, List<List<String>> keys) {
    return new AnalyzeRequest(
        r.model(),
        r.entity(),
        r.data(),
        r.formatIn(),
        r.map(),
        Optional.of(keys),
        r.time(),
        r.sample(),
        r.maxBadRows(),
        r.top(),
        r.redact(),
        r.engine(),
        true);
  }

  AnalyzeRequest request(Model m, List<String> data) {
    return new AnalyzeRequest(
        m,
        entity,
        data,
        formatIn(),
        columns(),
        keys == null ? Optional.empty() : Optional.of(keys(keys)),
        Optional.ofNullable(time),
        sample == null ? OptionalDouble.empty() : OptionalDouble.of(share(sample)),
        maxBadRows == null ? 0 : whole("--max-bad-rows", maxBadRows, 0, Long.MAX_VALUE),
        top == null ? AnalyzeRequest.DEFAULT_TOP : (int) whole("--top", top, 1, 1000),
        redact,
        engine(),
        // The provenance's hashes are written only with --write (--new builds its own request).
        write);
  }

  private Optional<DataFormat> formatIn() {
    if (formatIn == null) {
      return Optional.empty();
    }
    return Optional.of(
        DataFormat.ofId(formatIn)
            .orElseThrow(
                () ->
                    bad(
                        "--format-in "
                            + formatIn
                            + " is no data format; expected one of "
                            + java.util.Arrays.stream(DataFormat.values())
                                .map(DataFormat::id)
                                .collect(java.util.stream.Collectors.joining(", ")))));
  }

  /** {@code --map}: data column to attribute. */
  private Map<String, String> columns() {
    Map<String, String> columns = new LinkedHashMap<>();
    for (String entry : map) {
      int eq = entry.indexOf('=');
      if (eq <= 0 || eq == entry.length() - 1) {
        throw bad("--map " + entry + ": expected COLUMN=ATTRIBUTE");
      }
      if (columns.put(entry.substring(0, eq), entry.substring(eq + 1)) != null) {
        throw bad("--map names column " + entry.substring(0, eq) + " twice; expected it once");
      }
    }
    return columns;
  }

  private EngineSettings engine() {
    EngineSettings defaults = EngineSettings.DEFAULT;
    String memory = memoryLimit == null ? defaults.memoryLimit() : memoryLimit.strip();
    if (!EngineSettings.isSize(memory)) {
      throw bad(
          "--memory-limit "
              + memoryLimit
              + " is not a size; expected a number and KB, MB, GB, TB, KiB, MiB, GiB or TiB, such"
              + " as 2GB");
    }
    int engineThreads =
        threads == null ? defaults.threads() : (int) whole("--threads", threads, 1, 1024);
    return new EngineSettings(memory, engineThreads, Optional.ofNullable(tempDirectory));
  }

  /** {@code A,B;C}: keys split at ';', a key's attributes at ','; no piece empty. */
  static List<List<String>> keys(String spec) {
    List<List<String>> out = new ArrayList<>();
    for (String key : spec.split(";", -1)) {
      List<String> attributes = new ArrayList<>();
      for (String a : key.split(",", -1)) {
        if (a.isBlank()) {
          throw bad(
              "--keys "
                  + spec
                  + ": an empty attribute name; expected keys such as 'a,b;c' (';' between keys,"
                  + " ',' between a key's attributes)");
        }
        if (attributes.contains(a.strip())) {
          throw bad("--keys " + spec + ": " + a.strip() + " twice in one key; expected it once");
        }
        attributes.add(a.strip());
      }
      out.add(attributes);
    }
    return out;
  }

  /** A share in (0, 1]: a decimal number; NaN, infinities and the rest refused. */
  static double share(String s) {
    double v;
    try {
      v = s.strip().matches("[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?") ? Double.parseDouble(s) : -1;
    } catch (NumberFormatException e) {
      v = -1;
    }
    if (!(v > 0 && v <= 1)) {
      throw bad(
          "--sample " + s + " is not a share of rows; expected a number above 0 and at most 1");
    }
    return v;
  }

  private static long whole(String option, String s, long min, long max) {
    long v;
    try {
      v = Long.parseLong(s.strip());
    } catch (NumberFormatException e) {
      throw bad(option + " " + s + " is not a whole number; expected " + min + " to " + max);
    }
    if (v < min || v > max) {
      throw bad(option + " " + s + " is out of range; expected " + min + " to " + max);
    }
    return v;
  }

  private static InputException bad(String message) {
    return new InputException(Cli.commandLine(), message);
  }
}
