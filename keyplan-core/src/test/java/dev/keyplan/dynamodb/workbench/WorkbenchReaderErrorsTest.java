package dev.keyplan.dynamodb.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad Workbench models: every problem in one exception, each at its file:line:column. */
final class WorkbenchReaderErrorsTest {

  private static List<String> errors(String file, String json) {
    try {
      WorkbenchReader.read(file, json);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("expected an input error for " + json);
  }

  private static List<String> errors(String json) {
    return errors("m.json", json);
  }

  /**
   * Returns the sample-data warnings of every table of a model that must import: sample data is
   * read leniently, never an input error (issue 16 Decisions).
   */
  private static List<String> warnings(String file, String json) {
    return WorkbenchReader.read(file, json).tables().stream()
        .flatMap(t -> t.sampleDataWarnings().stream())
        .map(d -> d.location() + ": " + d.message())
        .toList();
  }

  private static final String FIXTURE = WorkbenchReaderTest.CUSTOMER_ORDERS;

  private static String fixture() {
    return WorkbenchReaderTest.resource(FIXTURE);
  }

  @Test
  void read_tableWithoutKeyAttributes_reportsAtTheTableWithTheMisspelling() {
    assertThat(
            errors(
                """
        {"ModelName": "M", "DataModel": [
          {"TableName": "T",
           "KeyAtributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"}},
           "NonKeyAttributes": [{"AttributeName": "g", "AttributeType": "S"}]}]}
        """))
        .containsExactly(
            "m.json:2:3: error: table 'T' has no \"KeyAttributes\"; expected"
                + " {\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"},"
                + " \"SortKey\": {…}}; found \"KeyAtributes\", a misspelling?");
  }

  @Test
  void read_gsiOnUndeclaredAttribute_reportsAtTheAttributeNameWithSuggestion() {
    assertThat(
            errors(
                """
        {"ModelName": "M", "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"}},
          "NonKeyAttributes": [{"AttributeName": "GSI1-PK", "AttributeType": "S"}],
          "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
            "KeyAttributes": {"PartitionKey": {"AttributeName": "GSI1_PK", "AttributeType": "S"}},
            "Projection": {"ProjectionType": "ALL"}}]}]}
        """))
        .containsExactly(
            "m.json:5:57: error: GSI 'GSI1' of table 'T' is keyed on 'GSI1_PK',"
                + " which the table does not declare (did you mean 'GSI1-PK'?); add it to the table's"
                + " \"NonKeyAttributes\"");
  }

  // The fixture CustomerOrders_1.0.json with GSI1's key renamed. Only the index's key is indented
  // by 14 spaces, so the replacement leaves the NonKeyAttributes declaration (line 25) alone.
  // Line 244 is `              "AttributeName": "GSI1PK",`: 14 spaces, then "AttributeName"
  // (15 characters, columns 15-29) and ": ", so the value starts in column 32.
  @Test
  void read_fixtureWithDanglingGsiKey_pointsIntoTheFile() {
    String broken =
        fixture()
            .replace(
                "\"AttributeName\": \"GSI1PK\",\n              \"AttributeType\"",
                "\"AttributeName\": \"GSI1PKK\",\n              \"AttributeType\"");
    assertThat(broken).isNotEqualTo(fixture());
    assertThat(errors(FIXTURE, broken))
        .containsExactly(
            "CustomerOrders_1.0.json:244:32: error: GSI 'GSI1' of table 'CustomerOrders' is keyed on"
                + " 'GSI1PKK', which the table does not declare (did you mean 'GSI1PK'?); add it"
                + " to the table's \"NonKeyAttributes\"");
  }

  // Line 72 of the fixture is `                "S": "ines@example.com"` (the Customer facet's
  // first sample item): 16 spaces, "S" in columns 17-19. Written as "SS" (columns 17-20) its
  // value starts in column 23 and is not the array DynamoDB JSON needs. DynamoJson's message is
  // kept, as a warning: the model still imports, without that attribute.
  @Test
  void read_fixtureWithBadSampleItem_warnsWithDynamoJsonProblemAtFilePosition() {
    String broken =
        fixture().replace("\"S\": \"ines@example.com\"", "\"SS\": \"ines@example.com\"");
    assertThat(broken).isNotEqualTo(fixture());
    assertThat(warnings(FIXTURE, broken))
        .containsExactly("CustomerOrders_1.0.json:72:23: SS needs a JSON array, found a string");
    WorkbenchTable table = WorkbenchReader.read(FIXTURE, broken).tables().get(0);
    assertThat(table.facets().get(0).data().get(0)).doesNotContainKey("email").containsKey("PK");
  }

  // Lines 76-77 of the fixture are the String Set `"newsletter",` / `"vip"`, each indented by 18
  // spaces, so the elements start in column 19. With "vip" written twice the second (77:19)
  // repeats the first (76:19), which DynamoDB rejects.
  @Test
  void read_fixtureWithDuplicateSetElement_warnsWithBothPositions() {
    String broken =
        fixture()
            .replace(
                "\"newsletter\",\n                  \"vip\"",
                "\"vip\",\n                  \"vip\"");
    assertThat(broken).isNotEqualTo(fixture());
    assertThat(warnings(FIXTURE, broken))
        .containsExactly(
            "CustomerOrders_1.0.json:77:19: duplicate element in the SS set (same as line 76,"
                + " column 19); DynamoDB rejects such an item");
  }

  // Line 99 of the fixture is `            "tags"`, the last of the Customer facet's
  // NonKeyAttributes (lines 96-100), starting in column 13. Misspelt as "tag" it no longer names
  // one of the nine attributes the table declares (PK and SK at lines 15 and 19, the seven
  // NonKeyAttributes at lines 25-49).
  @Test
  void read_fixtureWithFacetOnUndeclaredAttribute_listsTheDeclaredOnes() {
    String broken = fixture().replace("\"tags\"\n          ],", "\"tag\"\n          ],");
    assertThat(broken).isNotEqualTo(fixture());
    assertThat(errors(FIXTURE, broken))
        .containsExactly(
            "CustomerOrders_1.0.json:99:13: error: facet 'Customer' names attribute 'tag', which the"
                + " table does not declare; did you mean 'tags'? (declared: GSI1PK, PK, SK, email,"
                + " lines, name, status, tags, total)");
  }

  // Before issue 16 each of these was an error and the model did not import (exit 2); sample
  // data is now read leniently: each problem is a warning, the readable items are kept.
  @Test
  void read_tableDataNotDynamoDbJson_warnsOfEveryItemProblem_andKeepsWhatItCanRead() {
    String json =
        """
        {"ModelName": "M", "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"}},
          "TableData": [
            {"pk": {"S": "a"}, "n": 5},
            {"pk": "b"},
            {"pk": {"SS": []}},
            ["pk"],
            {"other": {"S": "x"}},
            {"pk": {"N": "1"}}]}]}
        """;
    assertThat(warnings("m.json", json))
        .containsExactly(
            "m.json:4:29: expected a typed value such as {\"S\": \"text\"} or {\"N\": \"1\"},"
                + " found the number 5",
            "m.json:5:12: expected a typed value such as {\"S\": \"text\"} or {\"N\": \"1\"},"
                + " found a string",
            "m.json:6:19: an empty SS set; DynamoDB sets must have at least one element"
                + " (remove the attribute instead)",
            "m.json:7:5: expected an item, a JSON object of attributes such as"
                + " {\"id\": {\"S\": \"a\"}}, found an array",
            "m.json:8:5: the sample item has no partition key 'pk'; DynamoDB needs every key"
                + " attribute in an item",
            "m.json:9:12: the partition key 'pk' is declared S but this sample item gives it"
                + " type N");
    // Line 4's item keeps its readable key ({"pk": "a"}, without n); the others lack a readable
    // key of type S and are left out.
    assertThat(WorkbenchReader.read("m.json", json).tables().get(0).tableData())
        .hasSize(1)
        .allMatch(item -> item.keySet().equals(java.util.Set.of("pk")));
  }

  @Test
  void read_tableDataNotAnArray_isAWarning() {
    assertThat(
            warnings(
                "m.json",
                """
        {"ModelName": "M", "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"}},
          "TableData": {"pk": {"S": "a"}}}]}
        """))
        .containsExactly(
            "m.json:3:16: \"TableData\" of table 'T' is not an array of DynamoDB JSON items but an"
                + " object");
  }

  @Test
  void read_invalidJson_reportsTheFirstSyntaxError() {
    assertThat(
            errors(
                """
        {"ModelName": "M", "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk" "AttributeType": "S"}}}]}
        """))
        .containsExactly(
            "m.json:2:60: error: invalid JSON: expected ',' or '}' after a"
                + " member of the object opened at line 2, column 37, found '\"'");
    assertThat(errors(""))
        .containsExactly(
            "m.json:1:1: error: invalid JSON: the file is empty;"
                + " expected a NoSQL Workbench model, an object with \"ModelName\" and \"DataModel\"");
    assertThat(errors("{\"ModelName\": \"M\",\n \"DataModel\": [}"))
        .containsExactly(
            "m.json:2:16: error: invalid JSON: unexpected '}'; expected a value (an object, array,"
                + " string, number, true, false or null)");
  }

  @Test
  void read_rootNotAnObject_saysWhatAModelIs() {
    assertThat(errors("[]"))
        .containsExactly(
            "m.json:1:1: error: expected a NoSQL Workbench"
                + " model, an object with \"ModelName\" and \"DataModel\", found an array");
  }

  // One pass reports wrong JSON types, unknown enum values with suggestions, a non-DynamoDB
  // service, duplicate declarations, dangling facet attributes, index type clashes and
  // out-of-range capacities, in file order.
  @Test
  void read_manyProblems_reportsAllInOneExceptionInFileOrder() {
    assertThat(
            errors(
                """
        {"ModelName": 3, "ModelMetadata": {"Version": "3.0", "AWSService": "Amazon Keyspaces"},
         "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "M"},
                            "SortKey": {"AttributeName": "sk", "AttributeType": "Str"}},
          "NonKeyAttributes": [{"AttributeName": "a", "AttributeType": "BOOLEAN"}],
          "BillingMode": "PAY_PER_REQUESTS"},
          {"TableName": "U",
           "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}},
           "NonKeyAttributes": [{"AttributeName": "Email", "AttributeType": "S"},
                                {"AttributeName": "Email", "AttributeType": "S"}],
           "TableFacets": [{"FacetName": "f", "KeyAttributeAlias": {"PartitionKeyAlias": "id"},
             "NonKeyAttributes": ["email"]}],
           "GlobalSecondaryIndexes": [{"IndexName": "g",
             "KeyAttributes": {"PartitionKey": {"AttributeName": "Email", "AttributeType": "N"}}}],
           "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 0,
             "WriteCapacityUnits": "5"}}}]}
        """))
        .containsExactly(
            "m.json:1:15: error: \"ModelName\" must be a string, found the number 3",
            "m.json:1:68: error: this is a model for 'Amazon Keyspaces'; keyplan reads NoSQL"
                + " Workbench models for 'Amazon DynamoDB'",
            "m.json:3:78: error: a key attribute's type must be S, N or B, found 'M' (DynamoDB keys"
                + " are scalar)",
            "m.json:4:73: error: a key attribute's type must be S, N or B, found 'Str'",
            "m.json:5:64: error: unknown attribute type 'BOOLEAN'; did you mean 'BOOL'? (expected"
                + " one of S, N, B, BOOL, NULL, L, M, SS, NS, BS)",
            "m.json:6:18: error: unknown \"BillingMode\" 'PAY_PER_REQUESTS'; did you mean"
                + " 'PAY_PER_REQUEST'? (expected one of PROVISIONED, PAY_PER_REQUEST)",
            "m.json:10:25: error: attribute 'Email' of table 'U' is declared twice (first at line 9,"
                + " column 25)",
            "m.json:12:27: error: facet 'f' names attribute 'email', which the table does not"
                + " declare; did you mean 'Email'? (declared: Email, id)",
            "m.json:13:31: error: GSI 'g' of table 'U' has no \"Projection\"; expected"
                + " {\"ProjectionType\": \"ALL\"}",
            "m.json:14:84: error: GSI 'g' of table 'U' gives key attribute 'Email' type N, but the"
                + " table declares it S (line 9, column 25)",
            "m.json:15:83: error: \"ReadCapacityUnits\" must be at least 1, found 0",
            "m.json:16:28: error: \"WriteCapacityUnits\" must be a whole number, found the string"
                + " \"5\"");
  }

  // AWS DG workbench.Modeler.Edit: "This value must be unique across the model".
  @Test
  void read_facetNameRepeatedAcrossTables_isAnError() {
    assertThat(
            errors(
                """
        {"ModelName": "M", "DataModel": [
          {"TableName": "A", "KeyAttributes": {"PartitionKey": {"AttributeName": "k",
            "AttributeType": "S"}}, "TableFacets": [{"FacetName": "user",
            "KeyAttributeAlias": {"PartitionKeyAlias": "USER#<id>"}}]},
          {"TableName": "B", "KeyAttributes": {"PartitionKey": {"AttributeName": "k",
            "AttributeType": "S"}}, "TableFacets": [{"FacetName": "user",
            "KeyAttributeAlias": {"PartitionKeyAlias": "USER#<id>"}}]},
          {"TableName": "A", "KeyAttributes": {"PartitionKey": {"AttributeName": "k",
            "AttributeType": "S"}}}]}
        """))
        .containsExactly(
            "m.json:6:45: error: duplicate facet name 'user' (first at line 3, column 45)",
            "m.json:8:3: error: duplicate table name 'A' (first at line 2, column 3)");
  }

  @Test
  void read_localIndexNotOnTablePartitionKey_reportsEachRuleBroken() {
    assertThat(
            errors(
                """
        {"ModelName": "M", "DataModel": [{"TableName": "T",
          "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"},
                            "SortKey": {"AttributeName": "sk", "AttributeType": "S"}},
          "NonKeyAttributes": [{"AttributeName": "at", "AttributeType": "N"}],
          "LocalSecondaryIndexes": [{"IndexName": "byAt",
            "KeyAttributes": {"PartitionKey": {"AttributeName": "at", "AttributeType": "N"}},
            "Projection": {"ProjectionType": "INCLUDE"}}],
          "TableData": [{"pk": {"S": "a"}}]}]}
        """))
        .containsExactly(
            "m.json:6:22: error: \"KeyAttributes\" of LSI 'byAt' of table 'T' has no \"SortKey\";"
                + " expected {\"AttributeName\": …, \"AttributeType\": …} (an LSI needs a sort key)",
            "m.json:6:39: error: the partition key of LSI 'byAt' of table 'T' is 'at'; a local"
                + " secondary index must use the table's partition key 'pk'",
            "m.json:7:19: error: \"Projection\" of LSI 'byAt' of table 'T' has no"
                + " \"NonKeyAttributes\"; expected the array of attribute names that INCLUDE copies"
                + " into the index");
  }

  @Test
  void read_duplicateMember_isReportedOnce() {
    String json = "{\"ModelName\": \"M\", \"ModelName\": \"N\", \"DataModel\": []}";
    assertThat(errors(json))
        .containsExactly(
            "m.json:1:20: error: duplicate \"ModelName\" in the model (first at"
                + " line 1, column 2)");
  }

  @Test
  void read_missingFile_isAnInputError() {
    Path missing = Path.of("no-such-dir", "model.json");
    assertThatThrownBy(() -> WorkbenchReader.read(missing))
        .isInstanceOf(InputException.class)
        .hasMessage(missing + ": error: cannot read the NoSQL Workbench model: no such file");
  }
}
