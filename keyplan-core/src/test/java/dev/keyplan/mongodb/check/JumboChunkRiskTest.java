package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * JumboChunkRisk holds the data under the busiest shard key value (documents × size × its share)
 * against the range size, 128 MiB = 134,217,728 B by default.
 */
final class JumboChunkRiskTest {
  private final RuleTester tester = RuleTester.of(JumboChunkRisk.class);

  @Test
  void aValueAboveTheRangeSize_isAJumboChunk_belowIt_ortheCompoundKey_isNot() {
    // A tenant document: 4 + _id 26 + country_code 21 + plan 17 + settings (1 + 9 + 4 + 2,048 + 1)
    // 2,063 + 1 = 2,132 B (MongoDbAnalyzerTest measures it).
    //   tenants {country_code: 1}: 0.6 × 5M × 2,132 B = 6.40 GB under "US",
    //     6.396e9 / 134,217,728 = 47.65 × the range ⇒ error; refined to {country_code: 1, _id: 1}
    //     a value is one document, 2,132 B, and the US splits into ⌈47.65⌉ = 48 chunks
    //   hashed {country_code: hashed}: the hash of "US" is one value too ⇒ error; a hashed key
    //     cannot take the entity key as a ranged suffix here, so the fix is a new key
    //   compound {country_code: 1, tenant_id: 1}: one document a value ⇒ nothing
    //   small (50k tenants): 0.6 × 50,000 × 2,132 B = 64.0 MB < 134 MB ⇒ nothing
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
              plan: {type: text, values: [free, team, enterprise]}
              settings: {type: text, size: 2KiB}
            key: [tenant_id]
            count: 5M
            spread:
              country_code: {distinct: 120, busiest: 60%}
          SmallTenant:
            attributes:
              tenant_id: uuid
              country_code: {type: text, size: 2B}
              plan: {type: text, values: [free, team, enterprise]}
              settings: {type: text, size: 2KiB}
            key: [tenant_id]
            count: 50k
            spread:
              country_code: {distinct: 120, busiest: 60%}
        patterns:
          - {id: tenant, rate: 100/s, query: Tenant where tenant_id = ?}
        mongodb:
          shards: 4
          collections:
            tenants:
              entity: Tenant
              shard_key: {country_code: 1} # FINDING: JumboChunkRisk [error]: the busiest {country_code: 1} value of tenants holds 6.4 GB at the horizon (60% of the collection), 48 × the 128 MiB range size
            hashed:
              entity: Tenant
              shard_key: {country_code: hashed} # FINDING: JumboChunkRisk [error]: holds 6.4 GB
            compound:
              entity: Tenant
              shard_key: {country_code: 1, tenant_id: 1}
            small:
              entity: SmallTenant
              shard_key: {country_code: 1}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .contains("key: {country_code: 1, _id: 1}})")
        .contains(
            "the busiest value then holds 2.13 KB, and the 6.4 GB of the old one split into 48 chunks of at most"
                + " 128 MiB");
    assertThat(found.get(1).fix())
        .startsWith("lead the key with a field whose values are smaller than a range");
  }

  @Test
  void aCompoundKeysBusiestValue_isTheBusiestUserWhenAUserHasOneCountry_andSaysWhatItRestsOn() {
    // Issue 17 §4's class of regression (MongoDbCorrelatedShardKeyTest derives the figures): a
    // message is 274 B, 100M of them. {country: 1, userid: 1} with userid belongs_to country: the
    // busiest value is the busiest user, 1% × 100M × 274 B = 274 MB, 274,000,000 / 134,217,728 =
    // 2.04 × the range ⇒ error, and the message names the statement it used. Multiplied as
    // independent the busiest value is 45% × 1% × 100M × 274 B = 123.3 MB < 134.2 MB: no finding,
    // and the shards table states the assumption instead (MongoDbText).
    String model =
        """
        model: messages
        horizon: 1y
        entities:
          Message:
            attributes:
              message_id: uuid
              country: {type: text, size: 2B}
              userid: bigint
              body: {type: text, size: 200B}
            key: [message_id]
            count: 100M
            spread:
              country: {distinct: 200, busiest: 45%}
              userid: {distinct: 10k, busiest: 1%STATEMENT}
        patterns:
          - {id: by-user, rate: 100/s, query: Message where country = ? and userid = ?}
        mongodb:
          shards: 4
          collections:
            messages:
              entity: Message
              shard_key: {country: 1, userid: 1}MARK
        """;
    List<Finding> found =
        tester
            .model(
                model
                    .replace("STATEMENT", ", belongs_to: country")
                    .replace(
                        "MARK",
                        " # FINDING: JumboChunkRisk [error]: the busiest {country: 1, userid: 1}"
                            + " value of messages holds 274 MB at the horizon (1% of the"
                            + " collection), 2.04 × the 128 MiB range size"))
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .endsWith("; key values and busiest value: userid belongs_to country");
    tester.model(model.replace("STATEMENT", "").replace("MARK", "")).expectMarkedFindings();
  }
}
