package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A sparse global index (issue 16 §2, the complaint-management design): the escalation index is
 * keyed by {@code escalated_to}, which 2% of complaints carry ({@code present: 2%}, docs/model.md
 * "Sparse attributes"). DynamoDB writes an index entry only for an item carrying the index key
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-indexes-general-sparse-indexes.html),
 * so the index holds, stores and is written for 2% of the complaints. Every figure is compared with
 * the same design whose attribute every complaint carries (what keyplan counted before).
 *
 * <p>The item, by ItemSize's rules (name bytes + value bytes): PK {@code "C#{complaint_id}"} 2 + (2
 * + 16) = 20, GSI1PK {@code "E#{escalated_to}"} 6 + (2 + 16) = 24, customer_id 11 + 16 = 27, body 4
 * + 900 = 904: 975 B, under 1 KB, so one write unit; the ALL-projected entry is the same 975 B, and
 * storage adds 100 B a item and a entry.
 */
final class DynamoDbSparseIndexTest {

  private static final String COMPLAINTS =
      """
      model: complaints
      horizon: 365d
      entities:
        Complaint:
          attributes:
            complaint_id: {type: text, size: 16B}
            customer_id: {type: text, size: 16B}
            body: {type: text, size: 900B}
            escalated_to: {type: text, size: 16B%s}
          key: [complaint_id]
          count: 10M
          spread:
            escalated_to: {distinct: 10k}
      patterns:
        - id: file
          rate: 100/s
          insert: Complaint
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

  private static DynamoDbAnalysis analyze(String present) {
    Model m = ModelReader.read("m.yaml", COMPLAINTS.formatted(present), Path.of("."));
    return DynamoDbAnalyzer.analyze(m);
  }

  private static DynamoDbAnalysis sparse() {
    return analyze(", present: 2%");
  }

  private static DynamoDbAnalysis dense() {
    return analyze("");
  }

  private static DynamoDbCost index(DynamoDbAnalysis a) {
    return a.cost("Complaints.Escalations").orElseThrow();
  }

  @Test
  void theItemIs975Bytes_andTheAverageItem951_sinceOnlyTheEscalatedCarryGsi1pk() {
    // An item without escalated_to has no GSI1PK either (its template needs the value): the
    // average item is 975 − 0.98 × 24 = 951.48, 951 B; an escalated one, and its entry, 975 B.
    DynamoDbItem complaint = sparse().tables().get(0).items().get(0);
    assertThat(complaint.bytes()).isEqualTo(951);
    assertThat(complaint.fullBytes()).isEqualTo(975);
    assertThat(dense().tables().get(0).items().get(0).bytes()).isEqualTo(975);
  }

  @Test
  void theIndexHoldsTwoPercentOfTheComplaints() {
    // 0.02 × 10M = 200,000 entries of 975 + 100 B = 215,000,000 B; every complaint would be
    // 10M × 1,075 = 10,750,000,000 B.
    double[] sparse = sparse().sizing().get("Complaints").indexes().get("Escalations");
    double[] dense = dense().sizing().get("Complaints").indexes().get("Escalations");
    assertThat(sparse[0]).isCloseTo(200_000, within(1e-6));
    assertThat(sparse[1]).isCloseTo(215_000_000, within(1e-3));
    assertThat(dense[0]).isEqualTo(10_000_000);
    assertThat(dense[1]).isEqualTo(10_750_000_000.0);
    // Storage at $0.25 per GB-month of 2^30 B: 215e6 / 2^30 × 0.25 = $0.050059 (dense $2.5029:
    // 10.0117 GB).
    assertThat(index(sparse()).storageMonthly()).isCloseTo(0.0500586, within(1e-7));
    assertThat(index(dense()).storageMonthly()).isCloseTo(2.5029294, within(1e-7));
    // The table itself still holds every complaint.
    assertThat(sparse().sizing().get("Complaints").items()).isEqualTo(10_000_000);
  }

  @Test
  void aPutWritesTheIndexForTheComplaintsThatCarryTheKey() {
    // A put: 1 WCU on the table; an index entry of 975 B (1 WCU) for the 2% that are escalated,
    // 0.02 WCU on average. At 100/s the index takes 100 × 0.02 = 2 WCU/s (100 if every complaint
    // were in it), $0.625 per million × 2,628,000 s: 2 × 2.628 × 0.625 = $3.285 a month (dense
    // $164.25).
    assertThat(sparse().plan("file").orElseThrow().writeUnits()).isCloseTo(1.02, within(1e-12));
    assertThat(dense().plan("file").orElseThrow().writeUnits()).isEqualTo(2);
    assertThat(index(sparse()).writeUnits()).isCloseTo(2, within(1e-9));
    assertThat(index(dense()).writeUnits()).isEqualTo(100);
    assertThat(index(sparse()).writesMonthly()).isCloseTo(3.285, within(1e-9));
    assertThat(index(dense()).writesMonthly()).isCloseTo(164.25, within(1e-9));
  }

  @Test
  void aQueryOfOneStaffMembersEscalationsReadsTheirShareOfTheIndex() {
    // escalated_to's spread counts the complaints that carry it: 200,000 entries over 10,000
    // staff members are 20 a key, all read under the limit of 100: 20 × 975 = 19,500 B, 5 blocks
    // of 4 KB, eventually consistent 2.5 RCU. Dense, 10M / 10,000 = 1,000 a key, the limit stops
    // at 100: 97,500 B, 24 blocks (23.8 rounded up), 12 RCU.
    DynamoDbPlan sparse = sparse().plan("escalated").orElseThrow();
    DynamoDbPlan dense = dense().plan("escalated").orElseThrow();
    assertThat(sparse.path().orElseThrow().name()).isEqualTo("Escalations");
    assertThat(sparse.itemsEvaluated().typical()).isCloseTo(20, within(1e-9));
    assertThat(sparse.readUnits()).isEqualTo(2.5);
    assertThat(dense.itemsEvaluated().typical()).isEqualTo(100);
    assertThat(dense.readUnits()).isEqualTo(12);
  }

  @Test
  void theEscalationIndexCostsAboutTwoPercentOfWhatItDidWhenEveryComplaintWasInIt() {
    // Monthly on demand, reads at $0.125 and writes at $0.625 per million × 2.628M s a month:
    // sparse 2.628 × (10 × 2.5 × 0.125 + 2 × 0.625) + 0.0500586 = 11.4975 + 0.0500586 = $11.5476;
    // dense 2.628 × (10 × 12 × 0.125 + 100 × 0.625) + 2.5029294 = 203.67 + 2.5029294 = $206.1729.
    // Storage and writes are 2% exactly; reads are what the smaller key holds (2.5 / 12 RCU).
    assertThat(index(sparse()).monthly()).isCloseTo(11.5475586, within(1e-6));
    assertThat(index(dense()).monthly()).isCloseTo(206.1729294, within(1e-6));
    assertThat(index(sparse()).storageMonthly() / index(dense()).storageMonthly())
        .isCloseTo(0.02, within(1e-12));
    assertThat(index(sparse()).writesMonthly() / index(dense()).writesMonthly())
        .isCloseTo(0.02, within(1e-12));
  }

  @Test
  void anUpdateThatSetsTheKeyPutsTheItemInTheIndex() {
    // Escalating sets escalated_to: the item carries it afterwards, so its presence does not
    // discount the index write. Changing an index key writes 2 entries (delete + put, GSI.md),
    // 1 WCU each: 1 + 2 = 3 WCU, as for an index every item is in.
    DynamoDbAnalysis a =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml",
                COMPLAINTS
                    .formatted(", present: 2%")
                    .replace(
                        "  - id: file\n",
                        "  - id: escalate\n"
                            + "    rate: 1/s\n"
                            + "    update: Complaint set escalated_to where complaint_id = ?\n"
                            + "  - id: file\n"),
                Path.of(".")));
    assertThat(a.plan("escalate").orElseThrow().writeUnits()).isEqualTo(3);
  }
}
