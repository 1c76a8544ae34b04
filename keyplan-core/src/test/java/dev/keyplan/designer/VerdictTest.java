package dev.keyplan.designer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The verdict: an ad hoc query or a cheaper relational primary says stay relational. */
class VerdictTest {
  private static final Model MODEL =
      ModelReader.read(
          "m.yaml",
          """
          model: m
          horizon: 1y
          entities:
            Note:
              attributes: {note_id: uuid, body: {type: text, size: 40B}}
              key: [note_id]
              count: 1M
          patterns:
            - id: read
              rate: 100/s
              query: Note where note_id = ?
            - id: write
              rate: 10/s
              insert: Note
          """,
          Path.of("."));

  private static Proposal proposal(StoreId store, double usage, List<String> unsupported) {
    return new Proposal(
        store,
        "",
        Map.of(),
        List.of(),
        unsupported.stream().map(u -> new Proposal.Unsupported(u, "scan")).toList(),
        List.of(),
        null,
        0,
        List.of(new MonthlyCost("managed", "test", "table", 0, 0, 0, 0, usage, 0, "")),
        Map.of());
  }

  @Test
  void aPatternNoStoreServes_isAnAdHocQuery_soStayRelational() {
    RelationalBaseline r = RelationalBaseline.of(MODEL, Prices.DEFAULTS);
    Verdict v =
        Verdict.of(
            MODEL,
            List.of(
                proposal(StoreId.DYNAMODB, 1, List.of("read")),
                proposal(StoreId.MONGODB, 1, List.of("read"))),
            r);
    assertThat(v.choice()).isEqualTo("relational");
    assertThat(v.reasons().get(0)).startsWith("read is served by no store's key");
  }

  @Test
  void theCheaperOfAStoreAndTheRelationalPrimary_wins_andTheSensitivitySaysWhenItTurns() {
    RelationalBaseline r = RelationalBaseline.of(MODEL, Prices.DEFAULTS);
    // Relational: 2 instances of $367.92 + storage, about $736 a month, flat up to ×10 (1,100/s).
    // A store at $100 of use-billed throughput wins at ×1 ($100) and ×2 ($200); at $70 it wins
    // at ×10 too ($700).
    Verdict cheap = Verdict.of(MODEL, List.of(proposal(StoreId.DYNAMODB, 100, List.of())), r);
    assertThat(cheap.choice()).isEqualTo("dynamodb");
    assertThat(cheap.sensitivity().get(0)).startsWith("×2 the rates: still dynamodb");
    assertThat(cheap.sensitivity().get(1)).startsWith("×10 the rates: stay relational");
    // A store at $1,000 a month loses to the primary at once.
    Verdict dear = Verdict.of(MODEL, List.of(proposal(StoreId.DYNAMODB, 1_000, List.of())), r);
    assertThat(dear.choice()).isEqualTo("relational");
    assertThat(dear.reasons().get(0)).contains("against $1,000.00 for Amazon DynamoDB");
  }

  @Test
  void aBudget_leavesOutEveryOptionThatCostsMore_atEachRateMultiplier() {
    RelationalBaseline r = RelationalBaseline.of(MODEL, Prices.DEFAULTS);
    Constraints budget =
        new Constraints(
            OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(), OptionalDouble.of(500));
    // The store's $100 a month (×1) and $200 (×2) are within $500; at ×10 it costs $1,000, and
    // the relational primary's flat ~$736 is over $500 at every multiplier: nothing is left.
    Verdict v = Verdict.of(MODEL, List.of(proposal(StoreId.DYNAMODB, 100, List.of())), r, budget);
    assertThat(v.choice()).isEqualTo("dynamodb");
    assertThat(v.reasons()).last().asString().contains("over the budget of $500.00");
    assertThat(v.sensitivity().get(0)).startsWith("×2 the rates: still dynamodb");
    assertThat(v.sensitivity().get(1))
        .startsWith(
            "×10 the rates: none (no proposal passes within the budget of $500.00 a month:"
                + " Amazon DynamoDB $1,000.00)");
    // Without the budget, ×10 goes to the relational primary, cheaper than $1,000.
    Verdict free = Verdict.of(MODEL, List.of(proposal(StoreId.DYNAMODB, 100, List.of())), r);
    assertThat(free.sensitivity().get(1)).startsWith("×10 the rates: stay relational");
  }

  @Test
  void aProposalThatMissesAConstraint_doesNotPass() {
    RelationalBaseline r = RelationalBaseline.of(MODEL, Prices.DEFAULTS);
    Proposal cheap = proposal(StoreId.CASSANDRA, 10, List.of());
    Proposal short_ =
        new Proposal(
            cheap.store(),
            cheap.section(),
            cheap.files(),
            cheap.decisions(),
            cheap.unsupported(),
            cheap.findings(),
            cheap.analysis(),
            cheap.storedBytes(),
            cheap.storedAtLeastBytes(),
            cheap.costs(),
            cheap.requests(),
            List.of("3 nodes per datacenter, as fixed, carry less than the workload needs: 4"));
    assertThat(cheap.passes()).isTrue();
    assertThat(short_.passes()).isFalse();
    // At $10 a month the store would win; missing its node count, the relational primary does.
    Verdict v = Verdict.of(MODEL, List.of(short_), r);
    assertThat(v.choice()).isEqualTo("relational");
    assertThat(v.reasons().get(0))
        .endsWith(
            "and no store's proposal passes without an error, an unsupported pattern or an unmet constraint");
  }
}
