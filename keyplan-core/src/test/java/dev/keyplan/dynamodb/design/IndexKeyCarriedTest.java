package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.InputException;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * An index key attribute is stored only on the item types that carry it (issue 16 §4): those whose
 * {@code keys:} give it a template, or that store the entity attribute of its name (every attribute
 * by default, or a listed one); when no item type names it, every item type whose entity has it
 * (docs/model.md, "Item types outside an index"). {@code keys: {customer_id: ~}} says an item type
 * does not carry it. DynamoDB writes an index entry only for an item that has the index's key
 * attributes (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html, "Attribute
 * projections" and sparse indexes), and an item holds only what the application puts in it.
 *
 * <p>The design (the shape of AWS's complaint-management model): complaints and their comments
 * share the partition {@code C#{complaint_id}}; the index ByCustomer is keyed by {@code
 * customer_id}, which the complaints carry. The comments' entity knows its complaint's customer,
 * but the design lists the comment's attributes without it. A comment, by ItemSize's rules (name
 * bytes + value bytes):
 *
 * <ul>
 *   <li>PK {@code "C#{complaint_id}"}: 2 + (2 + 36) = 40 B;
 *   <li>SK {@code "COMM#{comm_date}#{comm_id}"}: 2 + (5 + 24 + 1 + 36) = 68 B;
 *   <li>comm_text 9 + 351 = 360 B; agent_id 8 + 10 = 18 B;
 * </ul>
 *
 * <p>486 B. keyplan used to add {@code customer_id} (11 + 14 = 25 B) as the index's key: 511 B, and
 * a comment entry in ByCustomer the design does not have.
 */
final class IndexKeyCarriedTest {

  private static final String MODEL =
      """
      model: complaints
      horizon: 1y
      entities:
        Complaint:
          attributes:
            complaint_id: uuid
            customer_id: {type: text, size: 14B}
            body: {type: text, size: 200B}
          key: [complaint_id]
          count: 1M
        Comment:
          attributes:
            complaint_id: uuid
            comm_id: uuid
            comm_date: timestamp
            customer_id: {type: text, size: 14B}
            agent_id: {type: text, size: 10B}
            comm_text: {type: text, size: 351B}
          key: [comm_id]
          count: 3M
      patterns:
        - id: by-customer
          rate: 10/s
          query: Complaint where customer_id = ?
      dynamodb:
        tables:
          Complaints:
            partition_key: PK
            sort_key: SK
            indexes:
              ByCustomer: {partition_key: customer_id}
            items:
              Complaint:
                keys: {PK: "C#{complaint_id}", SK: METADATA}
                attributes: [customer_id, body]
              Comment:
                keys: {PK: "C#{complaint_id}", SK: "COMM#{comm_date}#{comm_id}"%s}
      %s
      """;

  private static DynamoDbAnalysis analyze(String keys, String attributes) {
    return DynamoDbAnalyzer.analyze(
        ModelReader.read("m.yaml", MODEL.formatted(keys, attributes), Path.of(".")));
  }

  @Test
  void anIndexKeyTheItemTypeDoesNotList_isNotStoredOnIt() {
    DynamoDbAnalysis a = analyze("", "          attributes: [agent_id, comm_text]");
    DynamoDbTable t = a.table("Complaints").orElseThrow();
    DynamoDbItem comment = t.items().get(1);
    KeyPath byCustomer = t.path("ByCustomer").orElseThrow();
    assertThat(comment.bytes()).isEqualTo(486);
    assertThat(comment.on(byCustomer)).isFalse();
    assertThat(comment.keys()).doesNotContainKey("customer_id");
    // The complaint lists customer_id: it is the index's key. PK 40 + SK (2 + 8) + customer_id 25
    // + body (4 + 200) = 279 B, and ByCustomer holds the 1,000,000 complaints alone.
    DynamoDbItem complaint = t.items().get(0);
    assertThat(complaint.bytes()).isEqualTo(279);
    assertThat(complaint.on(byCustomer)).isTrue();
    assertThat(a.sizing().get("Complaints").indexes().get("ByCustomer")[0]).isEqualTo(1_000_000);
  }

  @Test
  void keysTilde_saysTheItemTypeDoesNotCarryTheAttribute_evenWithEveryAttribute() {
    // No attributes: the comment stores every attribute of its entity: the 486 B above plus
    // complaint_id 12 + 36 = 48 B and comm_id 7 + 36 = 43 B and comm_date 9 + 24 = 33 B (each
    // also stored on its own, as the default does), 610 B; customer_id: ~ leaves out its 25 B.
    DynamoDbAnalysis without = analyze(", customer_id: ~", "");
    DynamoDbTable t = without.table("Complaints").orElseThrow();
    DynamoDbItem comment = t.items().get(1);
    assertThat(comment.bytes()).isEqualTo(610);
    assertThat(comment.on(t.path("ByCustomer").orElseThrow())).isFalse();
    assertThat(comment.attributes()).doesNotContainKey("customer_id");
    // Without the ~, every attribute includes customer_id, so the comment is in the index: 635 B.
    DynamoDbTable all = analyze("", "").table("Complaints").orElseThrow();
    assertThat(all.items().get(1).bytes()).isEqualTo(635);
    assertThat(all.items().get(1).on(all.path("ByCustomer").orElseThrow())).isTrue();
  }

  @Test
  void anItemTypeCarriesTheTablesKeys_tildeThereIsAnError() {
    String model = MODEL.formatted("", "").replace("SK: \"COMM#{comm_date}#{comm_id}\"", "SK: ~");
    assertThatThrownBy(
            () -> DynamoDbAnalyzer.analyze(ModelReader.read("m.yaml", model, Path.of("."))))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "item type 'Comment' cannot leave out the table's sort key 'SK' (SK: ~): every item"
                + " carries the table's key");
  }
}
