package dev.keyplan.dynamodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * UnboundedListAttribute sizes the oldest item at the horizon: its size today plus {@code grows ×
 * lifetime} elements, each the element's bytes plus 1 in a list (ItemSize: a list is 3 + Σ (1 +
 * element)). The post below is post_id (7 + 8) + title (5 + 60) + comments (8 + 3 + 5 × 201) = 15 +
 * 65 + 1,016 = 1,096 B today; each comment adds 201 B.
 */
final class UnboundedListAttributeTest {
  private final RuleTester tester = RuleTester.of(UnboundedListAttribute.class);

  private static String post(String horizon, String grows) {
    return """
        model: blog
        horizon: %s
        entities:
          Post:
            attributes:
              post_id: {type: text, size: 8B}
              title: {type: text, size: 60B}
              comments: {type: list<text>, size: 200B, items: 5%s
            key: [post_id]
            count: 1M
        patterns:
          - id: read-post
            rate: 100/s
            query: Post where post_id = ?
        dynamodb:
          tables:
            Posts:
              partition_key: post_id
              items:
                Post: {keys: {}}
        """
        .formatted(horizon, grows);
  }

  @Test
  void fiftyCommentsADayForNinetyDays_passThe400KbLimit() {
    // 50 × 201 = 10,050 B a day; after 90 days 1,096 + 90 × 10,050 = 905,596 B > 409,600 B.
    // It passes the limit after (409,600 − 1,096) / 10,050 = 40.6 days.
    tester
        .model(
            post(
                "90d",
                ", grows: 50/day}  # FINDING: UnboundedListAttribute [error]: passes the 400 KB item limit after 41 days"))
        .expectMarkedFindings();
  }

  @Test
  void tenDays_stayUnderTheLimit_isAWarning() {
    // 1,096 + 10 × 10,050 = 101,596 B at the horizon: 24.8% of 409,600 B, a warning; a write of
    // it costs ⌈101,596 / 1,024⌉ = 100 WCU.
    tester
        .model(
            post(
                "10d",
                ", grows: 50/day}  # FINDING: UnboundedListAttribute [warning]: reaches 101,596 B at the horizon, 24.8%"))
        .expectMarkedFindings();
  }

  @Test
  void boundedList_isNotFlagged() {
    tester.model(post("90d", "}")).expectMarkedFindings();
  }
}
