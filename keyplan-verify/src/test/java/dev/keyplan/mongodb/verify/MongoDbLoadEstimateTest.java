package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.verify.LoadBudget;
import dev.keyplan.verify.VerifyOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The load estimate that {@code keyplan verify} refuses by is what a run loads: counted without an
 * engine and without making a document, then checked against a whole run on {@link FakeGateway}.
 */
final class MongoDbLoadEstimateTest {
  @Test
  void theEstimate_isTheDocumentsTheRunLoads() {
    MongoDbAnalysis a = Examples.analysis("shop-mongodb.yaml");
    VerifyOptions o = VerifyOptions.defaults().withScale(40, 3);
    FakeGateway g = new FakeGateway();
    g.explain =
        (collection, q) ->
            FakeGateway.collscan(g.documents("keyplan_verify_shop_mongodb", collection).size());
    List<Long> progress = new ArrayList<>();
    MongoDbVerifier.run(
        a, g, o, (done, total) -> progress.add(done), "mongodb://fake", Secrets.none());
    // The last progress tick is the documents loaded before the reads and writes ran.
    assertThat(progress).isNotEmpty();
    assertThat(MongoDbVerifier.loadEstimate(a, o).rows())
        .isEqualTo(progress.get(progress.size() - 1));
  }

  @Test
  void aMillionRowsAPartition_isRefusedBeforeAnEngineIsReached() {
    // Hostile input: --max-rows 1000000 on the shop. Each collection's busiest and typical blocks
    // take up to 10⁶ documents each where keyplan predicts that many, and its base a tenth of it;
    // the budget is 100,000.
    MongoDbAnalysis a = Examples.analysis("shop-mongodb.yaml");
    VerifyOptions o = VerifyOptions.defaults().withScale(1_000_000, 3);
    LoadBudget.Estimate e = MongoDbVerifier.loadEstimate(a, o);
    assertThat(e.rows()).isGreaterThan(LoadBudget.DEFAULT_ROWS);
    assertThatThrownBy(() -> LoadBudget.check(e, LoadBudget.DEFAULT_ROWS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("verify would load about ")
        .hasMessageContaining("more than the budget of 100,000 rows; lower --max-rows, or pass");
  }
}
