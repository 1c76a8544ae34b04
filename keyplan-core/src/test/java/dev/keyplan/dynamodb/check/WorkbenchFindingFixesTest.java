package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import dev.keyplan.check.Severity;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 16, "no finding the user cannot act on": on a provisioned Workbench 3.0 model with a GSI
 * (SocialFeed_3.0.json, README.md in its folder), applying ProvisionedBelowNeed's fix to the model
 * gives a model keyplan accepts, in which the finding is gone. Before issue 16 the finding was an
 * error whose fix ({@code capacity:} on the index) keyplan rejected as "already defined by the
 * schema file".
 */
final class WorkbenchFindingFixesTest {
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
          spread:
            handle: {distinct: 1M}
      patterns:
        - id: counts-by-handle
          rate: 50/s
          query: select follower_count, post_count from User where handle = ?
        - id: sign-up
          rate: 5/s
          insert: User
      dynamodb:
        schema: src/test/resources/dynamodb/workbench/SocialFeed_3.0.json
        tables:
          feed:
      %s
            items:
              user:
                entity: User
                keys: {PK: "u#{user_id}", SK: count}
                attributes:
                  follower_count: {name: "follower#", type: N}
                  post_count: {name: "post#", type: N}
      """;

  /** The {@code indexes: {…}} the fix proposes, written as YAML under the table. */
  private static final Pattern FIX =
      Pattern.compile("indexes: (\\{\\w+: \\{capacity: \\{[^}]*}}})");

  @Test
  void theGsiWithoutCapacity_isInfo_andItsFixIsAcceptedAndClearsIt() {
    List<Finding> before =
        RuleTester.of(ProvisionedBelowNeed.class).model(MODEL.formatted("")).findings();
    Finding gsi =
        before.stream().filter(f -> f.target().equals("feed.ByHandle")).findFirst().orElseThrow();
    assertThat(gsi.severity()).isEqualTo(Severity.INFO);
    Matcher m = FIX.matcher(gsi.fix());
    assertThat(m.find()).as(gsi.fix()).isTrue();
    String fixed = MODEL.formatted("      indexes: " + m.group(1));
    List<Finding> after = RuleTester.of(ProvisionedBelowNeed.class).model(fixed).findings();
    assertThat(after).noneMatch(f -> f.target().equals("feed.ByHandle"));
  }
}
