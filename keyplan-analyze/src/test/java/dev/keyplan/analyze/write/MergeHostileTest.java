package dev.keyplan.analyze.write;

import static dev.keyplan.analyze.write.MergePlanTest.EXAMPLES;
import static dev.keyplan.analyze.write.MergePlanTest.attribute;
import static dev.keyplan.analyze.write.MergePlanTest.chat;
import static dev.keyplan.analyze.write.MergePlanTest.entity;
import static dev.keyplan.analyze.write.MergePlanTest.example;
import static dev.keyplan.analyze.write.MergePlanTest.merge;
import static dev.keyplan.analyze.write.MergePlanTest.reread;
import static dev.keyplan.analyze.write.MergePlanTest.sized;
import static dev.keyplan.analyze.write.MergePlanTest.spread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Entity;
import java.io.IOException;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The merge on model text that is hostile to a naive editor, each case named by what it feeds:
 * every one either merges to a model that reads back with the measured figures, or is refused with
 * a located {@link InputException} ({@code file:line:column}, what was expected), which the CLI
 * prints and exits 2 on (issue 18's promise).
 */
class MergeHostileTest {

  static String message(Runnable r) {
    try {
      r.run();
    } catch (InputException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected an InputException");
  }

  /** The text merge() of chat.yaml gives, as MergePlanTest pins it. */
  static String chatMerged() throws IOException {
    return MergePlan.of("chat.yaml", example("chat.yaml"), EXAMPLES, chat()).merged();
  }

  @Test
  void anEntityNotInTheModelIsPlacedAtEntities() throws IOException {
    MeasuredEntity m = entity("Messages", 1, OptionalDouble.empty(), List.of(), List.of());
    String chat = example("chat.yaml");
    assertThat(message(() -> MergePlan.of("chat.yaml", chat, EXAMPLES, m)))
        .isEqualTo(
            "chat.yaml:5:1: error: no entity 'Messages' in the model (did you mean 'Message'?);"
                + " expected one of: Message");
  }

  @Test
  void textThatIsNotAModelIsRefusedWhereTheReaderSays() {
    // A CSV handed over as the model by mistake: one YAML scalar, not a mapping.
    assertThat(
            message(
                () ->
                    MergePlan.of("messages.csv", "channel_id,message_id\n1,2\n", EXAMPLES, chat())))
        .startsWith("messages.csv:1:1: error: expected a model");
  }

  @Test
  void crlfLineBreaksAreKeptAndNewLinesTakeThem() throws IOException {
    String crlf = example("chat.yaml").replace("\n", "\r\n");
    String merged = merge("chat.yaml", crlf, chat()).merged();
    assertThat(merged).isEqualTo(chatMerged().replace("\n", "\r\n"));
    assertThat(merged.replace("\r\n", "")).doesNotContain("\n");
  }

  @Test
  void aByteOrderMarkIsKept() throws IOException {
    String merged = merge("chat.yaml", "\uFEFF" + example("chat.yaml"), chat()).merged();
    assertThat(merged).isEqualTo("\uFEFF" + chatMerged());
  }

  /**
   * A '#' inside quotes is no comment; a tab before a comment is white space; a name in another
   * script and an emoji beyond the Basic Multilingual Plane (two chars, one code point to
   * snakeyaml) before the values shift no edit.
   */
  static final String SCRIPTS =
      """
      model: "tenants # not a comment"
      horizon: 1y
      entities:
        # 🎉 the party starts: every index after this is a code point short of a char index
        Mandant:
          attributes:
            mandant_id: uuid
            größe: {type: text, size: '20B'}\t# tab, then a comment
            land: {type: text, size: 2B}
          key: [mandant_id]
          count: 5M\t# ünïcödé
          spread:
            land: {distinct: 120, busiest: 50%, shares: {"US #1": 50%}}
      patterns:
        - id: by-land
          rate: 5/s
          query: Mandant where land = ?
      """;

  @Test
  void quotedHashesTabsUnicodeNamesAndAstralCharacters() {
    MeasuredEntity m =
        entity(
            "Mandant",
            5_012_345,
            OptionalDouble.empty(),
            List.of(
                attribute("mandant_id", "uuid"),
                sized("größe", "text", 21.7),
                sized("land", "text", 2)),
            List.of(spread("land", 118, 0, 0.55)));
    MergePlan plan = merge("mandanten.yaml", SCRIPTS, m);
    assertThat(plan.merged())
        .isEqualTo(
            """
            model: "tenants # not a comment"
            horizon: 1y
            entities:
              # 🎉 the party starts: every index after this is a code point short of a char index
              # keyplan analyze measured Mandant from messages.csv (sha256 2cf24dba5fb0)
              Mandant:
                attributes:
                  mandant_id: uuid
                  größe: {type: text, size: '22B'}\t# tab, then a comment [measured: size]
                  land: {type: text, size: 2B}  # [measured: size]
                key: [mandant_id]
                count: 5.01M\t# ünïcödé [measured]
                spread:
                  land: {distinct: 118, busiest: 55%, shares: {"US #1": 50%}}  # [measured: distinct, busiest]
            patterns:
              - id: by-land
                rate: 5/s
                query: Mandant where land = ?
            """);
    Entity back = reread("mandanten.yaml", plan.merged(), "Mandant");
    assertThat(back.attribute("größe").orElseThrow().size().getAsLong()).isEqualTo(22);
    assertThat(back.spread().get("land").busiestShare().getAsDouble()).isEqualTo(0.55);
  }

  @Test
  void aMeasuredShareBelowANamedOneIsRefusedAtTheEntity() {
    // 45% measured, but the model names "US #1" at 50%: a busiest share below a named share is an
    // error the reader reports, so the merge refuses rather than write a model that does not read.
    MeasuredEntity m =
        entity(
            "Mandant",
            5_000_000,
            OptionalDouble.empty(),
            List.of(attribute("mandant_id", "uuid")),
            List.of(spread("land", 118, 0, 0.45)));
    assertThat(message(() -> MergePlan.of("mandanten.yaml", SCRIPTS, EXAMPLES, m)))
        .isEqualTo(
            "mandanten.yaml:5:3: error: the measured figures of 'Mandant' cannot be written into"
                + " this model: with them it would not read (the busiest value takes 45%, less"
                + " than a named share (50%); expected at least that, line 14 of the merged"
                + " text); expected figures the model's other statements allow (such as shares:,"
                + " belongs_to: or for:), or a model without those statements");
  }

  @Test
  void aValueSharedThroughAnAnchorIsRefusedWhereItIsWritten() {
    String text =
        """
        model: shared
        horizon: 1y
        entities:
          A:
            attributes:
              id: bigint
              body: &text {type: text, size: 200B}
            key: [id]
          B:
            attributes:
              id: bigint
              body: *text
            key: [id]
        patterns:
          - id: a
            rate: 1/s
            query: A where id = ?
        """;
    MeasuredEntity m =
        entity(
            "B",
            10,
            OptionalDouble.empty(),
            List.of(attribute("id", "bigint"), sized("body", "text", 250)),
            List.of());
    assertThat(message(() -> MergePlan.of("shared.yaml", text, EXAMPLES, m)))
        .isEqualTo(
            "shared.yaml:7:13: error: this value is shared through the YAML anchor '&text';"
                + " expected a value of its own to write measured figures into (write it out in"
                + " full here)");
  }

  @Test
  void aValueFollowedOnItsLineByAMultiLineStringIsListedInTheProvenanceComment() {
    // The line of 'size' goes on inside a double-quoted value, where no comment can be added.
    String text =
        """
        model: m
        horizon: 1y
        entities:
          E:
            attributes:
              id: bigint
              body: {type: text, size: 200B, values: ["long
                value", short]}
            key: [id]
        patterns:
          - id: a
            rate: 1/s
            query: E where id = ?
        """;
    MeasuredEntity m =
        entity(
            "E",
            10,
            OptionalDouble.empty(),
            List.of(attribute("id", "bigint"), sized("body", "text", 250)),
            List.of());
    MergePlan plan = merge("e.yaml", text, m);
    assertThat(plan.merged())
        .contains(
            "  # keyplan analyze measured E from messages.csv (sha256 2cf24dba5fb0); also"
                + " measured: size\n")
        .contains("body: {type: text, size: 250B, values: [\"long\n");
    assertThat(reread("e.yaml", plan.merged(), "E").attribute("body").orElseThrow().size())
        .hasValue(250);
  }

  @Test
  void aFlowEntityTakesNewKeysInsideItsBraces() {
    String text =
        """
        model: m
        horizon: 1y
        entities: {E: {attributes: {id: bigint, n: {type: text, size: 5B}}, key: [id]}}   # all flow
        patterns:
          - {id: a, rate: 1/s, query: E where id = ?}
        """;
    MeasuredEntity m =
        entity(
            "E",
            1_000,
            OptionalDouble.of(2),
            List.of(attribute("id", "bigint"), sized("n", "text", 7)),
            List.of(spread("id", 1_000, 0, 0.001)));
    MergePlan plan = merge("e.yaml", text, m);
    assertThat(plan.merged())
        .isEqualTo(
            """
            model: m
            horizon: 1y
            # keyplan analyze measured E from messages.csv (sha256 2cf24dba5fb0)
            entities: {E: {attributes: {id: bigint, n: {type: text, size: 7B}}, key: [id], \
            count: 1k, growth: 2/s, spread: {id: {distinct: 1k, busiest: 0.1%}}}}   # all flow \
            [measured: attributes.n.size, count, growth, spread.id.distinct, spread.id.busiest]
            patterns:
              - {id: a, rate: 1/s, query: E where id = ?}
            """);
  }

  @Test
  void aFileWithoutAFinalLineBreakTakesNewLinesAfterItsLastLinesMarker() {
    String text =
        "model: m\nhorizon: 1y\npatterns:\n  - id: a\n    rate: 1/s\n    query: E where id = ?\n"
            + "entities:\n  E:\n    attributes:\n      id: bigint\n    key: [id]\n    count: 10";
    MeasuredEntity m =
        entity("E", 1_000, OptionalDouble.of(2), List.of(attribute("id", "bigint")), List.of());
    assertThat(merge("e.yaml", text, m).merged())
        .endsWith(
            "  # keyplan analyze measured E from messages.csv (sha256 2cf24dba5fb0)\n  E:\n"
                + "    attributes:\n      id: bigint\n    key: [id]\n"
                + "    count: 1k  # [measured]\n    growth: 2/s  # [measured]");
  }

  @Test
  void aTaggedMappingTakesNewKeysAtItsKeysIndentationNotItsTags() {
    // The mapping's start mark is its '!!map' tag, on the line above its keys.
    String text =
        """
        model: m
        horizon: 1y
        entities:
          E: !!map
            attributes: !!map
              id: bigint
            key: [id]
        patterns:
          - id: a
            rate: 1/s
            query: E where id = ?
        """;
    MeasuredEntity m =
        entity(
            "E",
            1_000,
            OptionalDouble.empty(),
            List.of(attribute("id", "bigint")),
            List.of(spread("id", 1_000, 0, 0.001)));
    assertThat(merge("e.yaml", text, m).merged())
        .contains(
            """
                key: [id]
                count: 1k  # [measured]
                spread:
                  id: {distinct: 1k, busiest: 0.1%}  # [measured: distinct, busiest]
            patterns:
            """);
  }

  @Test
  void directivesExplicitKeysAndCommentsInsideAFlowMapping() {
    // A %YAML directive and '---' before the model, '? ' explicit keys, a flow mapping over three
    // lines with a comment inside it, and '...' after the document.
    String text =
        """
        %YAML 1.2
        ---
        model: m
        horizon: 1y
        entities:
          E:
            ? attributes
            : id: bigint
              n: {type: text,   # the name
                  size: 5B}
            ? key
            : [id]
        patterns:
          - id: a
            rate: 1/s
            query: E where id = ?
        ...
        """;
    MeasuredEntity m =
        entity(
            "E",
            1_000,
            OptionalDouble.empty(),
            List.of(attribute("id", "bigint"), sized("n", "text", 7)),
            List.of());
    assertThat(merge("e.yaml", text, m).merged())
        .isEqualTo(
            """
            %YAML 1.2
            ---
            model: m
            horizon: 1y
            entities:
              # keyplan analyze measured E from messages.csv (sha256 2cf24dba5fb0)
              E:
                ? attributes
                : id: bigint
                  n: {type: text,   # the name
                      size: 7B}  # [measured: size]
                ? key
                : [id]
                count: 1k  # [measured]
            patterns:
              - id: a
                rate: 1/s
                query: E where id = ?
            ...
            """);
  }
}
