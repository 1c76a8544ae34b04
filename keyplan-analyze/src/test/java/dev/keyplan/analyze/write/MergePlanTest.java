package dev.keyplan.analyze.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.analyze.measured.Provenance;
import dev.keyplan.analyze.write.FigureChange.Verdict;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * {@code --write}: measured figures merged into copies of shipped examples and small models, each
 * expected text written out in full, read back through the model reader, and merged again to the
 * same text.
 *
 * <p>Test vectors are chosen by hand to sit on either side of each tolerance ({@link Tolerance});
 * the hash in every provenance comment is the SHA-256 of the five bytes {@code hello}
 * (2cf24dba5fb0…, as {@code printf hello | sha256sum} prints), standing in for a data file.
 */
class MergePlanTest {
  static final String HELLO = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
  static final Provenance SOURCE =
      new Provenance(List.of(new Provenance.SourceFile("messages.csv", HELLO)), Optional.empty());
  static final Path EXAMPLES = Path.of("examples");

  static MeasuredAttribute attribute(String name, String type) {
    return new MeasuredAttribute(
        name, type, OptionalDouble.empty(), OptionalDouble.empty(), 1, false);
  }

  static MeasuredAttribute sized(String name, String type, double bytes) {
    return new MeasuredAttribute(
        name, type, OptionalDouble.of(bytes), OptionalDouble.empty(), 1, false);
  }

  static MeasuredSpread spread(String attribute, double distinct, double rse, double busiest) {
    return new MeasuredSpread(
        attribute,
        distinct,
        rse,
        busiest,
        OptionalDouble.empty(),
        OptionalDouble.empty(),
        Map.of());
  }

  static MeasuredEntity entity(
      String name,
      double count,
      OptionalDouble growth,
      List<MeasuredAttribute> attributes,
      List<MeasuredSpread> spreads) {
    Map<String, MeasuredAttribute> a = new LinkedHashMap<>();
    attributes.forEach(x -> a.put(x.name(), x));
    Map<String, MeasuredSpread> s = new LinkedHashMap<>();
    spreads.forEach(x -> s.put(x.attribute(), x));
    return new MeasuredEntity(name, count, growth, a, s, SOURCE);
  }

  static String example(String name) throws IOException {
    return Files.readString(EXAMPLES.resolve(name));
  }

  /** Merges, then checks what every merge must: deterministic, idempotent, and a model. */
  static MergePlan merge(String file, String text, MeasuredEntity m) {
    MergePlan plan = MergePlan.of(file, text, EXAMPLES, m);
    assertThat(MergePlan.of(file, text, EXAMPLES, m).merged()).isEqualTo(plan.merged());
    MergePlan again = MergePlan.of(file, plan.merged(), EXAMPLES, m);
    assertThat(again.merged()).as("merging the same measurement twice").isEqualTo(plan.merged());
    assertThat(again.changes())
        .allSatisfy(c -> assertThat(c.verdict()).isIn(Verdict.AGREES, written(c)));
    return plan;
  }

  private static Verdict written(FigureChange c) {
    // A figure not written stays as declared, so the second merge finds it as the first did.
    return c.written() ? Verdict.AGREES : c.verdict();
  }

  static Entity reread(String file, String text, String entity) {
    Model model = ModelReader.read(file, text, EXAMPLES);
    return model.entity(entity).orElseThrow();
  }

  static FigureChange change(MergePlan plan, String path) {
    return plan.changes().stream().filter(c -> c.path().equals(path)).findFirst().orElseThrow();
  }

  /** The chat service of seed 000 (examples/chat.yaml), measured from a messages export. */
  static MeasuredEntity chat() {
    return entity(
        "Message",
        1_234_567,
        OptionalDouble.of(49_800),
        List.of(
            attribute("channel_id", "bigint"),
            new MeasuredAttribute(
                "message_id", "bigint", OptionalDouble.empty(), OptionalDouble.empty(), 1, true),
            attribute("author_id", "bigint"),
            sized("body", "text", 212.4)),
        List.of(
            new MeasuredSpread(
                "channel_id",
                10_234_567,
                0.0081,
                0.0021,
                OptionalDouble.empty(),
                OptionalDouble.of(1.1),
                Map.of())));
  }

  @Test
  void chatKeepsItsCommentsAndFlowStylesAndTakesTheMeasuredFigures() throws IOException {
    String text = example("chat.yaml");
    MergePlan plan = merge("chat.yaml", text, chat());

    String expected =
        text.replace(
                "entities:\n  Message:\n",
                "entities:\n"
                    + "  # keyplan analyze measured Message from messages.csv (sha256 2cf24dba5fb0)\n"
                    + "  Message:\n")
            .replace(
                "message_id: {type: bigint, time_ordered: true}   # snowflake id\n",
                "message_id: {type: bigint, time_ordered: true}   # snowflake id"
                    + " [measured: time_ordered]\n")
            .replace(
                "body: {type: text, size: 200B}\n",
                "body: {type: text, size: 212B}  # [measured: size]\n")
            .replace(
                "    key: [channel_id, message_id]\n    growth: 50k/s\n",
                "    key: [channel_id, message_id]\n"
                    + "    count: 1.23M  # [measured]\n"
                    + "    growth: 49.8k/s  # [measured]\n")
            .replace(
                "channel_id: {distinct: 10M, busiest: 100/s}       # the hottest channel writes"
                    + " 100 messages/s\n",
                "channel_id: {distinct: 10.2M, busiest: 0.21%, distribution: zipf(1.1)}       #"
                    + " the hottest channel writes 100 messages/s"
                    + " [measured: distinct, busiest, distribution]\n");
    assertThat(plan.merged()).isEqualTo(expected);
    assertThat(plan.changesFile()).isTrue();

    // The plan, as printed without --write:
    // count: not declared (rows today default to 0): new.
    assertThat(change(plan, "entities.Message.count"))
        .extracting(FigureChange::declared, FigureChange::measured, FigureChange::verdict)
        .containsExactly(Optional.empty(), "1.23M", Verdict.NEW);
    // growth: 50,000 declared, 49,800 measured: 200/s is 0.4% of 49,800, within 1%.
    assertThat(change(plan, "entities.Message.growth").verdict()).isEqualTo(Verdict.AGREES);
    // body: 200 B declared, 212.4 B measured: 12.4 B is more than 1 B and than 1% (2.1 B).
    assertThat(change(plan, "entities.Message.attributes.body.size"))
        .extracting(FigureChange::declared, FigureChange::measured, FigureChange::verdict)
        .containsExactly(Optional.of("200B"), "212B", Verdict.CONTRADICTS);
    assertThat(change(plan, "entities.Message.attributes.message_id.time_ordered").verdict())
        .isEqualTo(Verdict.AGREES);
    // distinct: 10M declared, 10,234,567 measured with a 0.81% RSE: 3 × 0.81% × 10,234,567 =
    // 248,700 ≥ 234,567 apart.
    assertThat(change(plan, "entities.Message.spread.channel_id.distinct").verdict())
        .isEqualTo(Verdict.AGREES);
    // busiest: 100/s of 50k/s declared is 0.2%; 0.21% measured: 0.01 points apart, within 0.5
    // points and within a tenth of 0.21% (0.021 points).
    FigureChange busiest = change(plan, "entities.Message.spread.channel_id.busiest");
    assertThat(busiest.verdict()).isEqualTo(Verdict.AGREES);
    assertThat(busiest.declared()).contains("100/s");
    assertThat(busiest.note()).isEqualTo("compared as a share of the growth: 0.2%");
    assertThat(change(plan, "entities.Message.spread.channel_id.distribution").verdict())
        .isEqualTo(Verdict.NEW);
    // The declared value's place, for the printed plan.
    assertThat(busiest.at().toString()).isEqualTo("chat.yaml:15:44");

    // Read back: the model now carries the measured figures, within the 3-figure rounding.
    Entity m = reread("chat.yaml", plan.merged(), "Message");
    assertThat(m.count()).isEqualTo(1_230_000);
    assertThat(m.growthPerSecond()).isEqualTo(49_800);
    assertThat(m.attribute("body").orElseThrow().size().getAsLong()).isEqualTo(212);
    assertThat(m.spread().get("channel_id").distinct().getAsDouble()).isEqualTo(10_200_000);
    assertThat(m.spread().get("channel_id").busiestShare().getAsDouble())
        .isCloseTo(0.0021, within(1e-12));
    assertThat(m.spread().get("channel_id").zipfExponent().getAsDouble()).isEqualTo(1.1);
  }

  @Test
  void aDatedMeasurementSaysItsDateAndTheRestStaysByteForByte() throws IOException {
    MeasuredEntity c = chat();
    MeasuredEntity dated =
        new MeasuredEntity(
            c.entity(),
            c.count(),
            c.growthPerSecond(),
            c.attributes(),
            c.spreads(),
            new Provenance(
                List.of(
                    new Provenance.SourceFile("messages-1.csv", HELLO),
                    new Provenance.SourceFile("messages-2.csv.gz", HELLO.toUpperCase())),
                Optional.of(java.time.LocalDate.of(2026, 12, 5))));
    String merged = merge("chat.yaml", example("chat.yaml"), dated).merged();
    assertThat(merged)
        .contains(
            "  # keyplan analyze measured Message from messages-1.csv (sha256 2cf24dba5fb0),"
                + " messages-2.csv.gz (sha256 2cf24dba5fb0); 2026-12-05\n  Message:\n");
    // A later measurement replaces the provenance comment rather than adding a second one.
    String again = MergePlan.of("chat.yaml", merged, EXAMPLES, chat()).merged();
    assertThat(again).isEqualTo(merge("chat.yaml", example("chat.yaml"), chat()).merged());
  }

  /** Seed 004's tenants (examples/tenants-mongodb.yaml), counted from a full export, no --time. */
  @Test
  void tenantsCountsAndSharesWithoutATimeColumn() throws IOException {
    String text = example("tenants-mongodb.yaml");
    MeasuredEntity m =
        entity(
            "Tenant",
            5_012_345,
            OptionalDouble.empty(),
            List.of(
                attribute("tenant_id", "uuid"),
                sized("country_code", "text", 2.0),
                sized("name", "text", 38.6),
                sized("plan", "text", 5.3),
                sized("settings", "text", 2_048.3)),
            List.of(
                spread("tenant_id", 5_012_345, 0, 1 / 5_012_345.0),
                spread("country_code", 118, 0, 0.598),
                new MeasuredSpread(
                    "plan", 3, 0, 0.71, OptionalDouble.empty(), OptionalDouble.of(1.3), Map.of())));
    MergePlan plan = merge("tenants-mongodb.yaml", text, m);

    String expected =
        text.replace(
                "entities:\n  Tenant:\n",
                "entities:\n"
                    + "  # keyplan analyze measured Tenant from messages.csv (sha256 2cf24dba5fb0)\n"
                    + "  Tenant:\n")
            .replace(
                "country_code: {type: text, size: 2B}\n",
                "country_code: {type: text, size: 2B}  # [measured: size]\n")
            .replace(
                "name: {type: text, size: 40B}\n",
                "name: {type: text, size: 39B}  # [measured: size]\n")
            .replace(
                "plan: {type: text, values: [free, team, enterprise]}\n",
                "plan: {type: text, values: [free, team, enterprise], size: 5B}"
                    + "  # [measured: size]\n")
            .replace(
                "settings: {type: text, size: 2KB}\n",
                "settings: {type: text, size: 2.05KB}  # [measured: size]\n")
            .replace("    count: 5M\n", "    count: 5.01M  # [measured]\n")
            .replace(
                "      country_code: {distinct: 120, busiest: 60%}      # the US\n",
                "      country_code: {distinct: 118, busiest: 59.8%}      # the US"
                    + " [measured: distinct, busiest]\n"
                    + "      tenant_id: {distinct: 5.01M, busiest: 0.00002%}"
                    + "  # [measured: distinct, busiest]\n"
                    + "      plan: {busiest: 71%}  # [measured: busiest]\n");
    assertThat(plan.merged()).isEqualTo(expected);

    // count: 5M declared, 5,012,345 counted exactly: 5.01M and 5M are not written alike.
    assertThat(change(plan, "entities.Tenant.count").verdict()).isEqualTo(Verdict.CONTRADICTS);
    // name: 40 B declared, 38.6 measured: 1.4 B apart, more than 1 B and than 1% (0.39 B).
    assertThat(change(plan, "entities.Tenant.attributes.name.size").verdict())
        .isEqualTo(Verdict.CONTRADICTS);
    // settings: 2KB = 2,000 B declared, 2,048.3 measured: 48.3 B apart, more than 1% (20.5 B).
    assertThat(change(plan, "entities.Tenant.attributes.settings.size").verdict())
        .isEqualTo(Verdict.CONTRADICTS);
    // plan's size: not declared (the values' average length stands in): new.
    assertThat(change(plan, "entities.Tenant.attributes.plan.size").verdict())
        .isEqualTo(Verdict.NEW);
    // country_code: 120 declared, 118 counted exactly: contradicts; 60% and 59.8%: 0.2 points,
    // within 0.5 and within a tenth of 59.8%: agrees.
    assertThat(change(plan, "entities.Tenant.spread.country_code.distinct").verdict())
        .isEqualTo(Verdict.CONTRADICTS);
    assertThat(change(plan, "entities.Tenant.spread.country_code.busiest").verdict())
        .isEqualTo(Verdict.AGREES);
    // plan is an enumeration of three values: its distinct is its values', not written.
    FigureChange planDistinct = change(plan, "entities.Tenant.spread.plan.distinct");
    assertThat(planDistinct.written()).isFalse();
    assertThat(planDistinct.verdict()).isEqualTo(Verdict.AGREES);
    // Nor is its fitted zipf(1.3): the model wants a distinct beside a zipf, and none is written.
    FigureChange planZipf = change(plan, "entities.Tenant.spread.plan.distribution");
    assertThat(planZipf.written()).isFalse();
    assertThat(planZipf.measured()).isEqualTo("zipf(1.3)");

    Entity back = reread("tenants-mongodb.yaml", plan.merged(), "Tenant");
    assertThat(back.count()).isEqualTo(5_010_000);
    assertThat(back.attribute("name").orElseThrow().size().getAsLong()).isEqualTo(39);
    assertThat(back.attribute("settings").orElseThrow().size().getAsLong()).isEqualTo(2_050);
    assertThat(back.spread().get("country_code").busiestShare().getAsDouble())
        .isCloseTo(0.598, within(1e-12));
    assertThat(back.spread().get("tenant_id").distinct().getAsDouble()).isEqualTo(5_010_000);
  }

  /**
   * Block-style spreads, short-form attributes that must become mappings, a sparse attribute, and a
   * composite key measured through {@code per:} (docs/model.md, "Values per value").
   */
  static final String MUSIC =
      """
      model: music
      horizon: 1y
      entities:
        Track:
          attributes:
            artist_id: bigint
            album_id: bigint
            track_id: bigint
            released_at: timestamp
            label: frozen<record_label>
            referrer: bigint
          key: [track_id]
          count: 100M
          spread:
            artist_id:
              distinct: 1M
            album_id:
              distinct: 10M   # ten albums per artist
        Album:
          attributes:
            album_id: bigint
            title: {type: text, size: 30B}
          key: [album_id]
      patterns:
        - id: tracks-of-album
          rate: 100/s
          query: Track where artist_id = ? and album_id = ?
      """;

  @Test
  void blockSpreadsShortFormsSparseAttributesAndPer() {
    MeasuredEntity m =
        entity(
            "Track",
            100_000_000,
            OptionalDouble.empty(),
            List.of(
                attribute("artist_id", "bigint"),
                attribute("album_id", "bigint"),
                attribute("track_id", "bigint"),
                new MeasuredAttribute(
                    "released_at",
                    "timestamp",
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    1,
                    true),
                sized("label", "frozen<record_label>", 47.6),
                new MeasuredAttribute(
                    "referrer",
                    "bigint",
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    0.2,
                    false)),
            List.of(
                spread("artist_id", 1_000_000, 0, 0.0012),
                new MeasuredSpread(
                    "album_id",
                    9_870_000,
                    0.005,
                    0.00005,
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    Map.of("artist_id", 9.87))));
    MergePlan plan = merge("music.yaml", MUSIC, m);
    String expected =
        """
        model: music
        horizon: 1y
        entities:
          # keyplan analyze measured Track from messages.csv (sha256 2cf24dba5fb0)
          Track:
            attributes:
              artist_id: bigint
              album_id: bigint
              track_id: bigint
              released_at: {type: timestamp, time_ordered: true}  # [measured: time_ordered]
              label: {type: frozen<record_label>, size: 48B}  # [measured: size]
              referrer: {type: bigint, present: 20%}  # [measured: present]
            key: [track_id]
            count: 100M  # [measured]
            spread:
              artist_id:
                distinct: 1M  # [measured]
                busiest: 0.12%  # [measured]
              album_id:
                distinct: 9.87M   # ten albums per artist [measured]
                busiest: 0.005%  # [measured]
                per: {artist_id: 9.87}  # [measured: artist_id]
          Album:
            attributes:
              album_id: bigint
              title: {type: text, size: 30B}
            key: [album_id]
        patterns:
          - id: tracks-of-album
            rate: 100/s
            query: Track where artist_id = ? and album_id = ?
        """;
    assertThat(plan.merged()).isEqualTo(expected);
    // 100M declared and counted: agrees; 9.87M against 10M with a 0.5% RSE: 3 × 0.5% × 9.87M =
    // 148,050 ≥ 130,000 apart: agrees.
    assertThat(change(plan, "entities.Track.count").verdict()).isEqualTo(Verdict.AGREES);
    assertThat(change(plan, "entities.Track.spread.album_id.distinct").verdict())
        .isEqualTo(Verdict.AGREES);
    assertThat(change(plan, "entities.Track.spread.album_id.per.artist_id").verdict())
        .isEqualTo(Verdict.NEW);

    Entity back = reread("music.yaml", plan.merged(), "Track");
    assertThat(back.attribute("referrer").orElseThrow().present()).isEqualTo(0.2);
    assertThat(back.attribute("released_at").orElseThrow().timeOrdered()).isTrue();
    assertThat(back.attribute("label").orElseThrow().size().getAsLong()).isEqualTo(48);
    assertThat(back.spread().get("album_id").per()).containsEntry("artist_id", 9.87);
  }

  @Test
  void anEntityWithoutASpreadGetsOneAfterItsKey() {
    MeasuredEntity m =
        entity(
            "Album",
            10_000_000,
            OptionalDouble.of(0.0123),
            List.of(attribute("album_id", "bigint"), sized("title", "text", 30.2)),
            List.of(spread("album_id", 10_000_000, 0, 1e-7)));
    MergePlan plan = merge("music.yaml", MUSIC, m);
    assertThat(plan.merged())
        .contains(
            """
              # keyplan analyze measured Album from messages.csv (sha256 2cf24dba5fb0)
              Album:
                attributes:
                  album_id: bigint
                  title: {type: text, size: 30B}  # [measured: size]
                key: [album_id]
                count: 10M  # [measured]
                growth: 44.3/h  # [measured]
                spread:
                  album_id: {distinct: 10M, busiest: 0.00001%}  # [measured: distinct, busiest]
            patterns:
            """);
    // 30 B declared, 30.2 measured: within 1 B.
    assertThat(change(plan, "entities.Album.attributes.title.size").verdict())
        .isEqualTo(Verdict.AGREES);
    Entity back = reread("music.yaml", plan.merged(), "Album");
    // 44.3/h = 0.012306/s, within 0.5% of 0.0123.
    assertThat(back.growthPerSecond()).isCloseTo(0.0123, within(0.0123 * 0.005));
  }
}
