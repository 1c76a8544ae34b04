package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Checker;
import dev.keyplan.dynamodb.check.IncludedAttributeNotHeld;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An entity attribute stored in DynamoDB under another name, one that is no identifier ({@code
 * follower#}, {@code post#}, as AWS's public social-network design names its counters): {@code
 * attributes: {follower_count: {name: "follower#", type: N}}}. Items are sized, projected and
 * emitted under the stored name; queries keep using the entity's name.
 *
 * <p>Fixture SocialFeed_3.0.json (README.md in its folder): table feed, GSI ByHandle on handle with
 * INCLUDE follower#, post#. Sizes (ItemSize, AttributeTypes): PK "u#{user_id}" is 2 + (2 + 36) = 40
 * B; SK "count" 2 + 5 = 7 B; handle, the index key, 6 + 12 = 18 B; an int is N of 6 B
 * (2,147,483,647: ten digits). Stored as follower# (9 B) and post# (5 B): 15 + 11 B, the item 40 +
 * 7 + 18 + 15 + 11 = 91 B. Under the entity's names follower_count (14 B) and post_count (10 B) it
 * would be 20 + 16, 101 B. ByHandle's entry: the table's and the index's keys 40 + 7 + 18 = 65 B
 * plus the two included counters, 15 + 11: 91 B (65 B if the INCLUDE names were not found).
 */
final class AttributeStoredNameTest {
  private static final Path WORKBENCH = Path.of("src/test/resources/dynamodb/workbench");

  private static final String MODEL =
      """
      model: social
      horizon: 1y
      entities:
        User:
          attributes:
            user_id: uuid
            handle: {type: text, size: 12B}
            follower_count: int
            post_count: int
          key: [user_id]
          count: 1M
      patterns:
        - id: counts-by-handle
          rate: 50/s
          query: select follower_count, post_count from User where handle = ?
      dynamodb:
        schema: SocialFeed_3.0.json
        tables:
          feed:
            indexes:
              ByHandle: {capacity: {read: 40, write: 10}}
            items:
              user:
                entity: User
                keys: {PK: "u#{user_id}", SK: count}
                attributes:
                  handle: S
                  follower_count: %s
                  post_count: {name: "post#", type: N}
      """;

  @Test
  void storedNames_sizeTheItemAndMeetTheIncludeProjection() {
    DynamoDbAnalysis a =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml", MODEL.formatted("{name: \"follower#\", type: N}"), WORKBENCH));
    DynamoDbTable feed = a.table("feed").orElseThrow();
    DynamoDbItem user = feed.items().get(0);
    assertThat(user.attributeNames()).contains("follower#", "post#").doesNotContain("post_count");
    assertThat(user.storedName("follower_count")).isEqualTo("follower#");
    assertThat(user.storedName("handle")).isEqualTo("handle");
    assertThat(user.bytes()).isEqualTo(91);
    KeyPath byHandle = feed.path("ByHandle").orElseThrow();
    assertThat(user.entryBytes(byHandle, feed)).isEqualTo(91);
    // The query asks for follower_count and post_count: ByHandle projects both under their stored
    // names, so it is served from the index alone.
    assertThat(user.projects(byHandle, feed, "follower_count")).isTrue();
    assertThat(a.plan("counts-by-handle").orElseThrow().path().orElseThrow().label())
        .isEqualTo("feed.ByHandle");
    assertThat(Checker.of(List.of(IncludedAttributeNotHeld.class)).check(a)).isEmpty();
  }

  // follower_count stored as post# too: line 29 of the model is "            post_count: {name:
  // "post#", type: N}" (the text block's indentation removed: 12 spaces, the key in column 13),
  // the second attribute stored under post#.
  @Test
  void twoAttributesUnderOneStoredName_isAnError() {
    List<String> found;
    try {
      DynamoDbAnalyzer.analyze(
          ModelReader.read("m.yaml", MODEL.formatted("{name: \"post#\", type: N}"), WORKBENCH));
      throw new AssertionError("expected an input error");
    } catch (InputException e) {
      found = e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    assertThat(found)
        .containsExactly(
            "m.yaml:29:13: error: item type 'user' stores 'post_count' as 'post#', under which"
                + " 'follower_count' is already stored; an item holds one value per name");
  }
}
