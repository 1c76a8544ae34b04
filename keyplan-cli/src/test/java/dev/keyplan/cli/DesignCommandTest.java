package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.StoreId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keyplan design} through the real command line: on seed 000's chat workload, and on the
 * workload of every shipped example (the example with its store sections taken out), for each store
 * with a designer, the designed model that {@code -o} writes is one {@code keyplan check} reads,
 * and check's verdict on it is the one design printed.
 */
class DesignCommandTest {
  @TempDir Path dir;

  private static final Pattern SUMMARY =
      Pattern.compile(
          "Checked as keyplan check checks it: (\\d+ errors?, \\d+ warnings?, \\d+ info)");

  @Test
  void chatWorkload_designedModel_checksClean_andIsTheSameEveryRun() throws IOException {
    Path out = dir.resolve("chat-designed.yaml");
    CliRun first =
        CliRun.of(
            "design", "examples/workloads/chat.yaml", "--store", "cassandra", "-o", out.toString());
    assertThat(first.exitCode()).as(first.err()).isEqualTo(0);
    assertThat(first.out())
        .contains("message_by_channel_id  PRIMARY KEY ((channel_id, bucket), message_id)")
        .contains("Checked as keyplan check checks it: 0 errors, 0 warnings, 0 info");
    String model = Files.readString(out);
    String cql = Files.readString(dir.resolve("chat-designed.cql"));
    // The workload's text is kept byte for byte, the section appended after it.
    assertThat(model).startsWith(Files.readString(Path.of("examples/workloads/chat.yaml")));
    assertThat(model).endsWith("    message_by_channel_id.bucket: {window: 5m, of: message_id}\n");
    CliRun check = CliRun.of("check", out.toString());
    assertThat(check.exitCode()).as(check.err()).isEqualTo(0);
    assertThat(check.out()).endsWith("0 errors, 0 warnings, 0 info\n");
    // Again: the same bytes.
    CliRun second =
        CliRun.of(
            "design", "examples/workloads/chat.yaml", "--store", "cassandra", "-o", out.toString());
    assertThat(second.out()).isEqualTo(first.out());
    assertThat(Files.readString(out)).isEqualTo(model);
    assertThat(Files.readString(dir.resolve("chat-designed.cql"))).isEqualTo(cql);
  }

  @Test
  void everyExamplesWorkload_isDesigned_andCheckAgreesWithTheProposal() throws IOException {
    List<Path> examples;
    try (Stream<Path> s = Files.list(Path.of("examples"))) {
      examples = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(examples).hasSizeGreaterThan(20);
    for (Path example : examples) {
      for (String store : List.of("cassandra", "scylladb", "dynamodb", "mongodb")) {
        String name = store + "-" + example.getFileName().toString();
        Path workload = dir.resolve("w-" + name);
        Files.writeString(workload, withoutStoreSections(Files.readString(example)));
        Path designed = dir.resolve("d-" + name);
        CliRun design =
            CliRun.of("design", workload.toString(), "--store", store, "-o", designed.toString());
        // 0, or 1 with what is not served or still an error listed; never bad input or a bug.
        assertThat(design.exitCode()).as(name + ": " + design.err()).isIn(0, 1);
        Matcher m = SUMMARY.matcher(design.out());
        assertThat(m.find()).as(name).isTrue();
        CliRun check = CliRun.of("check", designed.toString(), "--fail-on", "never");
        assertThat(check.exitCode()).as(name + ": " + check.err()).isEqualTo(0);
        String last = check.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertThat(last).as(name).isEqualTo(m.group(1));
      }
    }
  }

  @Test
  void allStores_writeOneModelPerStoreVariant_andCompareThemWithRelational() throws IOException {
    Path out = dir.resolve("chat-all.yaml");
    CliRun run = CliRun.of("design", "examples/workloads/chat.yaml", "-o", out.toString());
    assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
    // A model holds cassandra: or scylladb:, not both: ScyllaDB's proposal has a file of its own,
    // with its own schema, and each checks as its proposal says.
    String main = Files.readString(out);
    String scylla = Files.readString(dir.resolve("chat-all-scylladb.yaml"));
    assertThat(main).contains("\ncassandra:\n").contains("\ndynamodb:\n").contains("\nmongodb:\n");
    assertThat(main).doesNotContain("\nscylladb:");
    assertThat(scylla)
        .contains(
            "\nscylladb:\n  schema: chat-all-scylladb.cql\n  shards: 8\n  node_budget: 50000/s")
        .doesNotContain("\ncassandra:");
    assertThat(dir.resolve("chat-all-scylladb.cql")).exists();
    for (Path model : List.of(out, dir.resolve("chat-all-scylladb.yaml"))) {
      CliRun check = CliRun.of("check", model.toString(), "--fail-on", "never");
      assertThat(check.exitCode()).as(model + ": " + check.err()).isEqualTo(0);
    }
    // The side-by-side table has every store and the relational column; chat's 50,200 writes a
    // second (50,000 posts + 200 edits) are over half of one primary's 10,000/s, so relational
    // does not fit and the verdict names a store.
    assertThat(run.out())
        .contains("Side by side")
        .containsPattern("Apache Cassandra +ScyllaDB +Amazon DynamoDB +MongoDB +relational")
        .contains("relational does not fit: its 50,200/s writes are over half of one primary's")
        // Every store's cheapest offer has a figure: an offer that cannot be priced (Atlas's M30
        // for terabytes a shard) is left out, never a "?" in the table.
        .containsPattern(
            "per month, cheapest offer +\\$[0-9,.]+ +\\$[0-9,.]+ +\\$[0-9,.]+ +\\$[0-9,.]+ +\\$")
        .contains("×2 the rates: ")
        .contains("×10 the rates: ");
  }

  @Test
  void json_carriesEveryProposalTheRelationalColumnAndTheVerdict_inItsDocumentedShape()
      throws IOException {
    CliRun run =
        CliRun.of(
            "design", "examples/workloads/chat.yaml", "--store", "mongodb", "--format", "json");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out());
    assertThat(json.get("model").asText()).isEqualTo("chat");
    var p = json.get("proposals").get(0);
    assertThat(p.get("store").asText()).isEqualTo("mongodb");
    assertThat(p.get("section").asText()).startsWith("mongodb:\n  shards: 19\n");
    assertThat(p.get("findings").get("errors").asInt()).isZero();
    // Self-managed: 19 shards of 3 r6i.2xlarge members at $0.504 × 730 = $1,103.76 a shard, and
    // each member's copy on gp3; Atlas's M30 cannot hold a shard's data: null, not a figure.
    var self = p.get("costs").get(0);
    assertThat(self.get("units_x1").asLong()).isEqualTo(19);
    assertThat(self.get("monthly_usd_x1").asDouble()).isGreaterThan(19 * 1_103.76);
    assertThat(p.get("costs").get(1).get("monthly_usd_x1").isNull()).isTrue();
    // 50,200 writes a second: relational does not fit, and the one store proposed is the choice.
    assertThat(json.get("relational").get("writes_per_second").asDouble()).isEqualTo(50_200);
    assertThat(json.get("relational").get("misfit").asText()).contains("50,200/s writes");
    assertThat(json.get("verdict").get("choice").asText()).isEqualTo("mongodb");
    assertThat(json.get("verdict").get("sensitivity")).hasSize(3);
    // Markdown for a pull request: the verdict first, costs in a table.
    CliRun md =
        CliRun.of(
            "design", "examples/workloads/chat.yaml", "--store", "mongodb", "--format", "markdown");
    assertThat(md.out())
        .startsWith("# keyplan design: chat\n\n**Verdict: mongodb**")
        .contains("| store | offer | ×1 | ×2 | ×10 | basis |")
        .contains("| MongoDB | Atlas, M30 | not priced |");
    assertThat(CliRun.of("design", "examples/workloads/chat.yaml", "--format", "sarif").exitCode())
        .isEqualTo(2);
  }

  @Test
  void aTableOfUnsizedPartitions_leavesTheStoredBytesUnknown_butTheirLowerBoundIsGiven()
      throws IOException {
    // Devices read by site, with no spread declared for site: device_by_site cannot be sized, so
    // the cluster's data is unknown (stored_bytes null), but its rows × their bytes are a lower
    // bound (ClusterCapacity.bytesAtLeast), which JSON gives and the side-by-side prints as
    // "at least".
    Path workload = dir.resolve("devices.yaml");
    Files.writeString(
        workload,
        """
        model: devices
        horizon: 1y
        entities:
          Device:
            attributes:
              device_id: uuid
              site: {type: text, size: 10B}
            key: [device_id]
            count: 100k
        patterns:
          - id: device
            rate: 100/s
            query: Device where device_id = ?
          - id: site-devices
            rate: 5/s
            query: Device where site = ?
        """);
    CliRun json =
        CliRun.of("design", workload.toString(), "--store", "cassandra", "--format", "json");
    assertThat(json.exitCode()).as(json.err()).isIn(0, 1);
    var p = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
    var proposal = p.get("proposals").get(0);
    assertThat(proposal.get("stored_bytes").isNull()).isTrue();
    double bound = proposal.get("stored_bytes_at_least").asDouble();
    assertThat(bound).isPositive();
    CliRun text = CliRun.of("design", workload.toString(), "--store", "cassandra");
    assertThat(text.out())
        .containsPattern(
            "stored at the horizon +at least "
                + Pattern.quote(dev.keyplan.model.Units.bytes(bound))
                + "\\s");
  }

  @Test
  void aDesignWrittenToAnotherFolder_stillNamesTheModelsOwnFiles() throws IOException {
    // examples/books.yaml names its CQL schema relative to itself (schema: books.cql). Written
    // to another folder, the designed copy must name the same file from there, or check would
    // look for DIR/books.cql and refuse the model it was promised to accept.
    Path out = dir.resolve("b.yaml");
    CliRun run =
        CliRun.of("design", "examples/books.yaml", "--store", "dynamodb", "-o", out.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    String moved =
        dir.toAbsolutePath()
            .relativize(Path.of("examples/books.cql").toAbsolutePath())
            .toString()
            .replace('\\', '/');
    assertThat(Files.readString(out)).contains("schema: \"" + moved + "\"\n");
    CliRun check = CliRun.of("check", out.toString(), "--fail-on", "never");
    assertThat(check.exitCode()).as(check.err()).isEqualTo(0);
    assertThat(check.out()).contains("Patterns (cassandra)").contains("Patterns (dynamodb)");
  }

  @Test
  void aDesignTheModelHas_isKept_andTheProposalGoesBesideItWithWhatItWouldChange()
      throws IOException {
    Path out = dir.resolve("orders-designed.yaml");
    String before = Files.readString(Path.of("examples/orders.yaml"));
    CliRun run =
        CliRun.of("design", "examples/orders.yaml", "--store", "cassandra", "-o", out.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    // orders.yaml's own tables: check finds 1 error and 5 warnings (orders_by_status keyed by a
    // 5-value status, unbucketed); the proposal buckets both tables and has none.
    assertThat(run.out())
        .contains("Against the model's own Apache Cassandra design (kept as it is")
        .contains("    errors: 1 → 0\n")
        .contains("    orders-in-status: single partition");
    assertThat(Files.readString(Path.of("examples/orders.yaml"))).isEqualTo(before);
    Path proposed = dir.resolve("orders-designed-cassandra-proposed.yaml");
    String text = Files.readString(proposed);
    // The workload and the other stores' sections as written, the Cassandra section replaced.
    assertThat(text).contains("\ndynamodb:\n").contains("\nmongodb:\n");
    assertThat(text.split("\ncassandra:\n", -1)).hasSize(2);
    assertThat(text).contains("schema: orders-designed.cql");
    assertThat(out).doesNotExist();
    CliRun check = CliRun.of("check", proposed.toString(), "--fail-on", "never");
    assertThat(check.exitCode()).as(check.err()).isEqualTo(0);
    assertThat(check.out()).contains("Patterns (cassandra)").contains("order_by_status");
    // The same comparison, computed once, in JSON and Markdown.
    CliRun json =
        CliRun.of("design", "examples/orders.yaml", "--store", "cassandra", "--format", "json");
    var a =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(json.out())
            .get("against_existing")
            .get(0);
    assertThat(a.get("store").asText()).isEqualTo("cassandra");
    assertThat(a.get("errors").get("before").asLong()).isEqualTo(1);
    assertThat(a.get("errors").get("after").asLong()).isEqualTo(0);
    assertThat(a.get("warnings").get("before").asLong()).isEqualTo(5);
    assertThat(a.get("changes").get(1).get("pattern").asText()).isEqualTo("orders-in-status");
    assertThat(a.get("changes").get(1).get("before").asText()).startsWith("single partition");
    CliRun md =
        CliRun.of("design", "examples/orders.yaml", "--store", "cassandra", "--format", "markdown");
    assertThat(md.out())
        .contains("## Against the model's own Apache Cassandra design\n\n| | existing | proposed |")
        .contains("| errors | 1 | 0 |\n| warnings | 5 | 1 |");
  }

  @Test
  void add_givesWhatANewQueryCostsInEachStore_aGsiAnIndexATable() {
    Path shop = dir.resolve("shop-workload.yaml");
    try {
      Files.writeString(
          shop, withoutStoreSections(Files.readString(Path.of("examples/shop-mongodb.yaml"))));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    CliRun run =
        CliRun.of(
            "design",
            shop.toString(),
            "--add",
            "{id: reviews-by-user, rate: 50/s, query: Review where user_id = ? order by created_at"
                + " desc limit 10}");
    assertThat(run.exitCode()).as(run.err()).isIn(0, 1);
    // Seed 000: "In DynamoDB that's a GSI, in Cassandra it's another table, in MongoDB it's an
    // index": each store's proposal with the query against the one without it.
    assertThat(run.out())
        .contains("What reviews-by-user costs on Apache Cassandra")
        .contains("    + review_by_user_id  PRIMARY KEY (user_id, created_at, review_id)")
        .containsPattern(
            "What reviews-by-user costs on Amazon DynamoDB[^\\n]*\\n    per month, cheapest offer:"
                + " \\$[0-9,.]+ → \\$[0-9,.]+ \\(\\+\\$[0-9,.]+\\)")
        .contains("GSI1PK: REVIEW#{user_id}")
        .contains("reviews, indexes {product_id: 1, created_at: -1} {user_id: 1, created_at: -1}");
  }

  /** The model text without its top-level store sections: the workload a design is made from. */
  static String withoutStoreSections(String text) {
    List<StoreId> every = new ArrayList<>();
    dev.keyplan.store.Stores.builtIn().all().forEach(st -> every.addAll(st.ids()));
    return DesignCommand.withoutSections(text, every);
  }

  @Test
  void constraints_areKeptAsGiven_andOnesOutOfRangeAreRefused() {
    // Seed 000's chat: 50,000 writes/s on 3 replicas alone are 150,000 replica writes/s, 8 nodes
    // of a 20,000/s budget before any read: 6 fixed nodes fall short, so the proposal fails.
    CliRun six =
        CliRun.of("design", "examples/workloads/chat.yaml", "--store", "cassandra", "--nodes", "6");
    assertThat(six.exitCode()).as(six.err()).isEqualTo(1);
    assertThat(six.out())
        .contains("  nodes  6 nodes per datacenter\n")
        .contains(
            "\n  Constraints not met\n    6 nodes per datacenter, as fixed, carry less than the"
                + " workload needs: ");
    for (String[] bad :
        new String[][] {
          {"--budget", "cheap"}, {"--budget", "-5"}, {"--max-gsis", "21"}, {"--nodes", "0"}
        }) {
      CliRun run =
          CliRun.of(
              "design", "examples/workloads/chat.yaml", "--store", "dynamodb", bad[0], bad[1]);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.err())
          .startsWith("<command line>: error: " + bad[0] + " " + bad[1] + ": expected ");
    }
  }
}
