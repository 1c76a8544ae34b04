package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LowCardinalityShardKey holds a shard key's distinct values against the shard count (error below
 * it), its busiest value's share against an even 1 / shards (error above it), and the values
 * against seed 004's 100 (warning below).
 */
final class LowCardinalityShardKeyTest {
  private final RuleTester tester = RuleTester.of(LowCardinalityShardKey.class);

  @Test
  void fewValuesOrADominantOne_areErrors_fewerThanAHundred_aWarning() {
    // 5M tenants over 4 shards, an even share 1 / 4 = 25%:
    //   {country_code: 1}: 120 values ≥ 4 and ≥ 100, but the US holds 60% > 25%: 2.4 × ⇒ error
    //   {plan: 1}: 3 enumerated values < 4 shards: min(3, 4) = 3 shards hold data, 1 idle ⇒ error
    //   {region: 1}: 50 values ≥ 4 shards, busiest 1 / 50 = 2% < 25%, but 50 < 100 ⇒ warning
    //   {tenant_id: hashed}: 5M values, one document each ⇒ nothing; staff is not sharded ⇒ nothing
    List<Finding> found =
        tester
            .model(
                """
        model: tenants
        horizon: 1y
        entities:
          Tenant:
            attributes:
              tenant_id: uuid
              country_code: {type: text, size: 2B}
              region: {type: text, size: 8B}
              plan: {type: text, values: [free, team, enterprise]}
            key: [tenant_id]
            count: 5M
            spread:
              country_code: {distinct: 120, busiest: 60%}
              region: {distinct: 50}
        patterns:
          - {id: tenant, rate: 100/s, query: Tenant where tenant_id = ?}
        mongodb:
          shards: 4
          collections:
            by_country:
              entity: Tenant
              shard_key: {country_code: 1} # FINDING: LowCardinalityShardKey [error]: has 120 values at the horizon, so at most 120 chunks: 4 of 4 shards can hold data; the busiest value holds 60% of the documents, which its one shard must hold: 2.40 × the even 25% share of 4 shards
            by_plan:
              entity: Tenant
              shard_key: {plan: 1} # FINDING: LowCardinalityShardKey [error]: has 3 values at the horizon, so at most 3 chunks: 3 of 4 shards can hold data, 1 stay idle
            by_region:
              entity: Tenant
              shard_key: {region: 1} # FINDING: LowCardinalityShardKey [warning]: has 50 values at the horizon, so at most 50 chunks: 4 of 4 shards can hold data; below 100 values
            by_id:
              entity: Tenant
              shard_key: {tenant_id: hashed}
            staff:
              entity: Tenant
        """)
            .expectMarkedFindings();
    // The suffix is the entity's key, tenant_id, which the documents hold as _id (a sole key):
    // refining gives one value per tenant, 5M of them.
    assertThat(found.get(0).fix())
        .contains("key: {country_code: 1, _id: 1}}) moves no data")
        .contains("gives 5,000,000 values")
        .contains("at least 5 minutes and blocks writes for 2 s");
  }

  @Test
  void aCompoundKeyCountedAsIndependent_saysSo() {
    // {country: 1, plan: 1} over 8 shards, an even share 1 / 8 = 12.5%. Nothing says how plans
    // fall within a country, so the fields multiply as independent: 200 × 3 = 600 values (≥ 8,
    // ≥ 100), the busiest 45% × 1/3 = 15% > 12.5%, 1.20 × ⇒ error; the message says the figure
    // assumes country and plan independent, and which statement would replace it.
    List<Finding> found =
        tester
            .model(
                """
        model: accounts
        horizon: 1y
        entities:
          Account:
            attributes:
              account_id: uuid
              country: {type: text, size: 2B}
              plan: {type: text, values: [free, team, enterprise]}
            key: [account_id]
            count: 1M
            spread:
              country: {distinct: 200, busiest: 45%}
        patterns:
          - {id: account, rate: 100/s, query: Account where account_id = ?}
        mongodb:
          shards: 8
          collections:
            accounts:
              entity: Account
              shard_key: {country: 1, plan: 1} # FINDING: LowCardinalityShardKey [error]: shard key {country: 1, plan: 1} of accounts has 600 values at the horizon, so at most 600 chunks: 8 of 8 shards can hold data; the busiest value holds 15% of the documents, which its one shard must hold: 1.20 × the even 12.5% share of 8 shards
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .endsWith(
            "; key values and busiest value: assumes country and plan independent (distinct"
                + " values and busiest shares multiply); say belongs_to or per: in the entity's"
                + " spread if one determines or bounds another");
  }
}
