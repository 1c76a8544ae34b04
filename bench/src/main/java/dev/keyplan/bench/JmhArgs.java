package dev.keyplan.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.Utils;

/**
 * What every report's main does first: read JMH's own options from the command line (a bad one
 * exits 2 with JMH's message), make the output folder ({@code keyplan.bench.out}, default {@code
 * bench/target}) and start the options with the JSON result file and, when the command line names
 * no benchmark, the report's own; and what every report's header says of the run (JMH's version,
 * the load average). Public because the stores' reports, in their bench packages, use it too.
 */
public record JmhArgs(CommandLineOptions cmd, Path out, Path json, ChainedOptionsBuilder builder) {

  public static JmhArgs of(String[] args, String jsonName, Class<?>... benchmarks)
      throws IOException {
    CommandLineOptions cmd;
    try {
      cmd = new CommandLineOptions(args);
    } catch (CommandLineOptionException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(2);
      throw new AssertionError(e);
    }
    Path out = Path.of(System.getProperty("keyplan.bench.out", "bench/target"));
    Files.createDirectories(out);
    Path json = out.resolve(jsonName);
    ChainedOptionsBuilder builder =
        new OptionsBuilder()
            .parent(cmd)
            .result(json.toString())
            .resultFormat(ResultFormatType.JSON);
    if (cmd.getIncludes().isEmpty()) {
      for (Class<?> b : benchmarks) {
        builder.include(b.getName() + "\\.");
      }
    }
    return new JmhArgs(cmd, out, json, builder);
  }

  /** Other processes share the cores: the load average tells how much (NaN where unknown). */
  public static double loadAverage() {
    double l =
        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return l < 0 ? Double.NaN : l;
  }

  public static String jmhVersion() {
    try {
      return Utils.class.getPackage().getImplementationVersion() != null
          ? Utils.class.getPackage().getImplementationVersion()
          : versionFromResource();
    } catch (RuntimeException e) {
      return "?";
    }
  }

  private static String versionFromResource() {
    try (var in = Utils.class.getResourceAsStream("/jmh.properties")) {
      if (in == null) {
        return "?";
      }
      var props = new java.util.Properties();
      props.load(in);
      return props.getProperty("jmh.version", "?");
    } catch (IOException e) {
      return "?";
    }
  }
}
