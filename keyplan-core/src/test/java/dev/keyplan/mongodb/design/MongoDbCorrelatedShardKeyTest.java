package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A compound shard key whose second field belongs to its first (issue 17 §4: a user has one
 * country). The regression the issue names printed 33.2 GB for the busiest {@code {country: 1,
 * userid: 1}} value where the busiest user holds 73.7 GB: 33.2 / 73.7 = 0.45, the busiest country's
 * share, by which independence shrinks the busiest user. This fixture is of the same class (busiest
 * country 45%), small enough to derive by hand, and sits across the range size so that the
 * assumption decides the jumbo chunk.
 *
 * <p>The document, by the BSON specification (https://bsonspec.org/spec.html) as docs/model.md "How
 * documents are sized" adds it up: 4 + {@code _id} binData 4 (1 + 4 + 4 + 1 + 16 = 26) + {@code
 * country} string of 2 B (1 + 8 + 4 + 2 + 1 = 16) + {@code userid} long (1 + 7 + 8 = 16) + {@code
 * body} string of 200 B (1 + 5 + 4 + 200 + 1 = 211) + 1 = 274 B. 100M messages: 27.4 GB.
 *
 * <p>Chunks cannot split below one shard key value (MongoDB manual, "Data Partitioning with
 * Chunks", https://www.mongodb.com/docs/manual/core/sharding-data-partitioning/), and the key's
 * distinct values are the most chunks there can be ("Shard Key Cardinality",
 * https://www.mongodb.com/docs/manual/core/sharding-choose-a-shard-key/). The key's values and
 * busiest share are {@code CompositeKey}'s (docs/model.md, "Keys of several attributes").
 */
final class MongoDbCorrelatedShardKeyTest {
  private static final String MODEL =
      """
      model: messages-by-country
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
            shard_key: {country: 1, userid: 1}
      """;

  private static MongoDbAnalysis analysis(String statement) {
    return RuleTester.withoutRule().model(MODEL.replace("STATEMENT", statement)).mongodb();
  }

  @Test
  void withBelongsTo_theBusiestValueIsTheBusiestUser_aJumboChunk() {
    // userid belongs_to country: a pair (country, userid) per user, 10,000 values (at most
    // 10,000 chunks), and the busiest pair is the busiest user: 1% of 100M = 1,000,000 messages
    // × 274 B = 274,000,000 B, 2.04 × the 134,217,728 B range: jumbo.
    MongoDbAnalysis a = analysis(", belongs_to: country");
    MongoDbShard s = a.shard("messages").orElseThrow();
    MongoDbCollection c = a.collection("messages").orElseThrow();
    assertThat(c.typicalBytes()).isEqualTo(274);
    assertThat(s.distinctValues()).isEqualTo(10_000);
    assertThat(s.busiestValueBytes()).isCloseTo(274_000_000, within(1.0));
    assertThat(s.jumbo()).isTrue();
    assertThat(c.keyAssumption(c.attributesOf(c.shardKey().orElseThrow().fields())))
        .contains("userid belongs_to country");
  }

  @Test
  void withoutIt_independenceShrinksTheBusiestUserByTheBusiestCountry_andTheOutputSaysSo() {
    // Independent: 200 × 10,000 = 2,000,000 values, the busiest 45% × 1% = 0.45% of 100M =
    // 450,000 messages × 274 B = 123,300,000 B, under the 134,217,728 B range: no jumbo chunk,
    // where the busiest user's 274 MB is one. 123.3 / 274 = 0.45, the 33.2 / 73.7.
    MongoDbAnalysis a = analysis("");
    MongoDbShard s = a.shard("messages").orElseThrow();
    MongoDbCollection c = a.collection("messages").orElseThrow();
    assertThat(s.distinctValues()).isEqualTo(2_000_000);
    assertThat(s.busiestValueBytes()).isCloseTo(123_300_000, within(1.0));
    assertThat(s.jumbo()).isFalse();
    assertThat(c.keyAssumption(c.attributesOf(c.shardKey().orElseThrow().fields())).orElseThrow())
        .startsWith("assumes country and userid independent (distinct values and busiest shares");
  }

  @Test
  void aKeyOfOneDocumentPerValue_assumesNothing() {
    // {country, message_id}: message_id is the entity's key, one document a value; a key of one
    // field has nothing to combine.
    MongoDbCollection c = analysis("").collection("messages").orElseThrow();
    assertThat(c.keyAssumption(Set.of("country", "message_id"))).isEmpty();
    assertThat(c.keyAssumption(Set.of("userid"))).isEmpty();
  }

  @Test
  void aHashedFieldInTheCompoundKey_countsAsItsField() {
    // MongoDB 4.4+ "compound hashed index compute the hash value of a single field in the
    // compound index; this value is used along with the other fields in the index as your shard
    // key" (MongoDB manual, "Hashed Sharding",
    // https://www.mongodb.com/docs/manual/core/hashed-sharding/): a hash per userid, so
    // {country: 1, userid: hashed} has the values of {country: 1, userid: 1}: 10,000 with the
    // statement, the busiest user's 274,000,000 B, jumbo all the same.
    MongoDbAnalysis a =
        RuleTester.withoutRule()
            .model(
                MODEL
                    .replace("STATEMENT", ", belongs_to: country")
                    .replace("{country: 1, userid: 1}", "{country: 1, userid: hashed}"))
            .mongodb();
    MongoDbShard s = a.shard("messages").orElseThrow();
    assertThat(s.distinctValues()).isEqualTo(10_000);
    assertThat(s.busiestValueBytes()).isCloseTo(274_000_000, within(1.0));
    assertThat(s.jumbo()).isTrue();
  }
}
