package dev.keyplan.analyze.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code bench/run.sh analyze}: times {@code keyplan analyze} of one entity with three candidate
 * keys against DuckDB computing the same figures in SQL ({@link AnalyzeBaseline}), on the same
 * generated file as CSV and as Parquet, in one run, each engine a process of its own, alternating
 * (the order reversed every other repetition) and repeated; reports the wall time (min, median,
 * max), the ratio of medians to the faster baseline, CPU time and the peak resident memory of each
 * process, and checks that the engines agree on every exact figure.
 *
 * <p>Peak memory is {@code ru_maxrss} as {@code /usr/bin/time -f %M} reports it (the kernel's
 * high-water mark of the child, getrusage(2)), or, without {@code /usr/bin/time}, {@code VmHWM} of
 * {@code /proc/PID/status} (proc(5)) sampled every 20 ms.
 *
 * <p>An engine is one entry of {@link #engines}: its class path, main class, JVM options and
 * arguments, and whether it takes {@code keyplan analyze}'s arguments and prints its JSON ({@link
 * Style#ANALYZE}, as the CLI does with either {@code --engine}) or is a baseline ({@link
 * Style#BASELINE}). An entry whose jar is not built is listed as not run.
 *
 * <p>Options: {@code --rows N} (default 10,000,000; {@code 10M}, {@code 40M} accepted), {@code
 * --reps R} (3), {@code --formats csv,parquet}, {@code --engines ID,…} (all), {@code --memory-limit
 * 2GB}, {@code --threads 2}, {@code --heap 1g} (each JVM's {@code -Xmx}), {@code --seed S}. Data
 * goes to {@code bench/target/analyze-data} (made once per rows and seed), the table to {@code
 * bench/target/analyze-summary.md}.
 */
public final class AnalyzeBench {
  private AnalyzeBench() {}

  /** How an engine is called and what it prints. */
  enum Style {
    /** {@code keyplan analyze}'s arguments; prints its {@code --format json}. */
    ANALYZE,
    /** {@link AnalyzeBaseline}'s arguments and JSON. */
    BASELINE
  }

  /**
   * One engine the benchmark times.
   *
   * @param id short name, for {@code --engines} and file names
   * @param label the table's name for it
   * @param classPath the class path, relative to the repository root, {@code :}-separated; an
   *     element {@code @FILE} stands for the class path written in FILE (as {@code mvn
   *     dependency:build-classpath -Dmdep.outputFile=FILE} writes it). The engine is not run when
   *     an element is missing
   * @param mainClass its main class
   * @param jvmArgs JVM options besides {@code -Xmx}
   * @param leading arguments before the common ones
   * @param trailing arguments after them
   * @param style how it is called
   */
  record Engine(
      String id,
      String label,
      String classPath,
      String mainClass,
      List<String> jvmArgs,
      List<String> leading,
      List<String> trailing,
      Style style) {
    Engine {
      jvmArgs = List.copyOf(jvmArgs);
      leading = List.copyOf(leading);
      trailing = List.copyOf(trailing);
    }

    boolean baseline() {
      return style == Style.BASELINE;
    }

    /** The first element of the class path that is missing under {@code root}, if any. */
    Optional<String> missing(Path root) {
      for (String element : classPath.split(":")) {
        String file = element.startsWith("@") ? element.substring(1) : element;
        if (!Files.isRegularFile(root.resolve(file))) {
          return Optional.of(file);
        }
      }
      return Optional.empty();
    }

    /** The class path with each {@code @FILE} replaced by the file's content. */
    String resolvedClassPath(Path root) throws IOException {
      List<String> out = new ArrayList<>();
      for (String element : classPath.split(":")) {
        out.add(
            element.startsWith("@")
                ? Files.readString(root.resolve(element.substring(1))).strip()
                : element);
      }
      return String.join(":", out);
    }
  }

  /**
   * The JVM options Spark's launcher passes on Java 17, as keyplan-spark's pom gives its tests
   * ({@code argLine}).
   */
  static final List<String> SPARK_JVM =
      List.of(
          "-XX:+IgnoreUnrecognizedVMOptions",
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
          "--add-opens=java.base/java.io=ALL-UNNAMED",
          "--add-opens=java.base/java.net=ALL-UNNAMED",
          "--add-opens=java.base/java.nio=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
          "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
          "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
          "-Djdk.reflect.useDirectMethodHandle=false",
          "-Dio.netty.tryReflectionSetAccessible=true");

  /**
   * The engines, in the order they run. Adding one is one entry: a class path and main class that
   * take {@code keyplan analyze}'s arguments and print its JSON ({@link Style#ANALYZE}), or a
   * baseline. Spark's local mode (issue 19 §4) is {@code keyplan analyze --engine spark} with
   * keyplan-spark.jar and Spark's jars on the class path (docs/analyze.md, "Apache Spark"); it runs
   * once both files exist: {@code mvn -B -ntp -o -pl keyplan-spark -am package -DskipTests}, then
   * {@code mvn -B -ntp -o -q -pl keyplan-spark -am compile dependency:build-classpath
   * -Dmdep.outputFile=$PWD/bench/target/spark-classpath.txt} (with {@code -am} and a phase, so that
   * the reactor resolves keyplan's own modules; the last module written is keyplan-spark's).
   */
  static List<Engine> engines() {
    return List.of(
        new Engine(
            "analyze",
            "keyplan analyze",
            "keyplan-cli/target/keyplan.jar",
            "dev.keyplan.cli.Main",
            List.of(),
            List.of("analyze"),
            List.of(),
            Style.ANALYZE),
        new Engine(
            "duckdb-table",
            "DuckDB SQL, loaded once",
            "bench/target/benchmarks.jar",
            AnalyzeBaseline.class.getName(),
            List.of(),
            List.of("--mode", "table"),
            List.of(),
            Style.BASELINE),
        new Engine(
            "duckdb-scan",
            "DuckDB SQL, on the file",
            "bench/target/benchmarks.jar",
            AnalyzeBaseline.class.getName(),
            List.of(),
            List.of("--mode", "scan"),
            List.of(),
            Style.BASELINE),
        new Engine(
            "spark",
            "Spark local mode",
            "keyplan-spark/target/keyplan-spark.jar:@bench/target/spark-classpath.txt",
            "dev.keyplan.cli.Main",
            SPARK_JVM,
            List.of("analyze"),
            List.of("--engine", "spark"),
            Style.ANALYZE));
  }

  /** The benchmark's settings, from the command line. */
  record Settings(
      long rows,
      int reps,
      List<String> formats,
      List<String> engineIds,
      String memoryLimit,
      int threads,
      String heap,
      long seed) {
    Settings {
      formats = List.copyOf(formats);
      engineIds = List.copyOf(engineIds);
    }

    static Settings parse(String[] args) {
      long rows = 10_000_000;
      int reps = 3;
      List<String> formats = List.of("csv", "parquet");
      List<String> ids = List.of();
      String memory = "2GB";
      int threads = 2;
      String heap = "1g";
      long seed = AnalyzeBenchData.SEED;
      for (int i = 0; i < args.length; i++) {
        String v = i + 1 < args.length ? args[i + 1] : "";
        switch (args[i]) {
          case "--rows" -> rows = count(v);
          case "--reps" -> reps = Integer.parseInt(v);
          case "--formats" -> formats = List.of(v.split(","));
          case "--engines" -> ids = List.of(v.split(","));
          case "--memory-limit" -> memory = v;
          case "--threads" -> threads = Integer.parseInt(v);
          case "--heap" -> heap = v;
          case "--seed" -> seed = Long.parseLong(v);
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
        i++;
      }
      return new Settings(rows, reps, formats, ids, memory, threads, heap, seed);
    }

    private static long count(String v) {
      String t = v.replace("_", "").replace(",", "").toUpperCase(Locale.ROOT);
      if (t.endsWith("M")) {
        return Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1_000_000);
      }
      if (t.endsWith("K")) {
        return Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1_000);
      }
      return Long.parseLong(t);
    }
  }

  /**
   * One timed process.
   *
   * @param engine the engine
   * @param format csv or parquet
   * @param rep the repetition, from 1
   * @param seconds wall time
   * @param rssKiB peak resident memory, KiB
   * @param cpuSeconds user plus system CPU time, or NaN when not measured
   * @param failure empty when the process exited 0, else its exit code and the first line of its
   *     error output (a run that failed is reported, not timed)
   */
  record Timing(
      Engine engine,
      String format,
      int rep,
      double seconds,
      long rssKiB,
      double cpuSeconds,
      String failure) {
    boolean ok() {
      return failure.isEmpty();
    }
  }

  public static void main(String[] args) throws IOException, InterruptedException, SQLException {
    Settings s = Settings.parse(args);
    Path root = Path.of("").toAbsolutePath();
    Path target = root.resolve("bench/target");
    Path dataDir = target.resolve("analyze-data");
    Path runs = target.resolve("analyze-runs");
    Files.createDirectories(dataDir);
    Files.createDirectories(runs);
    Path model = root.resolve("bench/analyze/events.yaml");
    String stem = "events-" + s.rows() + "-seed" + s.seed();
    Path csv = dataDir.resolve(stem + ".csv");
    Path parquet = dataDir.resolve(stem + ".parquet");
    if (!Files.exists(csv)) {
      long t0 = System.nanoTime();
      AnalyzeBenchData.writeCsv(csv, s.rows(), s.seed());
      System.out.printf(
          Locale.ROOT, "generated %s in %.1f s%n", root.relativize(csv), secondsSince(t0));
    }
    if (s.formats().contains("parquet") && !Files.exists(parquet)) {
      long t0 = System.nanoTime();
      AnalyzeBenchData.toParquet(csv, parquet, s.memoryLimit(), s.threads());
      System.out.printf(
          Locale.ROOT, "generated %s in %.1f s%n", root.relativize(parquet), secondsSince(t0));
    }
    List<Engine> engines = new ArrayList<>();
    List<String> notRun = new ArrayList<>();
    for (Engine e : engines()) {
      if (!s.engineIds().isEmpty() && !s.engineIds().contains(e.id())) {
        continue;
      }
      Optional<String> missing = e.missing(root);
      if (missing.isEmpty()) {
        engines.add(e);
      } else {
        notRun.add(e.label() + " (" + missing.get() + " is not there)");
      }
    }
    boolean timeTool = Files.isExecutable(Path.of("/usr/bin/time"));
    String load0 = loadAverage();
    for (String format : s.formats()) {
      warm(format.equals("csv") ? csv : parquet);
    }
    List<Timing> timings = new ArrayList<>();
    Map<String, Path> lastOutput = new LinkedHashMap<>();
    for (int rep = 1; rep <= s.reps(); rep++) {
      for (String format : s.formats()) {
        List<Engine> order = new ArrayList<>(engines);
        if (rep % 2 == 0) {
          java.util.Collections.reverse(order);
        }
        for (Engine e : order) {
          Path data = format.equals("csv") ? csv : parquet;
          Path out = runs.resolve(stem + "-" + format + "-" + e.id() + "-" + rep + ".json");
          Timing t = time(e, format, rep, command(e, s, root, model, data, format), out, timeTool);
          timings.add(t);
          if (t.ok()) {
            lastOutput.put(format + "/" + e.id(), out);
          }
          System.out.printf(
              Locale.ROOT,
              "%s rep %d %-8s %-26s %8.2f s  %,8d MiB  cpu %7.1f s %s%n",
              s.rows(),
              rep,
              format,
              e.label(),
              t.seconds(),
              t.rssKiB() / 1024,
              t.cpuSeconds(),
              t.ok() ? "" : "FAILED " + t.failure());
        }
      }
    }
    String load1 = loadAverage();
    List<String> checks = new ArrayList<>();
    boolean agree = true;
    for (String format : s.formats()) {
      Optional<Engine> base = engines.stream().filter(Engine::baseline).findFirst();
      if (base.isEmpty()) {
        continue;
      }
      Path referenceFile = lastOutput.get(format + "/" + base.get().id());
      for (Engine e : engines) {
        if (e == base.get()) {
          continue;
        }
        if (referenceFile == null || !lastOutput.containsKey(format + "/" + e.id())) {
          checks.add(format + ": " + e.label() + " not compared (a run failed)");
          continue;
        }
        Map<String, Object> reference = readJson(referenceFile);
        List<String> diffs =
            AnalyzeAgreement.compare(reference, readJson(lastOutput.get(format + "/" + e.id())));
        agree &= diffs.isEmpty();
        checks.add(
            format
                + ": "
                + e.label()
                + " against "
                + base.get().label()
                + ": "
                + (diffs.isEmpty()
                    ? "every exact figure equal (" + AnalyzeAgreement.COMPARED + ")"
                    : "DIFFERENT: " + String.join("; ", diffs)));
      }
    }
    String engineVersion =
        String.valueOf(
            engines.stream()
                .filter(Engine::baseline)
                .findFirst()
                .map(
                    e -> {
                      try {
                        return readJson(lastOutput.get(s.formats().get(0) + "/" + e.id()))
                            .get("engine");
                      } catch (IOException | RuntimeException x) {
                        return "?";
                      }
                    })
                .orElse("?"));
    String table =
        AnalyzeSummary.markdown(
            s,
            timings,
            engines,
            notRun,
            checks,
            Map.of(
                "csv", Files.size(csv), "parquet", Files.exists(parquet) ? Files.size(parquet) : 0),
            engineVersion,
            timeTool ? "/usr/bin/time -f %M (ru_maxrss)" : "/proc/PID/status VmHWM, sampled",
            load0,
            load1);
    System.out.println();
    System.out.print(table);
    Files.writeString(target.resolve("analyze-summary.md"), table, StandardCharsets.UTF_8);
    Files.writeString(
        target.resolve("analyze-summary-" + s.rows() + ".md"), table, StandardCharsets.UTF_8);
    if (!agree) {
      System.err.println("analyze: the engines disagree on an exact figure (above)");
      System.exit(1);
    }
    if (timings.stream().anyMatch(t -> !t.ok())) {
      System.err.println("analyze: a run failed (above)");
      System.exit(1);
    }
  }

  private static double secondsSince(long t0) {
    return (System.nanoTime() - t0) / 1e9;
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "?";
    }
  }

  /** Reads {@code file} once, so that the first timed run does not pay for the disk alone. */
  private static void warm(Path file) throws IOException {
    byte[] buffer = new byte[1 << 20];
    try (InputStream in = Files.newInputStream(file)) {
      while (in.read(buffer) >= 0) {
        // reading is the point
      }
    }
  }

  private static List<String> command(
      Engine e, Settings s, Path root, Path model, Path data, String format) throws IOException {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-Xmx" + s.heap());
    argv.addAll(e.jvmArgs());
    argv.add("-cp");
    argv.add(e.resolvedClassPath(root));
    argv.add(e.mainClass());
    argv.addAll(e.leading());
    String threads = String.valueOf(s.threads());
    if (e.style() == Style.ANALYZE) {
      argv.addAll(
          List.of(
              model.toString(),
              "--entity",
              "Event",
              "--keys",
              AnalyzeBenchData.KEYS,
              "--format",
              "json",
              "--no-progress",
              "--memory-limit",
              s.memoryLimit(),
              "--threads",
              threads,
              data.toString()));
      argv.addAll(e.trailing());
    } else {
      argv.addAll(
          List.of(
              "--format",
              format,
              "--keys",
              AnalyzeBenchData.KEYS,
              "--memory-limit",
              s.memoryLimit(),
              "--threads",
              threads,
              data.toString()));
      argv.addAll(e.trailing());
    }
    return argv;
  }

  private static Timing time(
      Engine e, String format, int rep, List<String> argv, Path out, boolean timeTool)
      throws IOException, InterruptedException {
    Path err = out.resolveSibling(out.getFileName() + ".err");
    Path usage = out.resolveSibling(out.getFileName() + ".time");
    List<String> full = new ArrayList<>();
    if (timeTool) {
      full.addAll(List.of("/usr/bin/time", "-f", "%M %U %S", "-o", usage.toString()));
    }
    full.addAll(argv);
    ProcessBuilder pb =
        new ProcessBuilder(full)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    long t0 = System.nanoTime();
    Process p = pb.start();
    // A benchmark stopped early (Ctrl-C, kill) takes its engine process with it.
    Thread reaper =
        new Thread(
            () -> {
              p.descendants().forEach(ProcessHandle::destroy);
              p.destroy();
            });
    Runtime.getRuntime().addShutdownHook(reaper);
    AtomicLong sampled = new AtomicLong();
    Thread sampler = null;
    if (!timeTool) {
      long pid = p.pid();
      sampler =
          new Thread(
              () -> {
                Path status = Path.of("/proc", String.valueOf(pid), "status");
                while (p.isAlive()) {
                  try {
                    for (String line : Files.readAllLines(status)) {
                      if (line.startsWith("VmHWM:")) {
                        long kib = Long.parseLong(line.replaceAll("[^0-9]", ""));
                        sampled.accumulateAndGet(kib, Math::max);
                      }
                    }
                    TimeUnit.MILLISECONDS.sleep(20);
                  } catch (IOException | InterruptedException x) {
                    return;
                  }
                }
              });
      sampler.setDaemon(true);
      sampler.start();
    }
    int exit = p.waitFor();
    double seconds = secondsSince(t0);
    Runtime.getRuntime().removeShutdownHook(reaper);
    if (sampler != null) {
      sampler.interrupt();
    }
    String failure = "";
    if (exit != 0) {
      failure =
          "exit "
              + exit
              + ": "
              + Files.readAllLines(err).stream()
                  .filter(l -> !l.isBlank())
                  .findFirst()
                  .orElse("(no error output)");
    }
    long rss = sampled.get();
    double cpu = Double.NaN;
    if (timeTool) {
      List<String> lines = Files.readAllLines(usage);
      String[] f = lines.get(lines.size() - 1).trim().split(" ");
      rss = Long.parseLong(f[0]);
      cpu = Double.parseDouble(f[1]) + Double.parseDouble(f[2]);
    }
    return new Timing(e, format, rep, seconds, rss, cpu, failure);
  }

  /** Reads a JSON file into maps, lists, strings, numbers (as double), booleans and nulls. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> readJson(Path file) throws IOException {
    try (JsonParser p = new JsonFactory().createParser(file.toFile())) {
      p.nextToken();
      return (Map<String, Object>) value(p);
    }
  }

  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          m.put(name, value(p));
        }
        return m;
      }
      case START_ARRAY -> {
        List<Object> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          l.add(value(p));
        }
        return l;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        return p.getDoubleValue();
      }
      case VALUE_TRUE -> {
        return Boolean.TRUE;
      }
      case VALUE_FALSE -> {
        return Boolean.FALSE;
      }
      default -> {
        return null;
      }
    }
  }
}
