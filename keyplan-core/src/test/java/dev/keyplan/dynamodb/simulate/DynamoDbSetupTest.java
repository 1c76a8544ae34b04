package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.dynamodb.facts.Capacity;
import org.junit.jupiter.api.Test;

/** The options' defaults, and each bad value refused with its reason and the value. */
final class DynamoDbSetupTest {
  @Test
  void defaults_areTheDocumentedOnes() {
    DynamoDbSetup d = DynamoDbSetup.defaults();
    assertThat(d.capacity()).isEmpty();
    assertThat(d.table()).isEmpty();
    assertThat(d.burstFullAtStart()).isTrue();
    assertThat(d.partitions()).isEmpty();
    assertThat(d.heatSplitSeconds()).isEqualTo(300);
    assertThat(d.heatSplitShare()).isEqualTo(1);
    assertThat(d.onDemandPeakRead()).isEqualTo(6_000);
    assertThat(d.onDemandPeakWrite()).isEqualTo(2_000);
    assertThat(d.traceReads()).isEqualTo(Capacity.Read.EVENTUAL);
    assertThat(d.hotKeys()).isEqualTo(10);
  }

  @Test
  void badValues_areRefusedWithTheValue() {
    DynamoDbSetup d = DynamoDbSetup.defaults();
    assertThatThrownBy(() -> d.withPartitions(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("partitions must be from 1 to 100000, not 0");
    assertThatThrownBy(() -> d.withHeatSplit(0, 1))
        .hasMessage("heat split delay must be at least 1 s, not 0");
    assertThatThrownBy(() -> d.withHeatSplit(300, 0))
        .hasMessageContaining("heat split share must be above 0");
    assertThatThrownBy(() -> d.withOnDemandPeaks(0, 2_000))
        .hasMessageContaining("at least 1 RRU, not 0.0");
    assertThatThrownBy(() -> d.withTraceReads(Capacity.Read.TRANSACTIONAL))
        .hasMessageContaining("not transactional");
    assertThatThrownBy(() -> d.withHotKeys(-1)).hasMessageContaining("not -1");
    assertThatThrownBy(() -> d.withTable(" ")).hasMessageContaining("not be blank");
    assertThatThrownBy(() -> DynamoDbSetup.CapacityMode.provisioned(0, 100))
        .hasMessage("provisioned read capacity must be from 1 to 40,000,000 RCU, not 0.0");
    assertThatThrownBy(() -> new DynamoDbSetup.CapacityMode(true, 5, 0))
        .hasMessageContaining("no provisioned units");
  }

  @Test
  void theSimulator_refusesATableTheDesignDoesNotHave() {
    assertThatThrownBy(
            () ->
                Sims.run(
                    Sims.example("flash-sale.yaml"),
                    DynamoDbSetup.defaults().withTable("Sales"),
                    10,
                    1))
        .hasMessage("no table Sales in the model's dynamodb: section; it has ProductSales");
  }
}
