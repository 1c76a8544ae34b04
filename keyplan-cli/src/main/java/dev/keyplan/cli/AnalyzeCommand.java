package dev.keyplan.cli;

import dev.keyplan.analyze.Analysis;
import dev.keyplan.analyze.AnalyzeRequest;
import dev.keyplan.analyze.Analyzer;
import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.json.AnalysisJson;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.cli.simulate.ProgressBar;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
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
    description = {
      "Measures an entity's rows, key spreads (distinct values, busiest share, Zipf fit,"
          + " monotonicity), sizes, sparseness and growth from exported data: CSV, TSV, JSON Lines"
          + " or Parquet, each optionally gzip-compressed; several files or globs form one data set.",
      "Results go to stdout, input errors to stderr. docs/analyze.md lists every figure and its"
          + " formula."
    })
final class AnalyzeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path model;

  @Parameters(
      index = "1..*",
      arity = "1..*",
      paramLabel = "DATA",
      description = "Data files or globs (data/*.csv.gz), expanded and sorted by keyplan.")
  List<String> data = new ArrayList<>();

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
          "The data's format when its name does not tell: csv, tsv, jsonl, parquet (the two"
              + " export formats are not built yet; docs/analyze.md).")
  String formatIn;

  @Option(
      names = "--redact",
      description = "Show SHA-256 hashes instead of the data's values in the top values.")
  boolean redact;

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
    AnalyzeRequest request = request(ModelReader.read(model));
    Progress bar =
        (progress != null ? progress : System.console() != null)
            ? new ProgressBar(spec.commandLine().getErr(), "analyzing")
            : Progress.NONE;
    Analysis a = Analyzer.analyze(request, bar);
    String text =
        format.get() == OutputFormat.json ? AnalysisJson.render(a) : AnalyzeText.render(a);
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }

  AnalyzeRequest request(Model m) {
    Optional<DataFormat> in = Optional.empty();
    if (formatIn != null) {
      in =
          Optional.of(
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
    return new AnalyzeRequest(
        m,
        entity,
        data,
        in,
        columns,
        keys == null ? Optional.empty() : Optional.of(keys(keys)),
        Optional.ofNullable(time),
        sample == null ? OptionalDouble.empty() : OptionalDouble.of(share(sample)),
        maxBadRows == null ? 0 : whole("--max-bad-rows", maxBadRows, 0, Long.MAX_VALUE),
        top == null ? AnalyzeRequest.DEFAULT_TOP : (int) whole("--top", top, 1, 1000),
        redact,
        new EngineSettings(memory, engineThreads, Optional.ofNullable(tempDirectory)));
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
