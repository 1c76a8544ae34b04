package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A model whose {@code dynamodb:} section names a table definition file with {@code schema:}, read
 * by {@link ModelReader} and analysed by {@link DynamoDbAnalyzer}: keys, indexes, capacity and
 * stream come from the file, item types from the model (DynamoDbBinder.merge).
 */
final class ImportedSchemaTest {
  /** Tests run in keyplan-core/; the fixtures are described in the README.md there. */
  private static final Path FIXTURES = Path.of("src/test/resources/dynamodb");

  private static final String ENTITIES =
      """
      model: imported
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            name: {type: text, size: 20B}
          key: [customer_id]
          count: 1M
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            placed_at: bigint
            total: {type: decimal, size: 8B}
          key: [order_id]
          count: 10M
          growth: 10/s
          spread:
            customer_id: {distinct: 1M}
      patterns:
        - id: customer
          rate: 100/s
          query: Customer where customer_id = ?
        - id: orders-of-customer
          rate: 50/s
          query: Order where customer_id = ? order by placed_at desc limit 10
        - id: order
          rate: 20/s
          query: Order where order_id = ?
        - id: place-order
          rate: 10/s
          insert: Order
      """;

  private static Model model(String dynamodb) {
    return ModelReader.read("m.yaml", ENTITIES + dynamodb, FIXTURES.resolve("schema"));
  }

  private static List<String> errors(String dynamodb) {
    try {
      DynamoDbAnalyzer.analyze(model(dynamodb));
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("expected an input error");
  }

  @Test
  void analyze_describeTableSchema_keysIndexesAndStreamFromTheFile_itemsFromTheModel() {
    DynamoDbAnalysis analysis =
        DynamoDbAnalyzer.analyze(
            model(
                """
        dynamodb:
          schema: describe-table-on-demand.json
          tables:
            AppTable:
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{placed_at}", GSI1PK: "O#{order_id}",
                         GSI1SK: "{placed_at}"}
        """));

    DynamoDbTable t = analysis.table("AppTable").orElseThrow();
    // From the file: the key and its declared types, GSI1 (GSI1SK declared N), on demand, stream.
    assertThat(t.partitionKey()).isEqualTo(new DynamoDbTable.KeyAttribute("PK", "S"));
    assertThat(t.sortKey()).contains(new DynamoDbTable.KeyAttribute("SK", "S"));
    assertThat(t.gsis()).extracting(KeyPath::name).containsExactly("GSI1");
    assertThat(t.gsis().get(0).partitionKey()).containsExactly("GSI1PK");
    assertThat(t.gsis().get(0).sortKey()).containsExactly("GSI1SK");
    assertThat(t.billing().onDemand()).isTrue();
    assertThat(t.stream()).contains("NEW_AND_OLD_IMAGES");
    // The table keeps the model's place (its name under tables:, line 37), the index the file's.
    assertThat(t.table().location().toString()).isEqualTo("m.yaml:37:5");
    assertThat(t.gsis().get(0).location().toString())
        .endsWith("describe-table-on-demand.json:48:13");
    // From the model: the item types and their templates.
    assertThat(t.items()).extracting(DynamoDbItem::name).containsExactly("Customer", "Order");
    // order-by-id has no customer id: it is served by the file's GSI1, keyed O#{order_id}.
    assertThat(analysis.plan("order").orElseThrow().path().orElseThrow().label())
        .isEqualTo("AppTable.GSI1");
    assertThat(analysis.plan("orders-of-customer").orElseThrow().path().orElseThrow().label())
        .isEqualTo("AppTable");
  }

  @Test
  void analyze_workbenchSchema_tablesOfTheModelWithCapacityFromIt() {
    DynamoDbAnalysis analysis =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml",
                ENTITIES
                    + """
        dynamodb:
          schema: SessionStore_3.0.json
          tables:
            sessions:
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
        """,
                FIXTURES.resolve("workbench")));

    DynamoDbTable sessions = analysis.table("sessions").orElseThrow();
    // PROVISIONED 5 read / 2 write units in the Workbench model.
    assertThat(sessions.billing().onDemand()).isFalse();
    assertThat(sessions.billing().readUnits()).isEqualTo(5);
    assertThat(sessions.billing().writeUnits()).isEqualTo(2);
    assertThat(sessions.gsis()).extracting(KeyPath::name).containsExactly("GSI1_inverse");
    assertThat(sessions.items()).extracting(DynamoDbItem::name).containsExactly("Customer");
    // A table of the file that the model gives no items is still there, empty.
    assertThat(analysis.table("counters").orElseThrow().items()).isEmpty();
  }

  // SessionStore_3.0.json is PROVISIONED (5/2) and its GSI1_inverse has no units: Workbench files
  // never carry per-index capacity. The model sets it as an overlay on the imported index (issue
  // 16); before, any index the file defines was "already defined by the schema file".
  @Test
  void analyze_capacityOverlayOnAnImportedIndex_isTakenAndTheFileKeepsItsKeys() {
    DynamoDbAnalysis analysis =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml",
                ENTITIES
                    + """
        dynamodb:
          schema: SessionStore_3.0.json
          tables:
            sessions:
              indexes:
                GSI1_inverse: {capacity: {read: 7, write: 3}}
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
        """,
                FIXTURES.resolve("workbench")));
    KeyPath gsi = analysis.table("sessions").orElseThrow().gsis().get(0);
    assertThat(gsi.name()).isEqualTo("GSI1_inverse");
    assertThat(gsi.partitionKey()).containsExactly("SK");
    assertThat(gsi.sortKey()).containsExactly("PK");
    assertThat(gsi.capacity().orElseThrow().readUnits()).isEqualTo(7);
    assertThat(gsi.capacity().orElseThrow().writeUnits()).isEqualTo(3);
    assertThat(analysis.cost("sessions.GSI1_inverse").orElseThrow().provisioned()).isPresent();
  }

  // Line 37 is "    sessions:", 39 "        GSI1_inverse: …" and 40 "        GSI1_inverze:
  // {capacity: …}" (a misspelling),
  // each index name in column 9.
  @Test
  void analyze_indexOverlay_onlyCapacity_andOnlyOnAnIndexOfTheFile() {
    String workbench = FIXTURES.resolve("workbench").toString();
    List<String> found;
    try {
      DynamoDbAnalyzer.analyze(
          ModelReader.read(
              "m.yaml",
              ENTITIES
                  + """
        dynamodb:
          schema: SessionStore_3.0.json
          tables:
            sessions:
              indexes:
                GSI1_inverse: {partition_key: SK, capacity: {read: 7, write: 3}}
                GSI1_inverze: {capacity: {read: 1, write: 1}}
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
        """,
              Path.of(workbench)));
      throw new AssertionError("expected an input error");
    } catch (InputException e) {
      found = e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    assertThat(found)
        .containsExactly(
            "m.yaml:39:9: error: index 'GSI1_inverse' is already defined by the schema file;"
                + " only its capacity: may be set here",
            "m.yaml:40:9: error: index 'GSI1_inverze' is not in SessionStore_3.0.json (did you mean"
                + " 'GSI1_inverse'?) and gives no partition_key");
  }

  // SocialFeed_3.0.json's table 'mentions' is PAY_PER_REQUEST (and has the GSI ByAuthor). An index
  // follows its table's mode, so a capacity overlay on it would go unused: before, keyplan took it
  // silently (the model reader cannot know the file's mode). Line 40 is "        ByAuthor:
  // {capacity:
  // {read: 5, write: 5}}", whose capacity value starts in column 29.
  @Test
  void analyze_capacityOverlay_onAnIndexOfAnOnDemandTableOfTheFile_isAnError() {
    List<String> found;
    try {
      DynamoDbAnalyzer.analyze(
          ModelReader.read(
              "m.yaml",
              ENTITIES
                  + """
        dynamodb:
          schema: SocialFeed_3.0.json
          tables:
            mentions:
              indexes:
                ByAuthor: {capacity: {read: 5, write: 5}}
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
        """,
              FIXTURES.resolve("workbench")));
      throw new AssertionError("expected an input error");
    } catch (InputException e) {
      found = e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    assertThat(found)
        .containsExactly(
            "m.yaml:39:30: error: index 'ByAuthor' sets capacity, but table 'mentions' is on-demand"
                + " in SocialFeed_3.0.json; an index follows its table's mode: give the table"
                + " {read: N, write: N} to provision it, or remove the index's capacity");
  }

  // Library_1.0.json: Version 1.0, no sample data, no BillingMode; books' GSI ByAuthor INCLUDEs
  // title and shelf, and the model's item type stores title but not shelf; loans has no item
  // types in the model. Before issue 16 the INCLUDE of shelf failed the whole import (exit 2).
  @Test
  void analyze_workbench10WithoutSampleData_andAnIncludeNoItemHolds_imports() {
    DynamoDbAnalysis analysis =
        DynamoDbAnalyzer.analyze(
            ModelReader.read(
                "m.yaml",
                """
        model: library
        horizon: 1y
        entities:
          Book:
            attributes:
              isbn: {type: text, size: 13B}
              author: {type: text, size: 20B}
              title: {type: text, size: 40B}
            key: [isbn]
            count: 100k
        patterns:
          - id: book
            rate: 10/s
            query: Book where isbn = ?
        dynamodb:
          schema: Library_1.0.json
          tables:
            books:
              items:
                Book: {keys: {}}
        """,
                FIXTURES.resolve("workbench")));
    DynamoDbTable books = analysis.table("books").orElseThrow();
    // No BillingMode in a 1.0 file: keyplan's default, on demand.
    assertThat(books.billing().onDemand()).isTrue();
    assertThat(books.gsis().get(0).projection().include()).containsExactly("title", "shelf");
    assertThat(books.importWarnings()).isEmpty();
    assertThat(analysis.table("loans").orElseThrow().items()).isEmpty();
  }

  @Test
  void analyze_templateOfAnotherTypeThanTheFileDeclares_isReportedAtTheTemplate() {
    // GSI1SK is N in the file; "O#{placed_at}" is a string. Line 40 is the Order item's keys:
    // 10 spaces, then the GSI1SK template's text starts at column 71, inside its quote at 70.
    assertThat(
            errors(
                """
        dynamodb:
          schema: describe-table-on-demand.json
          tables:
            AppTable:
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{placed_at}", GSI1SK: "O#{placed_at}"}
        """))
        .containsExactly(
            "m.yaml:40:71: error: key attribute 'GSI1SK' is S here but N in"
                + " the schema file; DynamoDB declares one type per key attribute");
  }

  @Test
  void analyze_missingSchemaFile_isReportedAtTheSchemaValue() {
    // Line 35 is "  schema: nope.json"; the value starts at column 11.
    List<String> errors =
        errors(
            """
        dynamodb:
          schema: nope.json
          tables:
            AppTable:
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
        """);
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0))
        .startsWith("m.yaml:35:11: error: cannot read the dynamodb schema" + " file ")
        .endsWith("nope.json: no such file");
  }

  @Test
  void analyze_malformedSchemaFile_reportsInsideTheFile() {
    List<String> errors =
        errors(
            """
        dynamodb:
          schema: malformed-describe-table.json
          tables:
            AppTable:
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
        """);
    assertThat(errors).hasSize(4);
    assertThat(errors.get(0))
        .endsWith(
            "malformed-describe-table.json:9:22: error: \"TableName\""
                + " must be a string, found the number 42");
  }
}
