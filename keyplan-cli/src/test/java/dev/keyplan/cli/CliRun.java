package dev.keyplan.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** One run of the real keyplan command line: exit code and what went to stdout and stderr. */
public record CliRun(int exitCode, String out, String err) {

  /** Runs {@code keyplan args…} in-process. */
  public static CliRun of(String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    int code =
        Main.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
    // println writes the platform line separator; the expectations use \n.
    return new CliRun(
        code, out.toString().replace("\r\n", "\n"), err.toString().replace("\r\n", "\n"));
  }

  /** Returns the path of a test resource, so tests do not depend on the working directory. */
  public static String resource(String name) {
    try {
      return Path.of(CliRun.class.getResource(name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
