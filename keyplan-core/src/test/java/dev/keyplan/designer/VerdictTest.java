package dev.keyplan.designer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
}
