package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.Model;
import dev.keyplan.simulate.SimulationResult;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The same model, setup and seed give the same run; another seed another. */
final class DeterminismTest {
  /** Everything a run shows, as text: findings, tables, events, every series value, notes. */
  private static String all(SimulationResult r) {
    StringBuilder b = new StringBuilder();
    b.append(r.settings())
        .append(r.findings())
        .append(r.tables().stream().map(t -> t.rows().toString()).toList())
        .append(r.events())
        .append(r.notes());
    for (SimulationResult.Series.Row row : r.series().rows()) {
      b.append(row.second()).append(row.subject()).append(Arrays.toString(row.values()));
    }
    return b.toString();
  }

  @Test
  void sameSeed_sameRun_otherSeed_otherRun() {
    Model m = Sims.example("flash-sale.yaml");
    DynamoDbSetup setup =
        DynamoDbSetup.defaults().withCapacity(DynamoDbSetup.CapacityMode.provisioned(1_500, 800));
    String first = all(Sims.run(m, setup, 1_800, 4).result());
    assertThat(all(Sims.run(m, setup, 1_800, 4).result())).isEqualTo(first);
    assertThat(all(Sims.run(m, setup, 1_800, 5).result())).isNotEqualTo(first);
  }
}
