package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code keyplan analyze} against a model file: the plan without {@code --write}, the write, the
 * second write that changes nothing, {@code --stamp}'s date, and {@code --new}. Each run is the
 * real command line in-process, on a copy of examples/chat.yaml (and its chat.cql) and a CSV of
 * three rows written here, the corpus' data/valid.csv:
 *
 * <pre>
 *   channel_id,message_id,author_id,body
 *   1,1,1,a
 *   1,2,1,b
 *   2,3,1,c
 * </pre>
 *
 * Its SHA-256 starts 1990e77ae8f4 ({@code sha256sum valid.csv}). Every figure below is worked out
 * from these rows by hand.
 */
class AnalyzeWriteTest {
  static final String CSV = "channel_id,message_id,author_id,body\n1,1,1,a\n1,2,1,b\n2,3,1,c\n";

  /** --stamp's clock when SOURCE_DATE_EPOCH is not set: fixed, so nothing reads the real one. */
  static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-02T03:04:05Z"), ZoneOffset.UTC);

  @TempDir Path dir;
  Path model;
  String data;
  byte[] original;

  /** {@code text} with the data file named as the command was given it: the provenance's name. */
  String named(String text) {
    return text.replace("from valid.csv (", "from " + data + " (");
  }

  @BeforeEach
  void copies() throws IOException {
    model = dir.resolve("chat.yaml");
    Files.copy(Path.of("examples/chat.yaml"), model);
    Files.copy(Path.of("examples/chat.cql"), dir.resolve("chat.cql"));
    Path csv = dir.resolve("valid.csv");
    Files.writeString(csv, CSV, StandardCharsets.UTF_8);
    data = csv.toString();
    original = Files.readAllBytes(model);
  }

  /**
   * keyplan's arguments run in-process with {@code environment} as the process environment {@code
   * --stamp} reads, and {@link #CLOCK}.
   */
  static CliRun run(Map<String, String> environment, String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    CommandLine cli = Main.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true));
    AnalyzeCommand analyze = cli.getSubcommands().get("analyze").getCommand();
    analyze.environment = environment;
    analyze.clock = CLOCK;
    int code = cli.execute(args);
    return new CliRun(
        code, out.toString().replace("\r\n", "\n"), err.toString().replace("\r\n", "\n"));
  }

  /** {@code analyze MODEL --entity Message DATA --keys channel_id;message_id} and {@code more}. */
  CliRun analyze(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "analyze",
                model.toString(),
                "--entity",
                "Message",
                data,
                "--keys",
                "channel_id;message_id"));
    args.addAll(List.of(more));
    return run(Map.of(), args.toArray(String[]::new));
  }

  /**
   * The plan, one line per figure, against chat.yaml's Message:
   *
   * <ul>
   *   <li>count: 3 rows; the model declares none: new.
   *   <li>channel_id time_ordered: its ranks 1, 1, 2 against places 0, 1, 2 give r = √3/2 ≈ 0.866,
   *       at least 0.7 (AnalyzeCommandTest): true; not declared: new.
   *   <li>message_id time_ordered: ranks 1, 2, 3 against places 0, 1, 2, r = 1: true, as declared:
   *       agrees.
   *   <li>body size: each value is one byte, so 1B against the declared 200B: contradicts.
   *   <li>channel_id distinct: 2 against 10M: contradicts; busiest: channel 1 holds 2 of 3 rows,
   *       66.7%, against 100/s of the declared growth 50k/s, 0.2%: contradicts, and the note says
   *       how the rate was compared.
   *   <li>message_id: 3 distinct values, each 1 of 3 rows (33.3%); the model declares no spread for
   *       it: new, twice.
   * </ul>
   *
   * All eight can be written. Nothing on disk changes.
   */
  static final String PLAN =
      """

      Against the model %s
        figure                                              declared     measured     verdict      note
        entities.Message.count                              -            3            new
        entities.Message.attributes.channel_id.time_ordered -            true         new
        entities.Message.attributes.message_id.time_ordered true         true         agrees
        entities.Message.attributes.body.size               200B         1B           contradicts
        entities.Message.spread.channel_id.distinct         10M          2            contradicts
        entities.Message.spread.channel_id.busiest          100/s        66.7%%        contradicts  compared as a share of the growth: 0.2%%
        entities.Message.spread.message_id.distinct         -            3            new
        entities.Message.spread.message_id.busiest          -            33.3%%        new
      Nothing written; --write writes 8 figures into %s.
      """;

  @Test
  void withoutWrite_thePlanIsPrintedAndTheFileIsByteIdentical() throws IOException {
    CliRun run = analyze();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).endsWith(PLAN.formatted(model, model));
    // Request spreads: one statement, the engine's.
    assertThat(run.out().split("request spreads stay", -1)).hasSize(2);
    assertThat(Files.readAllBytes(model)).isEqualTo(original);
  }

  /** What --write makes of chat.yaml's Message: the plan's eight figures, each line marked. */
  static final String WRITTEN_MESSAGE =
      """
      entities:
        # keyplan analyze measured Message from valid.csv (sha256 1990e77ae8f4)
        Message:
          attributes:
            channel_id: {type: bigint, time_ordered: true}  # [measured: time_ordered]
            message_id: {type: bigint, time_ordered: true}   # snowflake id [measured: time_ordered]
            author_id: bigint
            body: {type: text, size: 1B}  # [measured: size]
          key: [channel_id, message_id]
          count: 3  # [measured]
          growth: 50k/s
          spread:
            channel_id: {distinct: 2, busiest: 66.7%}       # the hottest channel writes 100 messages/s [measured: distinct, busiest]
            message_id: {distinct: 3, busiest: 33.3%}  # [measured: distinct, busiest]
      patterns:
      """;

  @Test
  void write_changesTheFileAsThePlanSaid_andASecondWriteChangesNothing() throws IOException {
    Files.setPosixFilePermissions(model, PosixFilePermissions.fromString("rw-r-----"));
    CliRun run = analyze("--write");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .endsWith(
            "Wrote 8 figures into "
                + model
                + ", each line marked [measured]; the entity's comment names the data.\n");
    String before = new String(original, StandardCharsets.UTF_8);
    String after = Files.readString(model);
    // Everything outside the entity's lines is the original's, byte for byte.
    int from = before.indexOf("entities:\n");
    int to = before.indexOf("patterns:\n") + "patterns:\n".length();
    assertThat(after.substring(0, from)).isEqualTo(before.substring(0, from));
    String written = named(WRITTEN_MESSAGE);
    assertThat(after.substring(from, from + written.length())).isEqualTo(written);
    assertThat(after.substring(from + written.length())).isEqualTo(before.substring(to));
    // The permissions stay; the temporary file is gone.
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(model)))
        .isEqualTo("rw-r-----");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactly("chat.cql", "chat.yaml", "valid.csv");
    }
    // It reads back with the measured figures.
    Entity message = ModelReader.read(model).entity("Message").orElseThrow();
    assertThat(message.count()).isEqualTo(3);
    assertThat(message.attribute("body").orElseThrow().size()).hasValue(1);
    assertThat(message.spread().get("channel_id").distinct()).hasValue(2);
    // The same measurement again: every figure agrees and the file keeps its bytes.
    byte[] once = Files.readAllBytes(model);
    CliRun again = analyze("--write");
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out())
        .contains(
            "  entities.Message.count                              3            3            agrees\n")
        .endsWith("Nothing to write: " + model + " already holds these figures as measured.\n");
    assertThat(Files.readAllBytes(model)).isEqualTo(once);
  }

  @Test
  void write_keepsADeclaredOrderOfAnAttributeNotMeasuredAlone() throws IOException {
    // Without --keys the model's keys are measured: channel_id (latest-messages) and (channel_id,
    // message_id) (edit-message, and the entity's key). message_id is no key of its own, so its
    // order was not measured: the declared 'time_ordered: true' is neither compared nor
    // rewritten (it was written false, a contradiction the data never showed).
    CliRun run = run(Map.of(), "analyze", model.toString(), "--entity", "Message", data, "--write");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).doesNotContain("message_id.time_ordered");
    assertThat(Files.readString(model))
        .contains("      message_id: {type: bigint, time_ordered: true}   # snowflake id\n");
  }

  @Test
  void write_keepsAByteOrderMarkAndCrlf() throws IOException {
    String crlf = new String(original, StandardCharsets.UTF_8).replace("\n", "\r\n");
    Files.writeString(model, "\uFEFF" + crlf, StandardCharsets.UTF_8);
    CliRun run = analyze("--write");
    assertThat(run.exitCode()).as(run.err()).isZero();
    byte[] bytes = Files.readAllBytes(model);
    // EF BB BF is U+FEFF in UTF-8 (RFC 3629 section 6), and stays first.
    assertThat(bytes[0] & 0xff).isEqualTo(0xEF);
    assertThat(bytes[1] & 0xff).isEqualTo(0xBB);
    assertThat(bytes[2] & 0xff).isEqualTo(0xBF);
    String after = new String(bytes, StandardCharsets.UTF_8);
    // Every line break, the new lines' too, is CRLF.
    assertThat(after.replace("\r\n", "")).doesNotContain("\n");
    assertThat(after.substring(1).replace("\r\n", "\n")).contains(named(WRITTEN_MESSAGE));
  }

  @Test
  void stamp_datesTheProvenanceFromSourceDateEpoch_andTheSameRunGivesTheSameBytes()
      throws IOException {
    // 1764892800 s = 20,427 days of 86,400 s exactly: 2025-12-05T00:00:00Z (date -u -d
    // @1764892800).
    Map<String, String> env = Map.of("SOURCE_DATE_EPOCH", "1764892800");
    String[] args = {
      "analyze",
      model.toString(),
      "--entity",
      "Message",
      data,
      "--keys",
      "channel_id;message_id",
      "--write",
      "--stamp"
    };
    CliRun run = run(env, args);
    assertThat(run.exitCode()).as(run.err()).isZero();
    String once = Files.readString(model);
    assertThat(once)
        .contains(
            named(
                "  # keyplan analyze measured Message from valid.csv (sha256 1990e77ae8f4);"
                    + " 2025-12-05\n"));
    Files.write(model, original);
    assertThat(run(env, args).exitCode()).isZero();
    assertThat(Files.readString(model)).isEqualTo(once);
    // Without the variable, the clock's day: 2030-01-02.
    Files.write(model, original);
    assertThat(run(Map.of(), args).exitCode()).isZero();
    assertThat(Files.readString(model)).contains("(sha256 1990e77ae8f4); 2030-01-02\n");
    // Without --stamp no date at all: the file depends on the data alone.
    Files.write(model, original);
    assertThat(
            run(env, "analyze", model.toString(), "--entity", "Message", data, "--write")
                .exitCode())
        .isZero();
    assertThat(Files.readString(model)).contains("(sha256 1990e77ae8f4)\n");
  }

  @Test
  void stamp_aMalformedSourceDateEpochIsAnInputError() {
    // The specification asks for an error, not a silent fallback to the clock.
    CliRun run =
        run(
            Map.of("SOURCE_DATE_EPOCH", "yesterday"),
            "analyze",
            model.toString(),
            "--entity",
            "Message",
            data,
            "--write",
            "--stamp");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "<environment>: error: SOURCE_DATE_EPOCH=yesterday is not a time; expected whole"
                + " seconds since 1970-01-01T00:00:00Z"
                + " (https://reproducible-builds.org/specs/source-date-epoch/)\n1 error\n");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void json_addsTheModelMemberAndKeepsTheRestOfTheShape() throws IOException {
    CliRun run = analyze("--format", "json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(run.out());
    List<String> members = new ArrayList<>();
    j.fieldNames().forEachRemaining(members::add);
    assertThat(members)
        .containsExactly(
            "version",
            "entity",
            "data",
            "attributes",
            "keys",
            "rowSizes",
            "time",
            "notes",
            "model");
    JsonNode m = j.get("model");
    assertThat(m.get("file").asText()).isEqualTo(model.toString());
    assertThat(m.get("outcome").asText()).isEqualTo("planned");
    assertThat(m.get("writable").asInt()).isEqualTo(8);
    assertThat(m.get("refusal").isNull()).isTrue();
    assertThat(m.get("changes")).hasSize(8);
    JsonNode busiest = m.get("changes").get(5);
    assertThat(busiest.get("path").asText())
        .isEqualTo("entities.Message.spread.channel_id.busiest");
    assertThat(busiest.get("declared").asText()).isEqualTo("100/s");
    assertThat(busiest.get("measured").asText()).isEqualTo("66.7%");
    assertThat(busiest.get("verdict").asText()).isEqualTo("contradicts");
    assertThat(busiest.get("written").asBoolean()).isTrue();
    assertThat(busiest.get("note").asText()).isEqualTo("compared as a share of the growth: 0.2%");
    // chat.yaml line 15: '      channel_id: {distinct: 10M, busiest: 100/s}': six spaces and
    // 'channel_id: {' (13) end at column 19, 'distinct: 10M, ' (15) at 34, 'busiest: ' (9) at 43:
    // the value starts at 44.
    assertThat(busiest.get("at").asText()).isEqualTo(model + ":15:44");
    assertThat(m.get("changes").get(0).get("declared").isNull()).isTrue();
    // Without the member, the text is the engine's JSON as it was: same members, same numbers.
    ((ObjectNode) j).remove("model");
    String engine = new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(j);
    assertThat(run.out()).startsWith(engine.substring(0, engine.lastIndexOf('\n')));
    assertThat(Files.readAllBytes(model)).isEqualTo(original);
  }

  @Test
  void new_writesAModelThatReadsWithAPatternAndChecks() throws IOException {
    Path created = dir.resolve("messages.yaml");
    CliRun run = run(Map.of(), "analyze", "--new", created.toString(), "--entity", "Message", data);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .endsWith(
            "\nWrote a new model "
                + created
                + " with entity Message and its measured figures.\nNext: add an access pattern"
                + " under 'patterns:' and a store section (cassandra:, scylladb:, dynamodb: or"
                + " mongodb:), then run: keyplan check "
                + created
                + "\n");
    String text = Files.readString(created);
    // Types from the engine's detection: the three integer columns are BIGINT, body VARCHAR.
    // Every attribute is measured alone, then the first two together. message_id's 3 distinct
    // values in 3 rows make it the key (the first such column); channel_id holds 1.5 message_id
    // values on average (3 pairs over 2 channels); author_id is one value, 100% of rows.
    assertThat(text)
        .contains(
            """
            model: messages
            """)
        .contains(
            named(
                """
              # keyplan analyze measured Message from valid.csv (sha256 1990e77ae8f4)
              Message:
                attributes:
                  channel_id: {type: bigint, time_ordered: true}  # [measured: time_ordered]
                  message_id: {type: bigint, time_ordered: true}  # [measured: time_ordered]
                  author_id: bigint
                  body: {type: text, size: 1B, time_ordered: true}  # [measured: size, time_ordered]
                key: [message_id]  # message_id's values are all distinct in the data: one row each
                count: 3  # [measured]
                spread:
                  channel_id: {distinct: 2, busiest: 66.7%}  # [measured: distinct, busiest]
                  message_id: {distinct: 3, busiest: 33.3%, per: {channel_id: 1.5}}  # [measured: distinct, busiest, per.channel_id]
                  author_id: {distinct: 1, busiest: 100%}  # [measured: distinct, busiest]
                  body: {distinct: 3, busiest: 33.3%}  # [measured: distinct, busiest]
            patterns:
            """));
    // With one pattern and a store section it reads, and check runs on it.
    Files.writeString(
        created,
        text
            + """
              - id: by-message_id
                rate: 100/s
                query: Message where message_id = ?
            mongodb:
              collections:
                messages: {entity: Message}
            """);
    Model read = ModelReader.read(created);
    assertThat(read.entity("Message").orElseThrow().key()).containsExactly("message_id");
    CliRun check = CliRun.of("check", created.toString());
    assertThat(check.exitCode()).as(check.out() + check.err()).isZero();
  }

  @Test
  void new_refusesAFileThatExists() throws IOException {
    CliRun run = run(Map.of(), "analyze", "--new", model.toString(), "--entity", "Message", data);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "<command line>: error: --new "
                + model
                + ": the file exists; expected a new file's name (to measure into an existing"
                + " model: keyplan analyze MODEL --entity NAME DATA... --write)\n1 error\n");
    assertThat(run.out()).isEmpty();
    assertThat(Files.readAllBytes(model)).isEqualTo(original);
  }

  @Test
  void modelName_isTheFileNameWithoutItsExtension() {
    assertThat(AnalyzeCommand.modelName(Path.of("dir/orders.yaml"), "Order")).isEqualTo("orders");
    assertThat(AnalyzeCommand.modelName(Path.of("my model.v2.yml"), "Order"))
        .isEqualTo("my-model.v2");
    // Nothing of the name is left: the entity's.
    assertThat(AnalyzeCommand.modelName(Path.of("+.yaml"), "Order")).isEqualTo("Order");
  }
}
