package dev.keyplan.bench;

import java.util.List;

/**
 * The benchmark workload with no store section: what {@code keyplan design} starts from. The same
 * entities and patterns as the stores' generators (same seed, same templates), with the hooks'
 * store-neutral choices: a read of several accounts by an IN on the id, a read by status and a
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

  @Override
  protected void profileOptions(int e, List<String> extra) {}

  @Override
  protected void severalAccounts(int e, int round, List<String> extra) {
    pattern(
        id(e, "in-ids", round),
        "a few accounts at once",
        between(1, 50) + "/s",
        "query",
        "E" + e + " where e" + e + "_id in (?, ?, ?)",
        extra);
  }

  @Override
  protected void statusRead(int e, int round, List<String> extra) {
    String p = "e" + e + "_";
    pattern(
        id(e, "recent-in-status", round),
        "accounts in a status created after a time",
        between(1, 40) + "/s",
        "query",
        "E" + e + " where " + p + "status = ? and " + p + "created > ? limit 100",
        extra);
  }

  @Override
  protected void kindRead(int e, int round, List<String> extra) {
    pattern(
        id(e, "of-kind", round),
        "an owner's posts of a kind",
        between(1, 10) + "/s",
        "query",
        "E" + e + " where e" + (e - 1) + "_id = ? and e" + e + "_kind = ?",
        extra);
  }

  /** A like increments the post's counter, keyed by the post's owner, the post's partition. */
  @Override
  protected String likePartition(int e) {
    return "e" + (e - 1) + "_id";
  }

  @Override
  protected String likeKey(int e) {
    return postKey(e);
  }

  /** An owner removes at most a tenth of what it posts. */
  @Override
  protected int removeRate(int e) {
    int posted = postRate(e, 100);
    return between(1, Math.max(2, posted / 10));
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
