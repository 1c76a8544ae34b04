package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/** ConsumedCapacity responses, read into units per table and index under the design's names. */
final class ConsumedTest {
  private static String design(String prefixed) {
    return prefixed.replaceFirst("^kp_", "");
  }

  @Test
  void aGlobalIndexQuery_isChargedToTheIndex() {
    // As dynalite answers a GSI query with INDEXES: the table at 0, the index at 1.5.
    ConsumedCapacity c =
        ConsumedCapacity.builder()
            .tableName("kp_AppTable")
            .capacityUnits(1.5)
            .table(Capacity.builder().capacityUnits(0.0).build())
            .globalSecondaryIndexes(Map.of("GSI1", Capacity.builder().capacityUnits(1.5).build()))
            .build();
    Consumed x = new Consumed();
    x.add(c, ConsumedTest::design);
    assertThat(x.on("AppTable")).isEqualTo(0);
    assertThat(x.on("AppTable.GSI1")).isEqualTo(1.5);
    assertThat(x.total()).isEqualTo(1.5);
  }

  @Test
  void aLocalIndex_isKeptApartFromTheTable() {
    ConsumedCapacity c =
        ConsumedCapacity.builder()
            .tableName("kp_Readings")
            .capacityUnits(1.5)
            .table(Capacity.builder().capacityUnits(1.0).build())
            .localSecondaryIndexes(
                Map.of("ByQuality", Capacity.builder().capacityUnits(0.5).build()))
            .build();
    Consumed x = new Consumed();
    x.add(c, ConsumedTest::design);
    assertThat(x.byCopy())
        .containsExactly(Map.entry("Readings", 1.0), Map.entry("Readings.ByQuality", 0.5));
  }

  @Test
  void aTotalWithoutBreakdown_isTheTables_andCallsAddUp() {
    Consumed x = new Consumed();
    x.addAll(
        List.of(
            ConsumedCapacity.builder().tableName("kp_T").capacityUnits(1.0).build(),
            ConsumedCapacity.builder().tableName("kp_T").capacityUnits(2.0).build()),
        ConsumedTest::design);
    x.add(null, ConsumedTest::design);
    assertThat(x.on("T")).isEqualTo(3.0);
    assertThat(x.on("U")).isEqualTo(0);
  }
}
