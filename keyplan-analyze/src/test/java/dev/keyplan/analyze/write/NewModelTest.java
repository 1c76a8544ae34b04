package dev.keyplan.analyze.write;

import static dev.keyplan.analyze.write.MergePlanTest.EXAMPLES;
import static dev.keyplan.analyze.write.MergePlanTest.SOURCE;
import static dev.keyplan.analyze.write.MergePlanTest.attribute;
import static dev.keyplan.analyze.write.MergePlanTest.entity;
import static dev.keyplan.analyze.write.MergePlanTest.sized;
import static dev.keyplan.analyze.write.MergePlanTest.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.check.CheckResult;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * {@code --new}: a model file started from a measurement, pinned in full; with one pattern and a
 * store section appended it reads and {@code check} accepts it, and merging the same measurement
 * into it changes nothing.
 */
class NewModelTest {

  /** A messages export: 1,234,567 rows over a span that gives 49.8 rows/s. */
  static MeasuredEntity messages() {
    return entity(
        "Message",
        1_234_567,
        OptionalDouble.of(49.8),
        List.of(
            attribute("channel_id", "bigint"),
            new MeasuredAttribute(
                "message_id", "bigint", OptionalDouble.empty(), OptionalDouble.empty(), 1, true),
            attribute("author_id", "bigint"),
            sized("body", "text", 212.4),
            new MeasuredAttribute(
                "phone", "text", OptionalDouble.of(12), OptionalDouble.empty(), 0.3, false),
            new MeasuredAttribute(
                "tags", "list<text>", OptionalDouble.of(12), OptionalDouble.of(3.6), 1, false),
            attribute("flagged", "boolean")),
        List.of(
            new MeasuredSpread(
                "channel_id",
                10_234,
                0,
                0.0021,
                OptionalDouble.empty(),
                OptionalDouble.of(1.1),
                Map.of()),
            spread("message_id", 1_234_567, 0, 1 / 1_234_567.0),
            spread("flagged", 2, 0, 0.9)));
  }

  static final String EXPECTED =
      """
      # A first model of Message, started from its data by keyplan analyze --new.
      # It reads once it has an access pattern: add at least one under 'patterns:' at the
      # end, and a store design (cassandra:, scylladb:, dynamodb: or mongodb:) for keyplan
      # check to check. docs/model.md explains every key.
      model: messages
      horizon: 1y  # how far ahead sizes are computed: a year, as most examples; change it to your plan
      entities:
        # keyplan analyze measured Message from messages.csv (sha256 2cf24dba5fb0)
        Message:
          attributes:
            channel_id: bigint
            message_id: {type: bigint, time_ordered: true}  # [measured: time_ordered]
            author_id: bigint
            body: {type: text, size: 212B}  # [measured: size]
            phone: {type: text, size: 12B, present: 30%}  # [measured: size, present]
            tags: {type: list<text>, size: 12B, items: 4}  # [measured: size, items]
            flagged: boolean
          key: [message_id]  # message_id's values are all distinct in the data: one row each
          count: 1.23M  # [measured]
          growth: 49.8/s  # [measured]
          spread:
            channel_id: {distinct: 10.2k, busiest: 0.21%, distribution: zipf(1.1)}  # [measured: distinct, busiest, distribution]
            message_id: {distinct: 1.23M, busiest: 0.000081%}  # [measured: distinct, busiest]
            flagged: {busiest: 90%}  # [measured: busiest]
      patterns:
        # None yet: a model needs at least one. Each access, with its peak rate, such as:
        # - id: by-message_id
        #   rate: 100/s
        #   query: Message where message_id = ?
      """;

  @Test
  void aNewModelHoldsEveryMeasuredFigureAndSaysWhatItLacks() {
    // message_id has 1,234,567 distinct values in 1,234,567 rows, every row holding one: the key.
    // channel_id's busiest share 0.21%; message_id's 1 / 1,234,567 = 8.1e-7 = 0.000081%;
    // flagged is a boolean, whose two values its type counts: only its busiest share is written.
    // tags average 3.6 elements: items is whole, 4.
    assertThat(NewModel.write("messages", messages())).isEqualTo(EXPECTED);
  }

  @Test
  void asWrittenTheReaderAsksForPatternsAtTheirPlace() {
    // 'patterns:' holds only comments: no list yet, which the file's comments say.
    assertThatThrownBy(() -> ModelReader.read("messages.yaml", EXPECTED, EXAMPLES))
        .isInstanceOf(InputException.class)
        .hasMessage("messages.yaml:25:10: error: expected a list of access patterns (- id: …)");
  }

  static final String PATTERN_AND_STORE =
      """
        - id: by-message_id
          rate: 100/s
          query: Message where message_id = ?
      mongodb:
        collections:
          messages: {entity: Message}
      """;

  @Test
  void withAPatternAndAStoreItReadsChecksAndMergesToItself() {
    String text = NewModel.write("messages", messages()) + PATTERN_AND_STORE;
    Model model = ModelReader.read("messages.yaml", text, EXAMPLES);
    Entity e = model.entity("Message").orElseThrow();
    assertThat(e.key()).containsExactly("message_id");
    assertThat(e.count()).isEqualTo(1_230_000);
    assertThat(e.attribute("phone").orElseThrow().present()).isEqualTo(0.3);
    assertThat(e.attribute("tags").orElseThrow().items()).isEqualTo(4);
    assertThat(e.spread().get("channel_id").zipfExponent()).hasValue(1.1);
    // check, through keyplan-core's API: the model analyses without an input error.
    CheckResult result = CheckResult.of(model);
    assertThat(result.analyses()).hasSize(1);
    // --new writes every figure as --write would: the same measurement merges to the same text.
    MergePlan plan = MergePlan.of("messages.yaml", text, EXAMPLES, messages());
    assertThat(plan.merged()).isEqualTo(text);
    assertThat(plan.changes())
        .allSatisfy(
            c ->
                assertThat(c.verdict())
                    .isEqualTo(c.written() ? FigureChange.Verdict.AGREES : c.verdict()));
  }

  @Test
  void withoutAUniqueAttributeAPairCountedThroughPerIsTheKey() {
    // 1,000 artists × 10 albums each = 10,000 rows: (artist_id, album_id) names one row.
    MeasuredEntity albums =
        entity(
            "Album",
            10_000,
            OptionalDouble.empty(),
            List.of(attribute("artist_id", "bigint"), attribute("album_id", "int")),
            List.of(
                spread("artist_id", 1_000, 0, 0.001),
                new MeasuredSpread(
                    "album_id",
                    10,
                    0,
                    0.1,
                    OptionalDouble.empty(),
                    OptionalDouble.empty(),
                    Map.of("artist_id", 10.0))));
    assertThat(NewModel.key(albums)).containsExactly("artist_id", "album_id");
    assertThat(NewModel.write("albums", albums))
        .contains(
            "    key: [artist_id, album_id]  # distinct pairs of these in the data are as many as"
                + " the rows: one row each\n");
  }

  @Test
  void noKeyIsSaidWhenTheDataShowsNone() {
    MeasuredEntity events =
        entity(
            "Event",
            1_000,
            OptionalDouble.empty(),
            List.of(attribute("kind", "int")),
            List.of(spread("kind", 7, 0, 0.5)));
    assertThat(NewModel.write("events", events))
        .contains(
            "    # key: no attribute, nor pair of attributes, has a value per row in the data;"
                + " list the attributes that identify a row\n");
  }

  @Test
  void aColumnNameTheModelRefusesIsPlacedAtTheDataFile() {
    // A CSV header "order id": no operation could name it (docs/model.md, "Names").
    MeasuredEntity orders =
        entity(
            "Order",
            10,
            OptionalDouble.empty(),
            List.of(attribute("order id", "bigint")),
            List.of());
    assertThatThrownBy(() -> NewModel.write("orders", orders))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "messages.csv: error: a column 'order id' is not a name the model accepts; expected a"
                + " letter or _, then letters, digits or _ (docs/model.md, \"Names\"): map the"
                + " column to such a name");
    assertThat(SOURCE.files().get(0).name()).isEqualTo("messages.csv");
  }
}
