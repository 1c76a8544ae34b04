package dev.keyplan.bench;

/**
 * The benchmark workload with no store section: what {@code keyplan design} starts from. The same
 * entities and patterns as the stores' generators (same seed, same templates), with the hooks'
 * store-neutral defaults: a read of several accounts by an IN on the id, a read by status and a
 * creation time after a value, nothing pinned.
 *
 * <p>Run {@code java -cp bench/target/benchmarks.jar dev.keyplan.bench.WorkloadOnlyGenerator 1000
 * DIR} to write {@code bench-workload-1000.yaml} to DIR.
 */
public final class WorkloadOnlyGenerator extends WorkloadGenerator {
  private WorkloadOnlyGenerator(int entities, int patterns) {
    super(entities, patterns, "bench-workload-" + patterns, 1 << 16);
  }

  /** Returns the workload of {@code patterns} patterns and 0.1 × as many entities, as YAML. */
  public static String forPatterns(int patterns) {
    WorkloadOnlyGenerator g = new WorkloadOnlyGenerator(entitiesFor(patterns), patterns);
    g.writeWorkload(g.entities + " entities, " + patterns + " patterns, no store section");
    return g.yaml.toString();
  }

  /** Writes the workload of {@code args[0]} patterns to the folder {@code args[1]}. */
  public static void main(String[] args) throws java.io.IOException {
    int p = Integer.parseInt(args[0]);
    java.nio.file.Path out =
        java.nio.file.Path.of(args.length > 1 ? args[1] : ".")
            .resolve("bench-workload-" + p + ".yaml");
    java.nio.file.Files.writeString(out, forPatterns(p));
    System.out.println(out);
  }
}
