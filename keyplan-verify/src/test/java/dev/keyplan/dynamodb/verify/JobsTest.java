package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import dev.keyplan.model.Model;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each plan becomes the request it says, or a run that says why it is not sent. */
final class JobsTest {
  private static List<PatternRun> runs(Model m, Fidelity f) {
    var a = Examples.analysis(m);
    return new Jobs(m, a, new GroupPlanner(a, 2_000, new Tags()), f).all();
  }

  private static PatternRun run(List<PatternRun> runs, String id, Which which) {
    return runs.stream()
        .filter(r -> r.pattern.id().equals(id) && r.which == which)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void everyPattern_runsForTheBusiestAndATypicalKey() {
    List<PatternRun> r = runs(Examples.model("orders-dynamodb.yaml"), Fidelity.DYNALITE);
    // Five patterns, two keys each, in model order.
    assertThat(r).hasSize(10);
    assertThat(r)
        .extracting(x -> x.pattern.id() + " " + x.which.word())
        .startsWith(
            "customer-profile busiest", "customer-profile typical", "latest-orders busiest");
    assertThat(r).allSatisfy(x -> assertThat(x.notRun).isEmpty());
  }

  @Test
  void latestOrders_isNewestFirst_withTheReadsLimit() {
    DynamoDbVerifyReads.Shape s =
        run(
                runs(Examples.model("orders-dynamodb.yaml"), Fidelity.DYNALITE),
                "latest-orders",
                Which.BUSIEST)
            .read
            .orElseThrow();
    assertThat(s.forward()).isFalse();
    assertThat(s.limitPerQuery()).hasValue(20);
    assertThat(s.fetchFromTable()).isFalse();
  }

  @Test
  void aGlobalIndexThatDoesNotProject_fetchesFromTheTable_andALocalOneSelectsAll() {
    assertThat(
            run(
                    runs(Examples.model("orders.yaml"), Fidelity.DYNALITE),
                    "orders-in-status",
                    Which.TYPICAL)
                .read
                .orElseThrow()
                .fetchFromTable())
        .isTrue();
    DynamoDbVerifyReads.Shape lsi =
        run(runs(Examples.coverage(), Fidelity.DYNALITE), "readings-by-quality", Which.TYPICAL)
            .read
            .orElseThrow();
    assertThat(lsi.selectAll()).isTrue();
    assertThat(lsi.fetchFromTable()).isFalse();
  }

  @Test
  void aScan_hasNoKeyGroup() {
    PatternRun scan =
        run(runs(Examples.coverage(), Fidelity.DYNALITE), "all-counters", Which.TYPICAL);
    assertThat(scan.group).isEmpty();
    assertThat(scan.read).isPresent();
  }

  @Test
  void readsOfSeveralKeys_andTransactions_areNotSent_andSayWhy() {
    assertThat(
            run(runs(Examples.coverage(), Fidelity.DYNALITE), "some-counters", Which.BUSIEST)
                .notRun)
        .get()
        .asString()
        .contains("IN");
    assertThat(
            run(
                    runs(Examples.model("appdata.yaml"), Fidelity.DYNALITE),
                    "place-order",
                    Which.BUSIEST)
                .notRun)
        .get()
        .asString()
        .contains("TransactWriteItems");
  }

  @Test
  void anUpdateWithoutTheFullKey_runsKeyplansFindFirst_onTheFindsKeyGroup() {
    PatternRun r =
        run(runs(Examples.model("app-table.yaml"), Fidelity.DYNALITE), "ship-order", Which.TYPICAL);
    DynamoDbVerifyWrites.Shape w = r.write.orElseThrow();
    assertThat(w.find()).isPresent();
    assertThat(w.find().get().path().label()).isEqualTo("app-table.GSI2");
    assertThat(w.find().get().plan().keyCondition()).isEqualTo("GSI2PK = \"ORDER#<order_id>\"");
    assertThat(r.group.orElseThrow().path().label()).isEqualTo("app-table.GSI2");
    assertThat(r.notes).anyMatch(n -> n.contains("found first with Query on app-table.GSI2"));
  }

  @Test
  void aWriteOfTwoItemTypes_writesBoth() {
    PatternRun r =
        run(runs(Examples.model("appdata.yaml"), Fidelity.DYNALITE), "pay-order", Which.TYPICAL);
    assertThat(r.write.orElseThrow().targets())
        .extracting(t -> t.item().name())
        .containsExactly("Order", "OrderById");
  }
}
