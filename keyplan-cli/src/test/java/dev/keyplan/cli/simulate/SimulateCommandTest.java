package dev.keyplan.cli.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** keyplan simulate through the real command line. */
class SimulateCommandTest {
  private static final String CHAT = "examples/chat.yaml";

  @Test
  void text_showsFindingsNodesAndSettings() {
    CliRun run = CliRun.of("simulate", CHAT, "--duration", "10m");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out().startsWith("simulation of cassandra\n  largest partition messages_by_channel/"),
        run.out());
    assertTrue(run.out().contains("\nNodes (ops are per second"), run.out());
    assertTrue(run.out().contains("  num_tokens: 16\n"), run.out());
    assertTrue(
        run.out().contains("  interval: 1 s\n"), run.out()); // 10 minutes or less: one row a second
    assertEquals("", run.err()); // no terminal in tests: no progress bar
  }

  @Test
  void theSameSeed_givesByteIdenticalOutput_inEveryFormat() {
    for (String format : new String[] {"text", "json", "csv"}) {
      String a =
          CliRun.of("simulate", CHAT, "--duration", "5m", "--seed", "42", "--format", format).out();
      String b =
          CliRun.of("simulate", CHAT, "--duration", "5m", "--seed", "42", "--format", format).out();
      assertEquals(a, b, format);
      String c =
          CliRun.of("simulate", CHAT, "--duration", "5m", "--seed", "43", "--format", format).out();
      assertNotEquals(a, c, format);
    }
  }

  @Test
  void json_hasTheSeriesAndTables_csvTheSeriesAlone(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("series.csv");
    CliRun run =
        CliRun.of(
            "simulate",
            CHAT,
            "--duration",
            "3m",
            "--interval",
            "60s",
            "--format",
            "json",
            "--csv",
            csv.toString());
    assertEquals(0, run.exitCode(), run.err());
    JsonNode j = new ObjectMapper().readTree(run.out());
    assertEquals("cassandra", j.get("store").asText());
    assertEquals(6, j.get("tables").get("nodes").get("rows").size());
    // 3 minutes at 60 s: 3 intervals × 6 nodes.
    assertEquals(18, j.get("series").get("rows").size());
    assertEquals(
        "[\"coordinator_ops\",\"replica_reads\",\"replica_writes\",\"bytes\"]",
        j.get("series").get("columns").toString());
    String series = Files.readString(csv);
    assertTrue(
        series.startsWith("second,node,coordinator_ops,replica_reads,replica_writes,bytes\n0,n1,"),
        series);
    assertEquals(19, series.split("\n").length);
    assertEquals(
        series,
        CliRun.of("simulate", CHAT, "--duration", "3m", "--interval", "60s", "--format", "csv")
            .out());
  }

  @Test
  void clusterOptions_changeTheRing() {
    CliRun run =
        CliRun.of(
            "simulate",
            CHAT,
            "--duration",
            "1m",
            "--nodes",
            "4",
            "--racks",
            "1",
            "--num-tokens",
            "8",
            "--allocation",
            "random",
            "--rf",
            "2",
            "--cl",
            "ONE",
            "--add-nodes",
            "1");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out().contains("  replication: {'class': 'NetworkTopologyStrategy', 'dc1': 2}\n"),
        run.out());
    assertTrue(run.out().contains("  allocation: random\n"), run.out());
    assertTrue(
        run.out().contains("When 1 node joins: bytes streamed to each node, and given up:"),
        run.out());
    assertTrue(run.out().contains("\n  n5  "), run.out());
  }

  @Test
  void badOptions_exitTwo_withWhatWasExpected() {
    assertBad(
        "<command line>: error: --duration expects a time such as 90s, 10m, 2h or 1d, not 'soon'",
        "simulate",
        CHAT,
        "--duration",
        "soon");
    assertBad(
        "<command line>: error: --store must be cassandra, scylladb, dynamodb or mongodb, not redis",
        "simulate",
        CHAT,
        "--store",
        "redis");
    assertBad(
        "<command line>: error: the model has no mongodb design (it has: cassandra)",
        "simulate",
        CHAT,
        "--store",
        "mongodb");
    assertForeign("--shards", "cassandra", "simulate", CHAT, "--shards", "4");
    assertBad(
        "<command line>: error: racks must be between 1 and the nodes per datacenter (2), not 3",
        "simulate",
        CHAT,
        "--nodes",
        "2",
        "--racks",
        "3");
    assertBad(
        "<command line>: error: replication names datacenter dc9, which the cluster does not have (datacenters: dc1)",
        "simulate",
        CHAT,
        "--rf",
        "dc9=3");
    assertBad(
        "<command line>: error: consistency must be one of [ALL, EACH_QUORUM, LOCAL_ONE, LOCAL_QUORUM, ONE, QUORUM, THREE, TWO], not SOME",
        "simulate",
        CHAT,
        "--cl",
        "some");
    assertBad(
        "<command line>: error: interval must be between 1 s and the duration (60 s), not 120",
        "simulate",
        CHAT,
        "--duration",
        "1m",
        "--interval",
        "2m");
  }

  @Test
  void aBadTrace_isNamedByFileLineAndColumn(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.csv");
    Files.writeString(trace, "time,operation,key,size\n0,write,1,100\n1,scan,1,100\n");
    CliRun run = CliRun.of("simulate", CHAT, "--trace", trace.toString());
    assertEquals(2, run.exitCode());
    assertTrue(run.err().startsWith(trace + ":3:3: error: expected read or write"), run.err());
  }

  @Test
  void aTrace_runsForItsOwnLength(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.csv");
    Files.writeString(trace, "time,operation,key,size\n0,write,7,100\n4.5,read,7,100\n");
    CliRun run = CliRun.of("simulate", CHAT, "--trace", trace.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("  duration: 5 s\n"), run.out());
    assertTrue(run.out().contains("  mode: trace " + trace + "\n"), run.out());
  }

  @Test
  void theProgressBar_goesToStderr_andLeavesStdoutAlone() {
    CliRun with = CliRun.of("simulate", CHAT, "--duration", "2m", "--progress");
    CliRun without = CliRun.of("simulate", CHAT, "--duration", "2m", "--no-progress");
    assertEquals(without.out(), with.out());
    // The bar shows the run's estimate at the documented rate (ProgressBarTest has the figures).
    assertTrue(
        with.err().contains("simulating [###############               ] 50% (60 of 120 s; about "),
        with.err());
    assertTrue(with.err().contains(" at 6 µs a step)"), with.err());
    assertEquals("", without.err());
  }

  @Test
  void mongodb_theTenantsJumboChunk_throughTheCli() {
    CliRun run =
        CliRun.of(
            "simulate", "examples/tenants-mongodb.yaml", "--shards", "4", "--chunk-size", "128MiB");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("simulation of mongodb\n  chunk [country_code-1, "), run.out());
    assertTrue(
        run.out()
            .contains(
                " is jumbo: the shard key value country_code-1 alone holds 6.41 GB (60% of the data"),
        run.out());
    assertForeign(
        "--nodes", "mongodb", "simulate", "examples/tenants-mongodb.yaml", "--nodes", "3");
    assertForeign("--chunk-size", "cassandra", "simulate", CHAT, "--chunk-size", "64MB");
    assertBad(
        "<command line>: error: --chunk-size expects a size such as 64MB or 128MiB, not 'big'",
        "simulate",
        "examples/tenants-mongodb.yaml",
        "--chunk-size",
        "big");
    assertBad(
        "<command line>: error: no collection users in the model; it has tenants",
        "simulate",
        "examples/tenants-mongodb.yaml",
        "--collection",
        "users");
  }

  @Test
  void dynamodb_theFlashSale_spendsItsBurst_thenThrottles_throughTheCli() {
    // examples/flash-sale-provisioned.yaml: 800 WCU provisioned; the sale and the catalogue ask
    // about
    // 1,000 WCU/s, so the 240,000 WCU of burst (300 s × 800) lasts 240,000 / 200 = 1,200 s.
    CliRun run = CliRun.of("simulate", "examples/flash-sale-provisioned.yaml", "--duration", "2h");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out()
            .startsWith(
                "simulation of dynamodb\n  ProductSales (provisioned 1,500 RCU / 800 WCU, 2 partitions"),
        run.out());
    assertTrue(
        run.out()
            .contains(
                "burst-exhausted  ProductSales  the write burst capacity of 240,000 units is spent after 119"),
        run.out());
    CliRun more =
        CliRun.of(
            "simulate",
            "examples/flash-sale-provisioned.yaml",
            "--duration",
            "2h",
            "--rcu",
            "1500",
            "--wcu",
            "1000");
    assertTrue(more.out().contains("  capacity: provisioned 1,500 RCU / 1,000 WCU\n"), more.out());
    assertBad(
        "<command line>: error: provisioned capacity needs both --rcu and --wcu",
        "simulate",
        "examples/flash-sale-provisioned.yaml",
        "--rcu",
        "100");
    assertForeign("--rcu", "cassandra", "simulate", CHAT, "--rcu", "100");
    assertForeign("--shards", "dynamodb", "simulate", "examples/flash-sale.yaml", "--shards", "2");
  }

  /**
   * Another store's option is refused by picocli as unknown to the chosen store's subcommand, whose
   * usage follows: the same whether the store is named by --store, by the subcommand, or is the
   * model's only design.
   */
  private static void assertForeign(String option, String store, String... args) {
    CliRun run = CliRun.of(args);
    assertEquals(2, run.exitCode(), run.out());
    assertTrue(run.err().startsWith("Unknown option"), run.err());
    assertTrue(run.err().contains("'" + option + "'"), run.err());
    assertTrue(run.err().contains("Usage: keyplan simulate " + store + " "), run.err());
  }

  @Test
  void eachStoreIsASubcommand_withItsOwnOptionsOnly() {
    // keyplan simulate dynamodb MODEL is what keyplan simulate MODEL --store dynamodb runs.
    String[] common = {"--duration", "10m", "--format", "json"};
    CliRun named =
        CliRun.of(
            concat(new String[] {"simulate", "dynamodb", "examples/flash-sale.yaml"}, common));
    CliRun alias =
        CliRun.of(
            concat(
                new String[] {"simulate", "examples/flash-sale.yaml", "--store", "dynamodb"},
                common));
    assertEquals(0, named.exitCode(), named.err());
    assertEquals(alias.out(), named.out());
    CliRun help = CliRun.of("simulate", "mongodb", "--help");
    assertTrue(help.out().contains("--chunk-size"), help.out());
    assertTrue(help.out().contains("--shards"), help.out());
    assertTrue(!help.out().contains("--nodes"), help.out());
    // Cassandra has no shards per node; ScyllaDB, a variant of the same plug-in, has.
    assertTrue(!CliRun.of("simulate", "cassandra", "--help").out().contains("--shards"));
    assertTrue(CliRun.of("simulate", "scylladb", "--help").out().contains("--shards"));
    assertForeign(
        "--rcu", "mongodb", "simulate", "mongodb", "examples/tenants-mongodb.yaml", "--rcu", "5");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void rfAboveTheNodes_orZero_isBadInput_namingTheOption() {
    // Hostile input (issue 18): --rf 7 on 6 nodes used to run with 6 replicas, silently; 7
    // replicas need 7 distinct nodes. --rf 0 places no replica at all (per-replica load ÷ 0).
    assertBad(
        "<command line>: error: --rf dc1=7 exceeds the 6 nodes of a datacenter; expected 1 to 6 (or"
            + " more --nodes)",
        "simulate",
        CHAT,
        "--nodes",
        "6",
        "--rf",
        "7");
    assertBad(
        "<command line>: error: --rf {dc1=0} places no replica; expected at least 1",
        "simulate",
        CHAT,
        "--rf",
        "0");
  }

  private static void assertBad(String message, String... args) {
    CliRun run = CliRun.of(args);
    assertEquals(2, run.exitCode(), run.out());
    assertEquals(message + "\n1 error\n", run.err());
  }
}
