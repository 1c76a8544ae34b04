package dev.keyplan.dynamodb.facts;

import static dev.keyplan.dynamodb.facts.Capacity.Read.EVENTUAL;
import static dev.keyplan.dynamodb.facts.Capacity.Read.STRONG;
import static dev.keyplan.dynamodb.facts.Capacity.Read.TRANSACTIONAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.dynamodb.facts.Capacity.IndexChange;
import dev.keyplan.dynamodb.facts.Capacity.Write;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

final class CapacityTest {
  private static final long KB = 1024;

  // mhart/dynalite test/putItem.js "ConsumedCapacity for small item" / "larger item": 1,024 B is
  // one 1 KB unit, 1,025 B two.
  @Test
  void write_1024And1025Bytes_are1And2Wcu() {
    assertThat(Capacity.write(0, 1_024, Write.STANDARD)).isEqualTo(1);
    assertThat(Capacity.write(0, 1_025, Write.STANDARD)).isEqualTo(2);
  }

  // mhart/dynalite test/getItem.js: eventually consistent 4,096 B = 1 block x 0.5, 4,097 B =
  // 2 blocks x 0.5.
  @Test
  void getItem_4096And4097BytesEventual_areHalfAndOneRcu() {
    assertThat(Capacity.getItem(4_096, EVENTUAL)).isEqualTo(0.5);
    assertThat(Capacity.getItem(4_097, EVENTUAL)).isEqualTo(1.0);
  }

  // ProvisionedThroughput.md: 3.5 KB rounds to 4 KB (1 / 0.5 / 2), 8 KB is 2 / 1 / 4, 10 KB
  // rounds to 12 KB: 3 strong, 1.5 eventual.
  @Test
  void getItem_developerGuideSizes_roundTo4Kb() {
    assertThat(Capacity.getItem(3_584, STRONG)).isEqualTo(1.0);
    assertThat(Capacity.getItem(3_584, EVENTUAL)).isEqualTo(0.5);
    assertThat(Capacity.getItem(3_584, TRANSACTIONAL)).isEqualTo(2.0);
    assertThat(Capacity.getItem(8 * KB, STRONG)).isEqualTo(2.0);
    assertThat(Capacity.getItem(8 * KB, EVENTUAL)).isEqualTo(1.0);
    assertThat(Capacity.getItem(8 * KB, TRANSACTIONAL)).isEqualTo(4.0);
    assertThat(Capacity.getItem(10 * KB, STRONG)).isEqualTo(3.0);
    assertThat(Capacity.getItem(10 * KB, EVENTUAL)).isEqualTo(1.5);
  }

  // read-write-operations page: reading a missing item costs 1 RCU strong, 0.5 eventual.
  @Test
  void getItem_missingItem_stillCostsAUnit() {
    assertThat(Capacity.getItem(0, STRONG)).isEqualTo(1.0);
    assertThat(Capacity.getItem(0, EVENTUAL)).isEqualTo(0.5);
  }

  // ProvisionedThroughput.md: Query of 10 items totalling 40.8 KB (41,779.2 B; here ten of
  // 4,178 B = 41,780 B) rounds once to 44 KB = 11 RCU strong, 5.5 eventual; rounding per item
  // would give 20.
  @Test
  void query_tenItemsTotalling40Point8Kb_is11RcuStrong() {
    List<Long> items = Collections.nCopies(10, 4_178L);
    assertThat(Capacity.query(items, STRONG)).isEqualTo(11.0);
    assertThat(Capacity.query(items, EVENTUAL)).isEqualTo(5.5);
    assertThat(Capacity.batchGetItem(items, STRONG)).isEqualTo(20.0);
  }

  // read-write-operations page: a Query of 1,500 items of 64 B is 96,000 B (93.75 KB), which
  // rounds to 96 KB: 24 RCU strong, 12 eventual.
  @Test
  void query_1500ItemsOf64Bytes_is24RcuStrong() {
    assertThat(Capacity.query(Collections.nCopies(1_500, 64L), STRONG)).isEqualTo(24.0);
    assertThat(Capacity.query(1_500 * 64L, EVENTUAL)).isEqualTo(12.0);
  }

  // GSI.md: a GSI query of 8 entries x 2,000 B = 16,000 B -> 16 KB -> 4 x 0.5 = 2 RCU; and an
  // eventually consistent read of 80 KB is 20 blocks x 0.5 = 10 RCU.
  @Test
  void query_gsiEntriesAndEventual80Kb_matchGuide() {
    assertThat(Capacity.query(Collections.nCopies(8, 2_000L), EVENTUAL)).isEqualTo(2.0);
    assertThat(Capacity.query(80 * KB, EVENTUAL)).isEqualTo(10.0);
  }

  // Issue 16 §3: each 1 MB page is a call of its own, rounded on its own. 10,000 items of 400 B:
  // a page holds ⌈1,048,576 / 400⌉ = 2,622 items = 1,048,800 B = ⌈256.05⌉ = 257 blocks (128.5 RCU
  // eventual, the measured 1 MB Scan page of dbi-services.com, "DynamoDB Scan pagination"); 3 full
  // pages and the rest, 4,000,000 − 3 × 1,048,800 = 853,600 B = ⌈208.4⌉ = 209 blocks: (3 × 257 +
  // 209) × 0.5 = 490 RCU. Rounded once, 4,000,000 B is ⌈976.6⌉ = 977 blocks, 488.5 RCU.
  @Test
  void pagedQuery_roundsEachPageOnItsOwn() {
    assertThat(Capacity.pagedQuery(4_000_000, 400, EVENTUAL)).isEqualTo(490.0);
    assertThat(Capacity.query(4_000_000L, EVENTUAL)).isEqualTo(488.5);
    assertThat(Capacity.pages(4_000_000, 400)).isEqualTo(4.0);
    // One page alone is the single rounding of query(): 1,500 items of 64 B, 12 RCU eventual.
    assertThat(Capacity.pagedQuery(1_500 * 64, 64, EVENTUAL)).isEqualTo(12.0);
    assertThat(Capacity.pages(1_500 * 64, 64)).isEqualTo(1.0);
    // Exactly 2 full pages of 4 KB items (256 per page, 1 MiB each, 256 blocks): 2 calls, 512
    // blocks strong, the same as rounding once since each page is whole blocks.
    assertThat(Capacity.pagedQuery(512 * 4_096, 4_096, STRONG)).isEqualTo(512.0);
    assertThat(Capacity.pages(512 * 4_096, 4_096)).isEqualTo(2.0);
  }

  @Test
  void query_transactional_isRejected() {
    assertThatThrownBy(() -> Capacity.query(1, TRANSACTIONAL))
        .isInstanceOf(IllegalArgumentException.class);
  }

  // read-write-operations page: BatchGetItem of 1.5 KB and 6.5 KB rounds each item, 4 + 8 =
  // 12 KB = 3 RCU strong (not 8 KB / 2 RCU); TransactGetItems of three 500 B items is 3 x 2 = 6.
  @Test
  void batchGetItem_perItemRounding_is3RcuStrong() {
    assertThat(Capacity.batchGetItem(List.of(1_536L, 6_656L), STRONG)).isEqualTo(3.0);
    assertThat(Capacity.batchGetItem(List.of(500L, 500L, 500L), TRANSACTIONAL)).isEqualTo(6.0);
  }

  // read-write-operations page: BatchWriteItem of 500 B and 3.5 KB is 1 + 4 = 5 WCU, not 4.
  @Test
  void batchWrite_500BytesAnd3Point5Kb_is5Wcu() {
    assertThat(Capacity.batchWrite(List.of(500L, 3_584L), Write.STANDARD)).isEqualTo(5);
  }

  // transaction-apis.md: a TransactWriteItems of three 500 B items is 3 x 1 KB x 2 = 6 WCU.
  @Test
  void batchWrite_transactionOfThree500ByteItems_is6Wcu() {
    assertThat(Capacity.batchWrite(List.of(500L, 500L, 500L), Write.TRANSACTIONAL)).isEqualTo(6);
  }

  // read-write-operations page: the larger of before and after counts. PutItem of 1.6 KB is
  // 2 WCU, 500 B 1 WCU; an update of a small attribute of a 3 KB item 3 WCU; dynalite
  // "larger item": shrinking the 1,025 B item to 11 B still costs 2; DeleteItem of a missing
  // item costs 1 (dynalite).
  @Test
  void write_largerOfBeforeAndAfter_isCharged() {
    assertThat(Capacity.write(0, 1_638, Write.STANDARD)).isEqualTo(2);
    assertThat(Capacity.write(0, 500, Write.STANDARD)).isEqualTo(1);
    assertThat(Capacity.write(3 * KB, 3 * KB + 8, Write.STANDARD)).isEqualTo(4);
    assertThat(Capacity.write(3 * KB, 3 * KB, Write.STANDARD)).isEqualTo(3);
    assertThat(Capacity.write(1_025, 11, Write.STANDARD)).isEqualTo(2);
    assertThat(Capacity.write(0, 0, Write.STANDARD)).isEqualTo(1);
  }

  // Seed 000: 3 KB items at 400 eventually consistent reads/s -> 400 x 0.5 = 200 RCU; a 20 KB
  // strong read -> 20 / 4 = 5 RCU. ProvisionedThroughput.md: 80 strong reads/s of 3 KB = 80 RCU;
  // 100 writes/s of 512 B = 100 WCU.
  @Test
  void rates_seedAndGuideExamples_match() {
    assertThat(Capacity.readRate(400, 3 * KB, EVENTUAL)).isEqualTo(200.0);
    assertThat(Capacity.getItem(20 * KB, STRONG)).isEqualTo(5.0);
    assertThat(Capacity.readRate(80, 3 * KB, STRONG)).isEqualTo(80.0);
    assertThat(Capacity.writeRate(100, 512, Write.STANDARD)).isEqualTo(100.0);
  }

  // GSI.md "Provisioned throughput considerations": new entry +1, key A -> B +2, index attribute
  // removed +1, not indexed before or after 0, only a projected attribute changed +1.
  @Test
  void indexChange_gsiCases_writeAsTheGuideSays() {
    assertThat(IndexChange.newEntry().writes()).isEqualTo(1);
    assertThat(IndexChange.keyValueChange().writes()).isEqualTo(2);
    assertThat(IndexChange.entryRemoved().writes()).isEqualTo(1);
    assertThat(IndexChange.neverIndexed().writes()).isZero();
    assertThat(IndexChange.projectedOnlyChange().writes()).isEqualTo(1);
    assertThat(new IndexChange(true, true, false, false).writes()).isZero();
  }

  // GSI.md's cases assume entries of at most 1 KB; larger entries round to 1 KB each: a key
  // change from a 1.5 KB entry to a 300 B one deletes 2 blocks and puts 1.
  @Test
  void indexChange_units_roundEachEntry() {
    assertThat(IndexChange.newEntry().units(0, 300)).isEqualTo(1);
    assertThat(IndexChange.keyValueChange().units(1_536, 300)).isEqualTo(3);
    assertThat(IndexChange.entryRemoved().units(2_048, 0)).isEqualTo(2);
    assertThat(IndexChange.projectedOnlyChange().units(900, 1_100)).isEqualTo(2);
    assertThat(IndexChange.neverIndexed().units(0, 0)).isZero();
  }

  // 1 MB pages (ServiceQuotas): 4 KB items -> 1,048,576 / 4,096 = 256 per page, so 1,000 items
  // take ceil(1,000 / 256) = 4 Query calls; 1,000 B items -> ceil(1,048.576) = 1,049 per page.
  @Test
  void queryCalls_pagesOf1Mb_countCalls() {
    assertThat(Capacity.itemsPerPage(4 * KB)).isEqualTo(256);
    assertThat(Capacity.queryCalls(1_000, 4 * KB)).isEqualTo(4);
    assertThat(Capacity.queryCalls(256, 4 * KB)).isEqualTo(1);
    assertThat(Capacity.queryCalls(257, 4 * KB)).isEqualTo(2);
    assertThat(Capacity.itemsPerPage(1_000)).isEqualTo(1_049);
    assertThat(Capacity.queryCalls(0, 1_000)).isEqualTo(1);
  }

  @Test
  void blocks_negativeSize_isRejected() {
    assertThatThrownBy(() -> Capacity.readBlocks(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Capacity.itemsPerPage(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
