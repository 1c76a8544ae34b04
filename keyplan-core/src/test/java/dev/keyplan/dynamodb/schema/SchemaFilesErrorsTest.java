package dev.keyplan.dynamodb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What DynamoDB rejects, and files in none of the formats: every problem of a file in one
 * exception, each as {@code file:line:column: error: message}, in file order.
 */
final class SchemaFilesErrorsTest {

  private static List<String> errors(String file, String json) {
    try {
      SchemaFiles.read(file, json);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("expected an input error for " + json);
  }

  private static List<String> errors(String json) {
    return errors("t.json", json);
  }

  private static List<String> fixtureErrors(String name) {
    return errors(name, SchemaFilesTest.resource("schema/" + name));
  }

  /** A CreateTable input with {@code extra} members after a valid PK/SK key, on demand. */
  private static String table(String extra) {
    return """
        {"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "SK", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                       {"AttributeName": "SK", "KeyType": "RANGE"}]"""
        + extra
        + "}\n";
  }

  // ----- the malformed fixtures -----

  // malformed-create-table.json, 4-space indent. Line 14 `            "AttributeType": "SS"`: 12
  // spaces, "AttributeType" (15 characters) and ": " put the value at column 30. The definition
  // of GSI1_PK opens at 16:9 and no key uses it (GSI1 names "GSI1PK", 41:38: 20 spaces,
  // "AttributeName" and ": "). "BillingMode" PROVISIONED (35:20) with no ProvisionedThroughput.
  // GSI1's INCLUDE projection (45:27) lists nothing. The LSI at 55:9 is also called GSI1 (the
  // GSI at 37:9) and is keyed on status (59:38), not PK. The StreamViewType value is at 74:27.
  @Test
  void read_malformedCreateTable_reportsEveryRejectionInFileOrder() {
    assertThat(fixtureErrors("malformed-create-table.json"))
        .containsExactly(
            "malformed-create-table.json:14:30: error: an attribute definition's type must be S, N"
                + " or B (key attributes are scalar), found 'SS'",
            "malformed-create-table.json:16:9: error: attribute definition 'GSI1_PK' of table"
                + " 'Orders' is not a key of the table or of any index; DynamoDB rejects"
                + " AttributeDefinitions that no KeySchema uses: remove it (non-key attributes are"
                + " not declared)",
            "malformed-create-table.json:35:20: error: table 'Orders' is PROVISIONED but has no"
                + " \"ProvisionedThroughput\"; add {\"ReadCapacityUnits\": N, \"WriteCapacityUnits\":"
                + " N}, or make it on demand with \"BillingMode\": \"PAY_PER_REQUEST\"",
            "malformed-create-table.json:41:38: error: key attribute 'GSI1PK' of GSI 'GSI1' of table"
                + " 'Orders' has no AttributeDefinition (did you mean 'GSI1_PK'?); add"
                + " {\"AttributeName\": \"GSI1PK\", \"AttributeType\": \"S\"} (or N or B) to the"
                + " table's AttributeDefinitions",
            "malformed-create-table.json:45:27: error: the INCLUDE projection of GSI 'GSI1' of table"
                + " 'Orders' needs \"NonKeyAttributes\": the attributes it copies besides the keys,"
                + " such as [\"status\", \"total\"]",
            "malformed-create-table.json:55:9: error: duplicate index name 'GSI1' (first at line 37,"
                + " column 9)",
            "malformed-create-table.json:59:38: error: the HASH key of LSI 'GSI1' of table 'Orders'"
                + " is 'status'; a local secondary index has the table's partition key 'PK'",
            "malformed-create-table.json:74:27: error: unknown \"StreamViewType\" 'NEW_AND_OLD_IMAGE';"
                + " did you mean 'NEW_AND_OLD_IMAGES'? (expected one of NEW_IMAGE, OLD_IMAGE,"
                + " NEW_AND_OLD_IMAGES, KEYS_ONLY)");
  }

  // malformed-describe-table.json: "TableName": 42 (9:22: 8 spaces, "TableName" is 11
  // characters, ": "); a KeySchema (10:22) with only a RANGE element; no BillingModeSummary, so
  // provisioned, with ReadCapacityUnits written as a string (19:34); StreamEnabled "true" (23:30).
  @Test
  void read_malformedDescribeTable_reportsWrongJsonTypesAndTheMissingHash() {
    assertThat(fixtureErrors("malformed-describe-table.json"))
        .containsExactly(
            "malformed-describe-table.json:9:22: error: \"TableName\" must be a string, found the"
                + " number 42",
            "malformed-describe-table.json:10:22: error: the KeySchema of the table has no HASH"
                + " element; the partition key is the element with \"KeyType\": \"HASH\"",
            "malformed-describe-table.json:19:34: error: \"ReadCapacityUnits\" must be a whole"
                + " number, found the string \"5\"",
            "malformed-describe-table.json:23:30: error: \"StreamEnabled\" must be true or false,"
                + " found the string \"true\"");
  }

  @Test
  void read_cloudFormationTemplate_isNoneOfTheFormats_andSaysWhatItFound() {
    assertThat(fixtureErrors("not-a-table-definition.json"))
        .containsExactly(
            "not-a-table-definition.json:1:1: error: expected a NoSQL Workbench model, describe-table"
                + " output or CreateTable input; found an object with keys"
                + " \"AWSTemplateFormatVersion\", \"Resources\"");
  }

  // ----- reading the file -----

  @Test
  void read_missingFile_isReportedWhereTheModelNamesIt() {
    Location schemaValue = new Location("shop.yaml", 40, 11);
    try {
      SchemaFiles.read(Path.of("no/such/tables.json"), schemaValue);
      throw new AssertionError("expected an input error");
    } catch (InputException e) {
      assertThat(e.diagnostics())
          .extracting(Diagnostic::toString)
          .containsExactly(
              "shop.yaml:40:11: error: cannot read the dynamodb schema file no/such/tables.json: no"
                  + " such file");
    }
  }

  @Test
  void read_emptyFile_saysWhatWasExpected() {
    assertThat(errors("  \n"))
        .containsExactly(
            "t.json:2:1: error: invalid JSON: the file is"
                + " empty; expected a NoSQL Workbench model, describe-table output or CreateTable input");
  }

  @Test
  void read_syntaxError_stopsAtItsPlace() {
    assertThat(errors("{\"TableName\": \"Orders\",\n \"KeySchema\" []}"))
        .containsExactly(
            "t.json:2:14: error: invalid JSON: expected ':' after \"KeySchema\", found '['");
  }

  @Test
  void read_rootOfAnotherJsonType_saysWhatItFound() {
    assertThat(errors("\"Orders\""))
        .containsExactly(
            "t.json:1:1: error: expected a NoSQL"
                + " Workbench model, describe-table output or CreateTable input; found the string"
                + " \"Orders\"");
    assertThat(errors("{}"))
        .containsExactly(
            "t.json:1:1: error: expected a NoSQL Workbench"
                + " model, describe-table output or CreateTable input; found an empty object");
  }

  @Test
  void read_arrays_needTablesAndDistinctNames() {
    assertThat(errors("[]"))
        .containsExactly(
            "t.json:1:1: error: the array holds no table;"
                + " expected a NoSQL Workbench model, describe-table output or CreateTable input");
    // An element is a table or nothing: element 2 (2:2) is a number, element 3 (3:2) a Workbench
    // model, which is a file of its own.
    String users =
        "{\"TableName\": \"Users\", \"BillingMode\": \"PAY_PER_REQUEST\","
            + " \"AttributeDefinitions\": [{\"AttributeName\": \"id\", \"AttributeType\": \"S\"}],"
            + " \"KeySchema\": [{\"AttributeName\": \"id\", \"KeyType\": \"HASH\"}]}";
    assertThat(
            errors(
                "["
                    + users
                    + ",\n 7,\n {\"ModelName\": \"M\", \"DataModel\": []},\n "
                    + users
                    + "]"))
        .containsExactly(
            "t.json:2:2: error: expected describe-table output or CreateTable input as an"
                + " element of the array; found the number 7",
            "t.json:3:2: error: expected describe-table output or CreateTable input as an"
                + " element of the array; found an object with keys \"ModelName\", \"DataModel\"",
            "t.json:4:2: error: duplicate table name 'Users' (first at line 1, column 2)");
  }

  // ----- keys -----

  @Test
  void read_keySchemas_oneHashFirst_multiAttributeOnlyOnGlobalIndexes() {
    // Line 6 holds the table's KeySchema, line 8 a GSI's: both 1 space, then the quoted member.
    assertThat(
            errors(
                """
        {"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"},
           {"AttributeName": "b", "AttributeType": "S"}, {"AttributeName": "c", "AttributeType": "S"},
           {"AttributeName": "d", "AttributeType": "S"}, {"AttributeName": "e", "AttributeType": "S"}],
         "KeySchema": [
          {"AttributeName": "a", "KeyType": "RANGE"}, {"AttributeName": "b", "KeyType": "HASH"}],
         "GlobalSecondaryIndexes": [{"IndexName": "Wide", "Projection": {"ProjectionType": "ALL"},
          "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}, {"AttributeName": "b", "KeyType": "HASH"},
           {"AttributeName": "c", "KeyType": "HASH"}, {"AttributeName": "d", "KeyType": "HASH"},
           {"AttributeName": "e", "KeyType": "HASH"}, {"AttributeName": "a", "KeyType": "RANGE"}]}]}
        """))
        .containsExactly(
            // 6:47: the HASH element after the RANGE one (" {" at 2-3, 44 characters later).
            "t.json:6:47: error: the HASH elements of a KeySchema come before its RANGE elements;"
                + " in the KeySchema of table 'Orders' 'b' follows RANGE 'a'",
            // 10:4: the fifth HASH element (3 spaces); after it (41 characters) and ", " the
            // next element opens at 47, and its AttributeName value 'a' (again) is at 65.
            "t.json:10:4: error: the KeySchema of GSI 'Wide' of table 'Orders' has more than 4"
                + " HASH elements; a global index key has at most 4 partition and 4 sort key"
                + " attributes",
            "t.json:10:65: error: attribute 'a' appears twice in the KeySchema of GSI 'Wide' of"
                + " table 'Orders' (first at line 8, column 35)");
  }

  @Test
  void read_tableWithTwoHashElements_pointsAtMultiAttributeKeysBeingForIndexes() {
    assertThat(
            errors(
                """
        {"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"},
                                  {"AttributeName": "b", "AttributeType": "N"}],
         "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"},
                       {"AttributeName": "b", "KeyType": "HASH"}]}
        """))
        .containsExactly(
            "t.json:5:16: error: the KeySchema of table 'Orders' has a second"
                + " HASH element; a table has one partition key and at most one sort key"
                + " (multi-attribute keys are for global secondary indexes)");
  }

  @Test
  void read_keyElementWithoutKeyTypeOrWithAnUnknownOne_isReported() {
    assertThat(
            errors(
                """
        {"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"},
                                  {"AttributeName": "b", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "a", "KeyType": "PARTITION"},
                       {"AttributeName": "b"}]}
        """))
        .containsExactly(
            "t.json:4:50: error: unknown \"KeyType\" 'PARTITION' (expected one of HASH, RANGE)",
            "t.json:5:16: error: a key element of table 'Orders' has no \"KeyType\"; expected HASH"
                + " (partition key) or RANGE (sort key)");
  }

  @Test
  void read_localIndexes_shareThePartitionKey_needASortKeyAndAreAtMostFive() {
    StringBuilder lsis = new StringBuilder();
    for (int i = 1; i <= 6; i++) {
      lsis.append(i == 1 ? "" : ",")
          .append("\n  {\"IndexName\": \"Local")
          .append(i)
          .append("\", \"Projection\": {\"ProjectionType\": \"KEYS_ONLY\"}, \"KeySchema\": [")
          .append("{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"},")
          .append(" {\"AttributeName\": \"SK\", \"KeyType\": \"RANGE\"}]}");
    }
    // table() fills lines 1-5; "LocalSecondaryIndexes" is line 6 and the six LSIs are lines 7 to
    // 12, each opening at column 3. The sixth is one too many.
    assertThat(errors(table(",\n \"LocalSecondaryIndexes\": [" + lsis + "]")))
        .containsExactly(
            "t.json:12:3: error: table 'Orders' has 6 local secondary indexes; DynamoDB allows at"
                + " most 5");

    assertThat(
            errors(
                """
        {"TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                                  {"AttributeName": "email", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
         "LocalSecondaryIndexes": [{"IndexName": "ByEmail", "Projection": {"ProjectionType": "ALL"},
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}]}
        """))
        .containsExactly(
            "t.json:5:28: error: LSI 'ByEmail' of table 'Users' needs a table with a sort key (a"
                + " RANGE element); table 'Users' has none",
            "t.json:6:16: error: the KeySchema of LSI 'ByEmail' of table 'Users' has no RANGE"
                + " element; a local index is the table's partition key with another sort key");
  }

  @Test
  void read_names_followDynamoDbsNamingRules() {
    assertThat(
            errors(
                """
        {"TableName": "my orders", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
         "GlobalSecondaryIndexes": [{"IndexName": "G", "Projection": {"ProjectionType": "ALL"},
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}]}
        """))
        .containsExactly(
            "t.json:1:15: error: a table name is 3 to 255 characters of A-Z, a-z, 0-9, '_', '.'"
                + " and '-'; found 'my orders'",
            "t.json:4:43: error: a index name is 3 to 255 characters of A-Z, a-z, 0-9, '_', '.'"
                + " and '-'; found 'G'");
  }

  @Test
  void read_attributeDefinitions_missingArrayOrDefinedTwice() {
    assertThat(
            errors(
                """
        {"TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}
        """))
        .containsExactly(
            "t.json:1:1: error: table 'Users' has no \"AttributeDefinitions\";"
                + " expected an array of the key attributes' types such as [{\"AttributeName\":"
                + " \"PK\", \"AttributeType\": \"S\"}]");
    assertThat(
            errors(
                """
        {"TableName": "Users", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                                  {"AttributeName": "id", "AttributeType": "N"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}
        """))
        .containsExactly(
            "t.json:3:27: error: attribute 'id' is defined twice in the"
                + " AttributeDefinitions of table 'Users' (first at line 2, column 27)");
  }

  // ----- projections -----

  @Test
  void read_projections_nonKeyAttributesOnlyWithInclude_andAtMostTwenty() {
    StringBuilder many = new StringBuilder();
    for (int i = 1; i <= 21; i++) {
      many.append(i == 1 ? "" : ", ").append("\"a").append(i).append('"');
    }
    String indexes =
        """
        ,
         "GlobalSecondaryIndexes": [
          {"IndexName": "ByAll", "KeySchema": [{"AttributeName": "SK", "KeyType": "HASH"}],
           "Projection": {"ProjectionType": "ALL", "NonKeyAttributes": ["total"]}},
          {"IndexName": "ByMany", "KeySchema": [{"AttributeName": "SK", "KeyType": "HASH"}],
           "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": [""";
    assertThat(errors(table(indexes + many + "]}}]")))
        .containsExactly(
            // table() fills lines 1-5, the GSIs lines 6-10. 8:64: the array after
            // "ProjectionType": "ALL". Line 10: the array opens at 68, "a1" to "a9" take 6
            // columns each with ", ", "a10" on 7 each, so "a21" starts at 69 + 9 × 6 + 11 × 7.
            "t.json:8:64: error: \"NonKeyAttributes\" lists the attributes an INCLUDE projection"
                + " copies; DynamoDB rejects it with ProjectionType ALL: remove it, or write"
                + " \"ProjectionType\": \"INCLUDE\"",
            "t.json:10:200: error: \"NonKeyAttributes\" of GSI 'ByMany' of table 'Orders' lists 21"
                + " attributes; DynamoDB allows at most 20 per index (project ALL instead)");
  }

  // ----- capacity and stream -----

  @Test
  void read_capacity_provisionedNeedsUnitsEverywhere_onDemandTakesNone() {
    assertThat(
            errors(
                """
        {"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}
        """))
        .containsExactly(
            "t.json:2:27: error: table 'Orders' is PAY_PER_REQUEST (on demand);"
                + " CreateTable rejects \"ProvisionedThroughput\" with it: remove it, or write"
                + " \"BillingMode\": \"PROVISIONED\"");
    assertThat(
            errors(
                """
        {"TableName": "Orders",
         "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 5},
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
         "GlobalSecondaryIndexes": [{"IndexName": "ById", "Projection": {"ProjectionType": "ALL"},
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}]}
        """))
        .containsExactly(
            "t.json:2:49: error: \"ReadCapacityUnits\" must be at least 1, found 0",
            "t.json:5:29: error: GSI 'ById' of table 'Orders' is on a PROVISIONED table but has"
                + " no \"ProvisionedThroughput\"; DynamoDB needs each global index's own"
                + " {\"ReadCapacityUnits\": N, \"WriteCapacityUnits\": N}");
    // describe-table of a provisioned table without BillingModeSummary and without units.
    assertThat(
            errors(
                """
        {"Table": {"TableName": "Orders", "TableStatus": "ACTIVE",
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}}
        """))
        .containsExactly(
            "t.json:1:11: error: table 'Orders' is PROVISIONED (it has no"
                + " \"BillingModeSummary\") but has no \"ProvisionedThroughput\"; add"
                + " {\"ReadCapacityUnits\": N, \"WriteCapacityUnits\": N}, or make it on demand with"
                + " \"BillingMode\": \"PAY_PER_REQUEST\"");
  }

  @Test
  void read_unknownBillingMode_isOneError_notAlsoTheCapacityItWouldNeed() {
    // "ON_DEMAND" is the console's word, not the API's; the GSI's missing units and the table's
    // are not reported on top, since they depend on the mode. Its value starts at 1:40; in the
    // describe-table case the misspelt value starts at 1:73 and its 0 units are not read either.
    assertThat(
            errors(
                """
        {"TableName": "Orders", "BillingMode": "ON_DEMAND",
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
         "GlobalSecondaryIndexes": [{"IndexName": "ById", "Projection": {"ProjectionType": "ALL"},
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}]}
        """))
        .containsExactly(
            "t.json:1:40: error: unknown \"BillingMode\" 'ON_DEMAND' (expected"
                + " one of PROVISIONED, PAY_PER_REQUEST)");
    assertThat(
            errors(
                """
        {"Table": {"TableName": "Orders", "BillingModeSummary": {"BillingMode": "PAY_PER_REQEST"},
          "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}}
        """))
        .containsExactly(
            "t.json:1:73: error: unknown \"BillingMode\" 'PAY_PER_REQEST'; did"
                + " you mean 'PAY_PER_REQUEST'? (expected one of PROVISIONED, PAY_PER_REQUEST)");
  }

  @Test
  void read_streamEnabledWithoutViewType_isRejected() {
    assertThat(errors(table(",\n \"StreamSpecification\": {\"StreamEnabled\": true}")))
        .containsExactly(
            "t.json:6:25: error: the StreamSpecification of table 'Orders' enables"
                + " a stream without \"StreamViewType\"; expected one of NEW_IMAGE, OLD_IMAGE,"
                + " NEW_AND_OLD_IMAGES, KEYS_ONLY");
  }

  // ----- NoSQL Workbench models -----

  @Test
  void read_workbenchProvisionedWithoutUnits_asksForThem() {
    assertThat(
            errors(
                "m.json",
                """
        {"ModelName": "M", "DataModel": [
          {"TableName": "T", "BillingMode": "PROVISIONED",
           "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"}}}]}
        """))
        .containsExactly(
            "m.json:2:3: error: table 'T' has \"BillingMode\": \"PROVISIONED\""
                + " but no \"ProvisionedCapacitySettings\"; add {\"ProvisionedThroughput\":"
                + " {\"ReadCapacityUnits\": N, \"WriteCapacityUnits\": N}}, or write \"BillingMode\":"
                + " \"PAY_PER_REQUEST\" (keyplan does not guess the units)");
  }

  @Test
  void read_workbenchModelErrors_comeFromTheWorkbenchReader() {
    // The same message as WorkbenchReaderErrorsTest's: the Workbench model is read by it.
    assertThat(
            errors(
                "m.json",
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

  @Test
  void read_workbenchModelMissingDataModel_isTakenForAWorkbenchModel() {
    // ModelName alone is enough to recognise the format, so the error is the precise one.
    assertThat(errors("m.json", "{\"ModelName\": \"M\"}"))
        .containsExactly(
            "m.json:1:1: error:"
                + " the model has no \"DataModel\"; expected an array of tables such as"
                + " [{\"TableName\": \"Orders\", \"KeyAttributes\": {…}}]");
  }
}
