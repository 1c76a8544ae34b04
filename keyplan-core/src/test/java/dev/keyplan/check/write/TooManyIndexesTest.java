package dev.keyplan.check.write;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * TooManyIndexes counts a table's global secondary indexes: a warning above the 5 of seed 003, an
 * error above the default quota of 20.
 *
 * <p>The catalog models index a product by N attributes a01…aNN (text of 10 B), one GSI each, ALL
 * projected. Item: PK "P#{product_id}" 2 + 38 = 40 B, product_id 10 + 36 = 46 B, each aNN 3 + 10 =
 * 13 B. 100 puts/s at 1 WCU each on the table and 1 WCU on every GSI (a new entry of ≤ 1 KB).
 */
final class TooManyIndexesTest {
  private final RuleTester tester = RuleTester.of(TooManyIndexes.class);

  private static String catalog(int indexes, String marker) {
    StringBuilder attributes = new StringBuilder();
    StringBuilder gsis = new StringBuilder();
    for (int i = 1; i <= indexes; i++) {
      String a = String.format("a%02d", i);
      attributes.append("      ").append(a).append(": {type: text, size: 10B}\n");
      gsis.append("        by_").append(a).append(": {partition_key: ").append(a).append("}\n");
    }
    return """
        model: catalog
        horizon: 1y
        entities:
          Product:
            attributes:
              product_id: uuid
        %s    key: [product_id]
            count: 10M
        patterns:
          - id: add-product
            rate: 100/s
            insert: Product
          - id: get-product
            rate: 100/s
            query: Product where product_id = ?
        dynamodb:
          tables:
            Products:   %s
              partition_key: PK
              indexes:
        %s      items:
                Product:
                  keys: {PK: "P#{product_id}"}
        """
        .formatted(attributes, marker, gsis);
  }

  @Test
  void sixIndexes_multiplyWritesBySeven_isWarning() {
    // Item 40 + 46 + 6 × 13 = 164 B: 1 WCU on the table and on each of 6 GSIs.
    // Table 100 WCU/s, indexes 600 WCU/s: (100 + 600) / 100 = ×7.
    // Index writes on demand: 600 × 2,628,000 s × $0.625 / 10^6 = $985.50/month.
    // Index storage: 6 × 10M × (164 + 100) B = 15,840,000,000 B = 14.75 GB (2^30) × $0.25 =
    // $3.69/month.
    tester
        .model(
            catalog(
                6,
                "# FINDING: TooManyIndexes [warning]: has 6 global secondary indexes, more than the 5"
                    + " seed 003 advises; its writes of 100 WCU/s add 600 WCU/s on the indexes (×7 in all): $985.50/month of"
                    + " index writes and $3.69/month of index storage"))
        .expectMarkedFindings();
  }

  @Test
  void fiveIndexes_isNotFlagged() {
    tester.model(catalog(5, "")).expectMarkedFindings();
  }

  @Test
  void twentyOneIndexes_overTheDefaultQuota_isError() {
    // 21 > 20 GSIs per table (default quota). Item 40 + 46 + 21 × 13 = 359 B: still 1 WCU each,
    // 2,100 WCU/s on the indexes, ×22.
    tester
        .model(
            catalog(
                21,
                "# FINDING: TooManyIndexes [error]: has 21 global secondary indexes, over the default"
                    + " quota of 20 per table: creating them fails unless the quota is raised; its writes of 100 WCU/s add"
                    + " 2,100 WCU/s on the indexes (×22 in all)"))
        .expectMarkedFindings();
  }

  /**
   * The MongoDB catalog: N int fields a01…aNN, one single-field index each, beside _id_. Sizes per
   * index entry (key value with an empty name, plus an 8-byte record id): _id_, a UUID as binData
   * subtype 4, 1 + 1 + 4 + 1 + 16 + 8 = 31 B; an int index 1 + 1 + 4 + 8 = 14 B. A document is 4 +
   * 1 + _id 26 + N × (1 + 4 + 4) B.
   */
  private static String mongoCatalog(int indexes, String marker) {
    StringBuilder attributes = new StringBuilder();
    StringBuilder keys = new StringBuilder();
    for (int i = 1; i <= indexes; i++) {
      String a = String.format("a%02d", i);
      attributes.append("      ").append(a).append(": int\n");
      keys.append("        - {").append(a).append(": 1}\n");
    }
    return """
        model: catalog
        horizon: 1y
        entities:
          Item:
            attributes:
              item_id: uuid
        %s    key: [item_id]
            count: 1M
        patterns:
          - id: add-item
            rate: 100/s
            insert: Item
          - id: get-item
            rate: 100/s
            query: Item where item_id = ?
        mongodb:
          collections:
            items:   %s
              entity: Item
              indexes:
        %s"""
        .formatted(attributes, marker, keys);
  }

  @Test
  void mongoThirtyOneIndexes_overTheAtlasLine_isWarning() {
    // 30 indexes + _id_ = 31 > 30 (Atlas NUM_INDEXES). Each insert writes one entry in each:
    // 100/s × 31 = 3,100 entries/s. Indexes: 1M × 31 B + 30 × 1M × 14 B = 451,000,000 B = 451 MB;
    // documents 1M × (31 + 30 × 9) B = 301 MB.
    tester
        .model(
            mongoCatalog(
                30,
                "# FINDING: TooManyIndexes [warning]: has 31 indexes (_id_ included), more than"
                    + " the 30 Atlas flags (NUM_INDEXES); every insert writes an entry in each of them (one per element in a"
                    + " multikey index): 3,100 index entries written per second by the write patterns, 451 MB of indexes for"
                    + " 301 MB of documents"))
        .expectMarkedFindings();
  }

  @Test
  void mongoThirtyIndexes_isNotFlagged() {
    // 29 + _id_ = 30: at the Atlas line, not over it.
    tester.model(mongoCatalog(29, "")).expectMarkedFindings();
  }

  @Test
  void mongoSixtyFiveIndexes_overTheCollectionLimit_isError() {
    // 64 + _id_ = 65 > 64 per collection: the 65th createIndex fails. 100/s × 65 = 6,500 entries/s.
    tester
        .model(
            mongoCatalog(
                64,
                "# FINDING: TooManyIndexes [error]: has 65 indexes (_id_ included), over the 64 a"
                    + " collection may have: createIndex fails for every index past it; every insert writes an entry in each of"
                    + " them (one per element in a multikey index): 6,500 index entries written per second"))
        .expectMarkedFindings();
  }
}
