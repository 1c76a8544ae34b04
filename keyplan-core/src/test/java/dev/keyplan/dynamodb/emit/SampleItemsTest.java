package dev.keyplan.dynamodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.workbench.WorkbenchReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Sample values for every attribute type the model knows, checked through the export: {@link
 * WorkbenchReader} parses each sample with keyplan's DynamoDB JSON reader, which rejects what
 * DynamoDB rejects (empty or duplicated sets, bad numbers, bad base64; AttributeValue reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html).
 */
final class SampleItemsTest {
  private static final String TYPES =
      """
      model: types
      horizon: 1y
      entities:
        Thing:
          attributes:
            id: timeuuid
            label: {type: text, size: 10B}
            big: bigint
            ratio: double
            flag: boolean
            seen: timestamp
            seen_n: timestamp
            day: date
            at: time
            ip: inet
            photo: {type: blob, size: 16B}
            tags: {type: set<text>, size: 8B, items: 3}
            scores: {type: set<int>, size: 4B, items: 2}
            chunks: {type: set<blob>, size: 4B, items: 2}
            refs: {type: list<uuid>, size: 36B, items: 5}
            prefs: {type: 'map<text, int>', size: 12B, items: 2}
            note: {type: text, size: 10B}
          key: [id]
          count: 10
      patterns:
        - id: thing
          rate: 1/s
          query: Thing where id = ?
      dynamodb:
        tables:
          Things:
            partition_key: id
            items:
              Thing:
                keys: {id: "{id}"}
                attributes:
                  {label: S, big: N, ratio: N, flag: BOOL, seen: S, seen_n: N, day: S, at: S,
                   ip: S, photo: B, tags: SS, scores: NS, chunks: BS, refs: L, prefs: M,
                   note: {type: NULL, size: 1B}}
      """;

  private static Map<String, AttributeValue> sample(int n) {
    String json = WorkbenchJson.emit(Designs.analyze(TYPES), LocalDateTime.of(2024, 1, 1, 0, 0));
    return WorkbenchReader.read("types.json", json).tables().get(0).tableData().get(n - 1);
  }

  @Test
  void scalars_followTheEntityType() {
    Map<String, AttributeValue> s = sample(2);
    // timeuuid: version 1, the last group the sample's number.
    assertThat(((AttributeValue.S) s.get("id")).value())
        .matches("[0-9a-f]{8}-0000-1000-8000-000000000002");
    assertThat(s.get("label")).isEqualTo(new AttributeValue.S("label-2"));
    assertThat(s.get("big")).isEqualTo(AttributeValue.N.of("2"));
    assertThat(s.get("ratio")).isEqualTo(AttributeValue.N.of("2.5"));
    // Booleans alternate: true for odd samples.
    assertThat(s.get("flag")).isEqualTo(new AttributeValue.Bool(false));
    // A timestamp as S is ISO 8601 with milliseconds, 24 characters; as N, epoch seconds of the
    // same instant: 2024-01-02T10:00Z = 1,704,067,200 + 86,400 + 36,000.
    assertThat(s.get("seen")).isEqualTo(new AttributeValue.S("2024-01-02T10:00:00.000Z"));
    assertThat(s.get("seen_n")).isEqualTo(AttributeValue.N.of("1704189600"));
    assertThat(s.get("day")).isEqualTo(new AttributeValue.S("2024-01-02"));
    assertThat(s.get("at")).isEqualTo(new AttributeValue.S("10:01:00.000"));
    // 192.0.2.0/24 is TEST-NET-1, reserved for documentation (RFC 5737).
    assertThat(s.get("ip")).isEqualTo(new AttributeValue.S("192.0.2.2"));
    assertThat(s.get("photo"))
        .isEqualTo(new AttributeValue.B("photo-2".getBytes(StandardCharsets.UTF_8)));
    assertThat(s.get("note")).isEqualTo(new AttributeValue.Null());
  }

  @Test
  void collections_haveTwoElements_distinctWithinEachSet() {
    Map<String, AttributeValue> s = sample(1);
    // items: 3 is capped to 2 elements; sample 1 takes elements 1 and 2, sample 2 takes 3 and 4.
    assertThat(s.get("tags")).isEqualTo(new AttributeValue.SS(List.of("tags-1", "tags-2")));
    assertThat(s.get("scores"))
        .isEqualTo(
            new AttributeValue.NS(List.of(AttributeValue.N.of("1"), AttributeValue.N.of("2"))));
    assertThat(((AttributeValue.BS) s.get("chunks")).elements()).hasSize(2);
    assertThat(((AttributeValue.L) s.get("refs")).elements())
        .hasSize(2)
        .allMatch(
            e ->
                ((AttributeValue.S) e)
                    .value()
                    .matches("[0-9a-f]{8}-0000-4000-8000-00000000000[12]"));
    // map<text, int>: keys made as text, values as int.
    assertThat(s.get("prefs"))
        .isEqualTo(
            new AttributeValue.M(
                Map.of("prefs-1", AttributeValue.N.of("1"), "prefs-2", AttributeValue.N.of("2"))));
    assertThat(sample(2).get("tags")).isEqualTo(new AttributeValue.SS(List.of("tags-3", "tags-4")));
  }
}
