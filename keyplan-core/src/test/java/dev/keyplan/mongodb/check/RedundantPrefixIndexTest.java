package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RedundantPrefixIndex: an index whose keys, in the same directions, begin another index's keys is
 * served by the longer one (MongoDB manual, "Compound Indexes", Prefixes:
 * https://www.mongodb.com/docs/manual/core/indexes/index-types/index-compound/) unless it does
 * something the longer one cannot.
 */
final class RedundantPrefixIndexTest {
  private final RuleTester tester = RuleTester.of(RedundantPrefixIndex.class);

  @Test
  void aPrefixInTheSameDirections_isAWarningWithItsWriteCostAndSize() {
    // Issue 17's chat messages: {country: 1, userid: 1} beside {country: 1, userid: 1, sent_at:
    // -1}.
    //   country_1_userid_1 ⇒ warning. Its cost, from the analysis:
    //     writes: the insert pattern at 10/s writes one document each, and the index is not
    //       multikey ⇒ 1 entry a document ⇒ 10/s.
    //     entries: one a document; 1M documents, no growth, and the 1-day horizon is inside the
    //       30-day TTL (a horizon past it would keep growth × TTL = 0 documents) ⇒ 1,000,000.
    //     bytes: key = country, a 2-byte string: type 1 + empty name 1 + length 4 + 2 + NUL 1 = 9
    // B;
    //       userid, a UUID (binData subtype 4): type 1 + name 1 + length 4 + subtype 1 + 16 = 23 B;
    //       + 8 B record id ⇒ 40 B an entry × 1M = 40 MB.
    //   {country: 1, userid: -1}: userid's direction differs ⇒ not a prefix in the same directions.
    //   sparse {country: 1}: holds only documents with country ⇒ does what no longer index does.
    //   {sent_at: 1} with a TTL: its monitor deletes ⇒ kept, though {sent_at: 1, country: 1} begins
    //     with it.
    //   {country: "hashed"}: a hashed index has no prefix rule ⇒ not flagged.
    //   the longer index itself is a prefix of nothing ⇒ not flagged.
    List<Finding> found =
        tester
            .model(
                """
        model: chat
        horizon: 1d
        entities:
          Message:
            attributes:
              message_id: uuid
              country: {type: text, size: 2B}
              userid: uuid
              sent_at: {type: timestamp, time_ordered: true}
              body: {type: text, size: 100B}
            key: [message_id]
            count: 1M
            spread:
              country: {distinct: 200}
              userid: {distinct: 100k}
        patterns:
          - {id: user-messages, rate: 100/s, query: Message where country = ? and userid = ? order by sent_at desc limit 50}
          - {id: send, rate: 10/s, insert: Message}
        mongodb:
          collections:
            messages:
              entity: Message
              indexes:
                - {country: 1, userid: 1} # FINDING: RedundantPrefixIndex [warning]: index country_1_userid_1 of messages is a prefix of country_1_userid_1_sent_at_-1
                - {country: 1, userid: 1, sent_at: -1}
                - {country: 1, userid: -1}
                - {keys: {country: 1}, sparse: true}
                - {keys: {sent_at: 1}, ttl: 30d}
                - {sent_at: 1, country: 1}
                - {country: hashed}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .contains(
            "every insert and delete writes one more key, and every update of country or userid")
        .contains("the write patterns change 10/s of its entries")
        .contains("1,000,000 entries, 40 MB, at the horizon");
    assertThat(found.get(0).fix())
        .startsWith("drop it: db.messages.dropIndex(\"country_1_userid_1\")")
        .contains("hideIndex(\"country_1_userid_1\")");
  }

  @Test
  void uniquePartialCollatedAndShardKeyIndexes_doWorkTheLongerCannot() {
    // users sharded on {region: 1, user_id: 1}:
    //   region_1_user_id_1 backs the shard key ⇒ kept, though region_1_user_id_1_joined_-1 begins
    //     with it.
    //   {email: 1} unique ⇒ it enforces uniqueness of email alone ⇒ kept beside {email: 1, region:
    // 1}.
    //   {status: 1} partial ⇒ a query must imply its filter; it holds fewer entries ⇒ kept beside
    //     {status: 1, joined: -1}.
    //   {name: 1} with a case-insensitive collation beside a simple-collation {name: 1, region: 1}:
    //     a query uses an index of its own collation only ⇒ kept.
    //   {region: 1, joined: -1} beside a partial {region: 1, joined: -1, status: 1}: the longer
    //     serves only queries implying its filter ⇒ kept.
    tester
        .model(
            """
        model: accounts
        horizon: 30d
        entities:
          User:
            attributes:
              user_id: uuid
              region: {type: text, size: 4B}
              email: {type: text, size: 30B, unique: true}
              name: {type: text, size: 20B}
              status: {type: text, values: [active, closed]}
              joined: timestamp
            key: [user_id]
            count: 1M
            spread:
              region: {distinct: 20}
        patterns:
          - {id: user, rate: 100/s, query: User where region = ? and user_id = ?}
          - {id: join, rate: 1/s, insert: User}
        mongodb:
          shards: 2
          collections:
            users:
              entity: User
              shard_key: {region: 1, user_id: 1}
              indexes:
                - {region: 1, user_id: 1}
                - {region: 1, user_id: 1, joined: -1}
                - {keys: {email: 1}, unique: true}
                - {email: 1, region: 1}
                - {keys: {status: 1}, partial: {status: active}}
                - {status: 1, joined: -1}
                - {keys: {name: 1}, collation: case-insensitive}
                - {name: 1, region: 1}
                - {region: 1, joined: -1}
                - {keys: {region: 1, joined: -1, status: 1}, partial: {status: active}}
        """)
        .expectMarkedFindings();
  }
}
