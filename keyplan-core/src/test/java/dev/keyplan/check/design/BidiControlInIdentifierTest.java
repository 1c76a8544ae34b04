package dev.keyplan.check.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * BidiControlInIdentifier reports, as an error, each model identifier holding a bidi control, with
 * the code point and its position. The hostile names are built as CVE-2021-42574's proofs of
 * concept build theirs (https://trojansource.codes/): an override (U+202E) or an isolate (U+2066)
 * hidden inside an otherwise ordinary name.
 */
final class BidiControlInIdentifierTest {
  private final RuleTester tester = RuleTester.of(BidiControlInIdentifier.class);

  @Test
  void controlsInEntityAttributeAndPatternIds_areErrors_plainNamesAreNot() {
    // "Evil\u202Edi": E,v,i,l are characters 1–4, so U+202E is character 5.
    // "id\u2066x": i,d are 1–2, so U+2066 is character 3.
    // "get\u200Forders": g,e,t are 1–3, so U+200F (a mark, not an embedding) is character 4.
    // Order, id, body and "by-id" hold none.
    tester
        .model(
            """
        model: app
        horizon: 1y
        entities:
          Order:
            attributes:
              id: uuid
              body: {type: text, size: 20B}
            key: [id]
            count: 1M
          "Evil\\u202Edi": # FINDING: BidiControlInIdentifier [error]: U+202E at character 5
            attributes:
              "id\\u2066x": uuid # FINDING: BidiControlInIdentifier [error]: U+2066 at character 3
            key: ["id\\u2066x"]
            count: 10
        patterns:
          - id: "get\\u200Forders" # FINDING: BidiControlInIdentifier [error]: U+200F at character 4
            says: "quotes \\u202E are fine in prose"
            rate: 10/s
            query: Order where id = ?
          - id: by-id
            rate: 10/s
            query: Order where id = ?
        mongodb:
          collections:
            orders:
              entity: Order
        """)
        .expectMarkedFindings();
  }

  @Test
  void message_showsTheControlVisibly_neverRaw() {
    // The message is printed to terminals and SARIF viewers, which would obey the control too.
    String message =
        tester
            .model(
                """
            model: app
            horizon: 1y
            entities:
              Order:
                attributes:
                  id: uuid
                key: [id]
                count: 10
              "Evil\\u202Edi":
                attributes:
                  id: uuid
                key: [id]
                count: 10
            patterns:
              - id: one
                rate: 1/s
                query: Order where id = ?
            mongodb:
              collections:
                orders:
                  entity: Order
            """)
            .findings()
            .get(0)
            .message();
    assertThat(message).contains("'Evil<U+202E>di'").doesNotContain("\u202E");
  }

  // Issue 18: the names only a store's section (or an imported schema) gives are identifiers too.
  // DynamoDB: an attribute name may be any UTF-8 (table and index names are refused by the section
  // reader, which takes only A-Z a-z 0-9 _ . -). The table's partition key attribute P<U+202E>K
  // (P is character 1, so U+202E is 2) is reported at the table, and the index's partition key
  // G<U+2066>PK (G: U+2066 is character 2) at the index.
  @Test
  void controlsInDynamoDbKeyAttributeNames_areErrors() {
    tester
        .model(
            """
        model: app
        horizon: 1y
        entities:
          Order:
            attributes:
              id: uuid
              status: {type: text, size: 10B}
            key: [id]
            count: 1M
        patterns:
          - id: by-id
            rate: 10/s
            query: Order where id = ?
        dynamodb:
          tables:
            Orders: # FINDING: BidiControlInIdentifier [error]: key attribute 'P<U+202E>K' holds the invisible bidi control U+202E at character 2
              partition_key: "P\\u202EK"
              indexes:
                by_status: {partition_key: "G\\u2066PK"} # FINDING: BidiControlInIdentifier [error]: key attribute 'G<U+2066>PK' holds the invisible bidi control U+2066 at character 2
              items:
                Order:
                  keys: {"P\\u202EK": "O#{id}", "G\\u2066PK": "{status}"}
        """)
        .expectMarkedFindings();
  }

  // MongoDB: an index name is any string; by<U+202E>customer (b,y: U+202E is character 3).
  @Test
  void controlsInMongoDbIndexNames_areErrors() {
    tester
        .model(
            """
        model: app
        horizon: 1y
        entities:
          Order:
            attributes:
              id: uuid
              customer_id: uuid
            key: [id]
            count: 1M
        patterns:
          - id: by-customer
            rate: 10/s
            query: Order where customer_id = ?
        mongodb:
          collections:
            orders:
              entity: Order
              indexes:
                - keys: {customer_id: 1} # FINDING: BidiControlInIdentifier [error]: index 'by<U+202E>customer' holds the invisible bidi control U+202E at character 3
                  name: "by\\u202Ecustomer"
        """)
        .expectMarkedFindings();
  }

  // Cassandra: a quoted CQL identifier may hold any character. Table "hot<U+202E>els" (h,o,t:
  // U+202E is character 4) and column "na<U+2066>me" (n,a: U+2066 is character 3), each at its
  // place in the schema; the keyspace and the other columns are plain. The controls are built
  // from their code points so that this source file holds none.
  @Test
  void controlsInCqlTableAndColumnNames_areErrors() {
    String rlo = new String(Character.toChars(0x202E));
    String lri = new String(Character.toChars(0x2066));
    tester
        .model(
            """
        model: hotels
        horizon: 1y
        entities:
          Hotel:
            attributes:
              hotel_id: {type: text, size: 8B}
              name: {type: text, size: 30B}
            key: [hotel_id]
            count: 10k
        patterns:
          - id: hotel-by-id
            rate: 200/s
            query: Hotel where hotel_id = ?
        cassandra:
          schema: unused.cql
          tables:
            "hot\\u202Eels": {entity: Hotel, columns: {id: hotel_id, "na\\u2066me": name}}
        """)
        .cql(
            ("CREATE KEYSPACE hotel WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 3};\n"
                    + "CREATE TABLE hotel.\"hot%sels\" ( -- FINDING: BidiControlInIdentifier [error]:"
                    + " table 'hot<U+202E>els' holds the invisible bidi control U+202E at character 4\n"
                    + "  id text PRIMARY KEY,\n"
                    + "  \"na%sme\" text); -- FINDING: BidiControlInIdentifier [error]: column"
                    + " 'na<U+2066>me' holds the invisible bidi control U+2066 at character 3\n")
                .formatted(rlo, lri))
        .expectMarkedFindings();
  }
}
