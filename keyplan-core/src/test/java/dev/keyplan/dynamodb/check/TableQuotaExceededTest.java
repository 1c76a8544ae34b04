package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TableQuotaExceeded compares each copy's peak units per second with DynamoDB's default quotas:
 * 40,000 read and 40,000 write units on the table and on each GSI on its own (error), 80,000 for a
 * provisioned table and its GSIs together (the account-level quota, error), and on demand the
 * 12,000 read and 4,000 write units a new table sustains (warning).
 *
 * <p>A Product item is PK 2 + 38, GSI1PK 6 + 4 + 10, product_id 10 + 36, category 8 + 10, body 4 +
 * 3,000 = 3,128 B: an eventually consistent GetItem is 1 block × 0.5 = 0.5 RCU; an update of body
 * is ⌈3,128 / 1,024⌉ = 4 WCU on the table and 4 on GSI1, which projects it (ALL).
 */
final class TableQuotaExceededTest {
  private final RuleTester tester = RuleTester.of(TableQuotaExceeded.class);

  private static String model(String pageRate, String updateRate, String tables) {
    return """
        model: catalog
        horizon: 1d
        entities:
          Product:
            attributes:
              product_id: uuid
              category: {type: text, size: 10B}
              body: {type: text, size: 3000B}
            key: [product_id]
            count: 10M
            spread:
              category: {distinct: 1000}
        patterns:
          - id: product-page
            rate: %s
            query: Product where product_id = ?
          - id: update-product
            rate: %s
            update: Product set body where product_id = ?
        dynamodb:
          tables:
        """
            .formatted(pageRate, updateRate)
        + tables;
  }

  @Test
  void onDemandTableOverTheTableQuota_isError_itsIndexOverTheNewTableStart_isWarning() {
    //   Products: reads 100,000/s × 0.5 = 50,000 RCU/s = 125% of 40,000 ⇒ error; writes 5,000/s × 4
    // = 20,000 WCU/s
    //   GSI1:     writes 5,000/s × 4 = 20,000 WCU/s: under 40,000, over the 4,000 a new on-demand
    // index starts with ⇒ warning
    List<Finding> found =
        tester
            .model(
                model(
                    "100k/s",
                    "5k/s",
                    """
            Products: # FINDING: TableQuotaExceeded [error]: table Products needs 50,000 RCU/s (125%) and 20,000 WCU/s (50%) at peak
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK} # FINDING: TableQuotaExceeded [warning]: global index Products.GSI1 needs 0 read and 20,000 write units per second
              items:
                Product:
                  keys: {PK: "P#{product_id}", GSI1PK: "CAT#{category}"}
        """))
            .expectMarkedFindings();
    assertThat(found)
        .extracting(Finding::fix)
        .anySatisfy(
            f ->
                assertThat(f)
                    .contains(
                        "table-level read throughput quota in Service Quotas (it is adjustable) to at least 50,000 RCU")
                    .contains(
                        "WarmThroughput: ReadUnitsPerSecond 50,000, WriteUnitsPerSecond 20,000"));
  }

  @Test
  void tableAndIndex_areEachUnderTheQuota_notTheirSum() {
    // 7,500 updates/s × 4 WCU = 30,000 WCU/s on the table and 30,000 on GSI1: 60,000 together, but
    // the quota applies to each copy on its own ⇒ no error; each is over a new on-demand table's
    // 4,000 write units ⇒ two warnings. Reads: 10,000/s × 0.5 = 5,000 RCU/s, under 12,000.
    tester
        .model(
            model(
                "10k/s",
                "7500/s",
                """
            Products: # FINDING: TableQuotaExceeded [warning]: on-demand table Products needs 5,000 read and 30,000 write units per second
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK} # FINDING: TableQuotaExceeded [warning]: Products.GSI1 needs 0 read and 30,000 write units
              items:
                Product:
                  keys: {PK: "P#{product_id}", GSI1PK: "CAT#{category}"}
        """))
        .expectMarkedFindings();
  }

  @Test
  void provisionedTableAndIndexes_overTheAccountQuotaTogether_isError() {
    // Each copy provisions 35,000 WCU, under 40,000; together 3 × 35,000 = 105,000 WCU, over the
    // account's 80,000 ⇒ one error at the table. Provisioned tables start at what they provision:
    // no warm-throughput warning.
    List<Finding> found =
        tester
            .model(
                model(
                    "100/s",
                    "10/s",
                    """
            Products: # FINDING: TableQuotaExceeded [error]: need 1,002 RCU/s and 105,000 WCU/s together
              partition_key: PK
              capacity: {read: 1000, write: 35000}
              indexes:
                GSI1: {partition_key: GSI1PK, capacity: {read: 1, write: 35000}}
                GSI2: {partition_key: GSI2PK, capacity: {read: 1, write: 35000}}
              items:
                Product:
                  keys: {PK: "P#{product_id}", GSI1PK: "CAT#{category}", GSI2PK: "C2#{category}"}
        """))
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .contains("account-level write throughput quota (provisioned mode)")
        .contains("to at least 105,000 WCU");
  }

  @Test
  void quotaDrivenByAScan_fixServesTheScanFirst() {
    // Without GSI1PK a Product item is 3,128 − 20 = 3,108 B. find-by-body gives no key: a Scan of
    // 10,000,000 × 3,108 B = 31.08 GB, each 1 MB page billed on its own: a page holds
    // ⌈1,048,576 / 3,108⌉ = 338 items = 1,050,504 B = 257 blocks; 29,585 full pages and 839,160 B
    // (205 blocks) give 7,603,550 blocks × 0.5 = 3,801,775 RCU a request; once a second, with 200
    // RCU/s of product pages (400/s × 0.5), 3,801,975 RCU/s on the table ⇒ error. The Scan carries
    // more than half of it, so the fix
    // starts with the Scan, not with a quota increase.
    List<Finding> found =
        tester
            .model(
                """
        model: catalog
        horizon: 1d
        entities:
          Product:
            attributes:
              product_id: uuid
              category: {type: text, size: 10B}
              body: {type: text, size: 3000B}
            key: [product_id]
            count: 10M
        patterns:
          - id: product-page
            rate: 400/s
            query: Product where product_id = ?
          - id: find-by-body
            rate: 1/s
            query: Product where body = ?
        dynamodb:
          tables:
            Products: # FINDING: TableQuotaExceeded [error]: needs 3,801,975 RCU/s (9,505%) and 0 WCU/s (0%) at peak: over the default table-level quota of 40,000 read and 40,000 write units per second, which applies to the table and to each of its global indexes; from find-by-body 3,801,775 RCU/s (a Scan), product-page 200 RCU/s
              partition_key: PK
              items:
                Product:
                  keys: {PK: "P#{product_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith(
            "first serve find-by-body without a Scan (ScanOnHotPath names the index);"
                + " else request an increase of the table-level read throughput quota");
  }

  @Test
  void quietOnDemandTable_isNotFlagged() {
    // 400/s × 0.5 = 200 RCU/s and 20/s × 4 = 80 WCU/s per copy: far under every quota.
    tester
        .model(
            model(
                "400/s",
                "20/s",
                """
            Products:
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK}
              items:
                Product:
                  keys: {PK: "P#{product_id}", GSI1PK: "CAT#{category}"}
        """))
        .expectMarkedFindings();
  }
}
