package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ScatterGatherOnHotPath: a read that reaches every shard costs each shard its whole rate; error
 * above the 10,000/s default shard budget, warning from 10% of it (1,000/s), info below.
 */
final class ScatterGatherOnHotPathTest {
  private final RuleTester tester = RuleTester.of(ScatterGatherOnHotPath.class);

  @Test
  void everyShardServesTheWholeRate_errorAboveTheBudget_warningOnTheHotPath_infoBelow() {
    // tenants {country_code: 1} on 4 shards:
    //   tenant by tenant_id: no prefix ⇒ 4 shards, 2,000/s each = 20% ≥ 10% ⇒ warning; 8,000/s in
    // all
    //   by-plan: 20,000/s each = 200% > 100% ⇒ error
    //   of-country gives country_code by equality ⇒ one shard ⇒ nothing
    //   change-plan by tenant_id alone: the update is broadcast too, 1,500/s on each shard = 15% ⇒
    // warning
    // events {created_at: hashed}: a range on a hashed key ⇒ 4 shards at 2/s = 0.02% ⇒ info
    // readings {ts: 1}: the last 1,000 readings sit in about one range ⇒ multi-shard (2) ⇒ nothing;
    //   10M of them (100/s × 90 days = 777.6M readings, 10M × ~70 B ≫ 4 ranges) reach all 4
    //   shards ⇒ counted as a scatter-gather, 5/s ⇒ info
    List<Finding> found =
        tester
            .model(
                """
        model: saas
        horizon: 90d
        entities:
          Tenant:
            attributes:
              tenant_id: uuid
              country_code: {type: text, size: 2B}
              plan: {type: text, values: [free, team, enterprise]}
            key: [tenant_id]
            count: 5M
            spread:
              country_code: {distinct: 120, busiest: 60%}
          Event:
            attributes:
              event_id: {type: timeuuid, time_ordered: true}
              created_at: {type: timestamp, time_ordered: true}
            key: [event_id]
            growth: 1k/s
          Reading:
            attributes:
              reading_id: {type: timeuuid, time_ordered: true}
              ts: {type: timestamp, time_ordered: true}
            key: [reading_id]
            growth: 100/s
        patterns:
          - id: tenant # FINDING: ScatterGatherOnHotPath [warning]: pattern tenant reads tenants on all 4 shards, since it gives no prefix of the shard key {country_code: 1}: each shard serves all 2,000/s, 20% of the 10,000/s budget per shard, and the cluster 8,000/s shard reads instead of 2,000/s
            rate: 2k/s
            query: Tenant where tenant_id = ?
          - id: by-plan # FINDING: ScatterGatherOnHotPath [error]: each shard serves all 20,000/s, 200% of the 10,000/s budget per shard, and the cluster 80,000/s shard reads instead of 20,000/s: no number of shards can serve it
            rate: 20k/s
            query: Tenant where plan = ? limit 10
          - {id: of-country, rate: 5k/s, query: Tenant where country_code = ? limit 100}
          - id: last-hour # FINDING: ScatterGatherOnHotPath [info]: since it gives no equality on the hashed shard key {created_at: "hashed"}
            rate: 2/s
            query: Event where created_at > ? limit 1000
          - {id: latest, rate: 50/s, query: Reading where ts > ? limit 1000}
          - id: since # FINDING: ScatterGatherOnHotPath [info]: since its range of the shard key covers chunks on all of them
            rate: 5/s
            query: Reading where ts > ? limit 10000000
          - id: change-plan # FINDING: ScatterGatherOnHotPath [warning]: writes tenants on all 4 shards
            rate: 1500/s
            update: Tenant set plan where tenant_id = ?
        mongodb:
          shards: 4
          collections:
            tenants:
              entity: Tenant
              indexes:
                - {plan: 1}
              shard_key: {country_code: 1}
            events:
              entity: Event
              indexes:
                - {created_at: 1}
              shard_key: {created_at: hashed}
            readings:
              entity: Reading
              shard_key: {ts: 1}
        """)
            .expectMarkedFindings();
    assertThat(on(found, "tenant").fix())
        .startsWith("give country_code by equality in the filter")
        .contains("{_id: 1} or {_id: \"hashed\"}");
    assertThat(on(found, "since").fix()).startsWith("narrow the range");
    assertThat(on(found, "change-plan").message())
        .contains("6,000/s shard writes instead of 1,500/s");
  }

  private static Finding on(List<Finding> found, String pattern) {
    return found.stream().filter(f -> f.target().equals(pattern)).findFirst().orElseThrow();
  }
}
