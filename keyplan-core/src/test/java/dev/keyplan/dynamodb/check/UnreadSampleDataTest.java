package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import dev.keyplan.check.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UnreadSampleData reports, as warnings at their place in the Workbench model, the sample values
 * the import left out; the import itself never fails on sample data (issue 16 Decisions).
 *
 * <p>Fixture: keyplan-core/src/test/resources/dynamodb/workbench/SocialFeed_3.0.json, hand-written
 * in the Version 3.0 layout (README.md there). Its table {@code feed} holds three sample items: the
 * first is DynamoDB JSON; the second's {@code profile} is an M whose members are plain JSON (line
 * 92 {@code "bio": "writes compilers"} and line 93 {@code "age": 36}, each indented by 14 spaces,
 * so the name takes columns 15-19 and the value starts in column 22); the third's {@code stats} is
 * {@code {"HP": "100"}}, a plain object read as a typed value with the descriptor HP (line 105, 12
 * spaces, the member in column 13).
 */
final class UnreadSampleDataTest {
  private static final String FIXTURE = "src/test/resources/dynamodb/workbench/SocialFeed_3.0.json";

  private static final String MODEL =
      """
      model: social
      horizon: 1y
      entities:
        User:
          attributes:
            user_id: uuid
            handle: {type: text, size: 12B}
          key: [user_id]
          count: 1M
      patterns:
        - id: user
          rate: 10/s
          query: User where user_id = ?
      dynamodb:
        schema: %s
        tables:
          feed:
            capacity: on-demand
            items:
              user:
                entity: User
                keys: {PK: "u#{user_id}", SK: count}
      """
          .formatted(FIXTURE);

  @Test
  void plainJsonInsideM_andAnUnknownDescriptor_areWarningsAtTheirPlace_andTheImportGoesOn() {
    List<Finding> found = RuleTester.of(UnreadSampleData.class).model(MODEL).findings();
    assertThat(found)
        .extracting(f -> f.location().toString() + " " + f.severity() + " " + f.message())
        .containsExactly(
            FIXTURE
                + ":92:22 WARNING sample data of table feed is not read here and is ignored:"
                + " expected a typed value such as {\"S\": \"text\"} or {\"N\": \"1\"}, found a"
                + " string",
            FIXTURE
                + ":93:22 WARNING sample data of table feed is not read here and is ignored:"
                + " expected a typed value such as {\"S\": \"text\"} or {\"N\": \"1\"}, found the"
                + " number 36",
            FIXTURE
                + ":105:13 WARNING sample data of table feed is not read here and is ignored:"
                + " unknown type descriptor 'HP' (expected one of S, N, B, BOOL, NULL, L, M, SS,"
                + " NS, BS)");
    assertThat(found).allMatch(f -> f.severity() == Severity.WARNING);
  }

  @Test
  void readableSampleData_hasNoFinding() {
    // SessionStore_3.0.json's three sample items are all DynamoDB JSON.
    String model =
        MODEL
            .replace(FIXTURE, "src/test/resources/dynamodb/workbench/SessionStore_3.0.json")
            .replace("feed:", "sessions:")
            .replace(
                "keys: {PK: \"u#{user_id}\", SK: count}", "keys: {PK: \"u#{user_id}\", SK: x}");
    assertThat(RuleTester.of(UnreadSampleData.class).model(model).findings()).isEmpty();
  }
}
