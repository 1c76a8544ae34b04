package dev.keyplan.analyze;

import dev.keyplan.analyze.duckdb.DuckDbMeasurer;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The engines {@code keyplan analyze --engine} can use: the built-in one, then any a separate
 * artifact on the class path declares (keyplan-spark's {@code spark}), found once per call.
 */
public final class Measurers {
  private Measurers() {}

  /** The engine used without {@code --engine}. */
  public static final String DEFAULT = "duckdb";

  /** The built-in engines, one line each. */
  private static List<Measurer> builtIn() {
    return List.of(new DuckDbMeasurer());
  }

  /** Every engine on the class path, built-in first, each name once. */
  public static List<Measurer> all() {
    List<Measurer> out = new ArrayList<>(builtIn());
    for (Measurer m : ServiceLoader.load(Measurer.class, Measurers.class.getClassLoader())) {
      if (out.stream().noneMatch(o -> o.name().equals(m.name()))) {
        out.add(m);
      }
    }
    return List.copyOf(out);
  }

  /**
   * The engine named {@code name}.
   *
   * @throws InputException when no engine of that name is on the class path, naming those that are
   */
  public static Measurer named(String name) {
    List<Measurer> all = all();
    return all.stream()
        .filter(m -> m.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new InputException(
                    new Location("<command line>", 0, 0),
                    "--engine "
                        + name
                        + ": no such engine on this class path; expected one of "
                        + all.stream().map(Measurer::name).collect(Collectors.joining(", "))
                        + ("spark".equals(name)
                            ? " (the Spark engine ships as keyplan-spark.jar, run with"
                                + " spark-submit: docs/analyze.md, 'Apache Spark')"
                            : "")));
  }
}
