package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ShardOverBudget holds the busiest shard's reads plus writes against the 10,000/s default
 * shard_budget: a warning from 50%, an error above 100%, the inserts of a monotonic key left to
 * MonotonicShardKey.
 */
final class ShardOverBudgetTest {
  private final RuleTester tester = RuleTester.of(ShardOverBudget.class);

  @Test
  void overTheBudget_isAnError_overHalf_aWarning_andAMonotonicKeysInserts_areLeftOut() {
    // tenants {tenant_id: hashed} on 4 shards, 5M tenants (b = 1 / 5M):
    //   by-country has no shard key: 2,000/s on every shard; tenant: 36,000 × (b + (1 − b) / 4)
    //   = 9,000.005/s; together 11,000/s = 110% of 10,000/s ⇒ error, 2,000/s of it scatter-gather
    // accounts, unsharded: 6,000 reads/s on one primary = 60% ⇒ warning; spread evenly,
    //   ⌈6,000 / 5,000⌉ = 2 shards keep each under 50%
    // events {created_at: 1}: 12,000 inserts/s, all MonotonicShardKey's; nothing else ⇒ nothing
    // notes, unsharded: 100/s = 1% ⇒ nothing
    List<Finding> found =
        tester
            .model(
                """
        model: saas
        horizon: 1y
        entities:
          Tenant:
            attributes:
              tenant_id: uuid
              country_code: {type: text, size: 2B}
            key: [tenant_id]
            count: 5M
            spread:
              country_code: {distinct: 120, busiest: 60%}
          Account:
            attributes: {account_id: uuid}
            key: [account_id]
            count: 1M
          Event:
            attributes:
              event_id: {type: timeuuid, time_ordered: true}
              created_at: {type: timestamp, time_ordered: true}
            key: [event_id]
            growth: 12k/s
          Note:
            attributes: {note_id: uuid}
            key: [note_id]
            count: 1M
        patterns:
          - {id: tenant, rate: 36k/s, query: Tenant where tenant_id = ?}
          - {id: by-country, rate: 2k/s, query: Tenant where country_code = ?}
          - {id: account, rate: 6k/s, query: Account where account_id = ?}
          - {id: record, rate: 12k/s, insert: Event}
          - {id: note, rate: 100/s, query: Note where note_id = ?}
        mongodb:
          shards: 4
          collections:
            tenants:
              entity: Tenant
              indexes:
                - {country_code: 1}
              shard_key: {tenant_id: hashed} # FINDING: ShardOverBudget [error]: tenants puts 11,000/s reads and 0/s writes on the busiest of its 4 shards, 11,000/s: 110% of the 10,000/s budget per shard
            accounts: # FINDING: ShardOverBudget [warning]: accounts puts 6,000/s reads and 0/s writes on its replica set's primary (unsharded), 6,000/s: 60%
              entity: Account
            events:
              entity: Event
              shard_key: {created_at: 1}
            notes:
              entity: Note
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("2,000/s of it is scatter-gather (by-country)")
        .endsWith("the rest is targeted and spread: add shards, or raise shard_budget if measured");
    assertThat(found.get(1).fix()).contains("2 shards keep each under 50% of the budget");
  }
}
