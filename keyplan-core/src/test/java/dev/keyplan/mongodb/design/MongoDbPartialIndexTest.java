package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Partial and sparse indexes, and covered queries, as MongoDB uses them (issue 17 §1). The rules
 * and their sources are in docs/mongodb-arithmetic.md, "Index bounds and keys examined"; no MongoDB
 * server can run here, so every figure is derived from the manual's rules by hand.
 *
 * <p>The model is the manual's own example ("Partial Indexes",
 * https://www.mongodb.com/docs/manual/core/index-partial/): restaurants by cuisine with a rating.
 * 1M restaurants over 100 cuisines are 10,000 a cuisine; 5% are pending; 20% were referred.
 */
final class MongoDbPartialIndexTest {

  private static MongoDbAnalysis analyze(String query, String indexes, boolean sharded) {
    String yaml =
        """
        model: restaurants
        horizon: 1d
        entities:
          Restaurant:
            attributes:
              restaurant_id: uuid
              cuisine: {type: text, size: 12B}
              rating: int
              status: {type: text, values: [pending, open]}
              referrer: {type: text, size: 12B, present: 20%%}
            key: [restaurant_id]
            count: 1M
            spread:
              cuisine: {distinct: 100}
              status: {shares: {pending: 5%%, open: 95%%}}
              referrer: {distinct: 1k}
        patterns:
          - id: p
            rate: 10/s
            query: %s
        """
                .formatted(query)
            + "mongodb:\n"
            + (sharded ? "  shards: 2\n" : "")
            + "  collections:\n    restaurants:\n      entity: Restaurant\n"
            + (sharded ? "      shard_key: {restaurant_id: hashed}\n" : "")
            + "      indexes:\n"
            + indexes.indent(8);
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", yaml, Path.of(".")));
  }

  private static MongoDbPlan plan(String query, String indexes) {
    return analyze(query, indexes, false).plan("p").orElseThrow();
  }

  private static MongoDbIndex index(MongoDbAnalysis a, String name) {
    return a.collection("restaurants").orElseThrow().indexes().stream()
        .filter(i -> i.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aPartialIndex_servesOnlyAQueryThatGivesItsFilterField() {
    // The manual's example: {cuisine: 1} with partialFilterExpression {rating: {$gt: 5}} is used
    // by {cuisine: "Italian", rating: {$gte: 8}} and not by {cuisine: "Italian"}, which could need
    // restaurants rated 5 or less, absent from the index. The first is an IXSCAN of the cuisine's
    // entries; the second has no other index: COLLSCAN of the 1M documents.
    String ix = "- {keys: {cuisine: 1}, partial: {rating: {$gt: 5}}}";
    MongoDbPlan used = plan("Restaurant where cuisine = ? and rating > ?", ix);
    assertThat(used.access()).isEqualTo(Access.IXSCAN);
    assertThat(used.notes()).anyMatch(n -> n.contains("taken to satisfy"));
    MongoDbPlan unused = plan("Restaurant where cuisine = ?", ix);
    assertThat(unused.access()).isEqualTo(Access.COLLSCAN);
    assertThat(unused.docsExamined().typical()).isEqualTo(1_000_000);
  }

  @Test
  void aPartialIndex_holdsTheDocumentsItsFilterMatches() {
    // {cuisine: 1} with partial {status: pending}: 5% of 1M, 50,000 entries (the named share of
    // "pending"); a query of one cuisine and the pending status reads the cuisine's pending
    // entries, 10,000 × 5% = 500 keys (cuisine and status independent), 500 documents.
    String ix = "- {keys: {cuisine: 1}, partial: {status: pending}}";
    MongoDbAnalysis a = analyze("Restaurant where cuisine = ? and status = ?", ix, false);
    assertThat(index(a, "cuisine_1").entries()).isEqualTo(50_000);
    MongoDbPlan p = a.plan("p").orElseThrow();
    assertThat(p.keysExamined().typical()).isEqualTo(500);
    assertThat(p.docsExamined().typical()).isEqualTo(500);
    // An in of two statuses cannot be only "pending": the index is not used.
    assertThat(plan("Restaurant where cuisine = ? and status in (?, ?)", ix).access())
        .isEqualTo(Access.COLLSCAN);
  }

  @Test
  void aSparseIndex_holdsThePresentValuesAndServesNoSortAlone() {
    // referrer is present in 20% of restaurants: a sparse {referrer: 1} holds 200,000 entries. An
    // equality on referrer matches 20% × 1M / 1,000 = 200 restaurants (docs/model.md, "Sparse
    // attributes"): 200 keys. A sort on referrer alone could need the 80% without one, which the
    // index lacks ("Sparse Indexes": not used for such a sort unless hinted): COLLSCAN, sorted.
    String ix = "- {keys: {referrer: 1}, sparse: true}";
    MongoDbAnalysis a = analyze("Restaurant where referrer = ?", ix, false);
    assertThat(index(a, "referrer_1").entries()).isEqualTo(200_000);
    assertThat(a.plan("p").orElseThrow().keysExamined().typical()).isEqualTo(200);
    MongoDbPlan sortOnly = plan("Restaurant order by referrer limit 10", ix);
    assertThat(sortOnly.access()).isEqualTo(Access.COLLSCAN);
    assertThat(sortOnly.blockingSort()).isTrue();
  }

  @Test
  void aCoveredQuery_needsEveryFieldInTheIndexAndTheShardKeyWhenSharded() {
    // select cuisine, rating where cuisine = ? on {cuisine: 1, rating: 1}: every field read is in
    // the index and the projection leaves _id out, so no document is fetched ("Covered Query"):
    // 10,000 keys, 0 documents. Sharded on {restaurant_id: hashed}, the index lacks the shard key,
    // which each shard needs to filter orphans: every document is fetched, 10,000.
    String q = "select cuisine, rating from Restaurant where cuisine = ?";
    String ix = "- {cuisine: 1, rating: 1}";
    MongoDbPlan covered = plan(q, ix);
    assertThat(covered.covered()).isTrue();
    assertThat(covered.keysExamined().typical()).isEqualTo(10_000);
    assertThat(covered.docsExamined().typical()).isZero();
    MongoDbPlan sharded = analyze(q, ix, true).plan("p").orElseThrow();
    assertThat(sharded.covered()).isFalse();
    assertThat(sharded.docsExamined().typical()).isEqualTo(10_000);
  }
}
