package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import org.junit.jupiter.api.Test;

/**
 * simulate sizes a sparse global index as the analysis does (issue 16 §2): only the items that
 * carry its key attribute are in it, so its partitions for size count those items' entries.
 *
 * <p>The complaint item of DynamoDbSparseIndexTest is 975 B (PK 20 + GSI1PK 24 + customer_id 27 +
 * body 904), its ALL-projected entry the same plus 100 B of storage. 1B complaints fill the index
 * with 10⁹ × 1,075 = 1.075 × 10¹² B when every one is in it: ⌈1.075 × 10¹² / (10 × 2³⁰)⌉ = 101
 * partitions of 10 GB. With {@code present: 2%}, 2 × 10⁷ × 1,075 = 2.15 × 10¹⁰ B, 3 partitions for
 * size, so the 4 a new on-demand copy starts with.
 */
final class SparseIndexPartitionsTest {
  private static final String COMPLAINTS =
      """
      model: complaints
      horizon: 1d
      entities:
        Complaint:
          attributes:
            complaint_id: {type: text, size: 16B}
            customer_id: {type: text, size: 16B}
            body: {type: text, size: 900B}
            escalated_to: {type: text, size: 16B%s}
          key: [complaint_id]
          count: 1B
          spread:
            escalated_to: {distinct: 10k}
      patterns:
        - id: escalated
          rate: 10/s
          query: Complaint where escalated_to = ? limit 100
      dynamodb:
        tables:
          Complaints:
            partition_key: PK
            indexes:
              Escalations: {partition_key: GSI1PK}
            items:
              Complaint:
                keys: {PK: "C#{complaint_id}", GSI1PK: "E#{escalated_to}"}
                attributes: [customer_id, body]
      """;

  private static int indexPartitions(String present) {
    DynamoDbRun run = Sims.run(COMPLAINTS.formatted(present), DynamoDbSetup.defaults(), 10);
    return run.copies().stream()
        .filter(c -> c.copy().equals("Complaints.Escalations"))
        .findFirst()
        .orElseThrow()
        .initialPartitions();
  }

  @Test
  void aSparseIndexStartsWithThePartitionsOfTheItemsItHolds() {
    double gb10 = DynamoDbLimits.MAX_PARTITION_BYTES;
    assertThat((int) Math.ceil(1e9 * 1_075 / gb10)).isEqualTo(101);
    assertThat(indexPartitions("")).isEqualTo(101);
    assertThat(indexPartitions(", present: 2%")).isEqualTo(4);
  }
}
