package dev.keyplan.dynamodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The CloudFormation template, read back with a YAML parser. Property names follow the
 * AWS::DynamoDB::Table reference,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-dynamodb-table.html,
 * and its property-type pages (KeySchema, Projection, ProvisionedThroughput, GlobalSecondaryIndex,
 * LocalSecondaryIndex, StreamSpecification, TimeToLiveSpecification).
 */
final class CloudFormationYamlTest {

  @SuppressWarnings("unchecked")
  private static Map<String, Object> template(String model) {
    return (Map<String, Object>)
        new Load(LoadSettings.builder().build())
            .loadFromString(CloudFormationYaml.emit(Designs.analyze(model)));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o, String key) {
    return (Map<String, Object>) ((Map<String, Object>) o).get(key);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Object o, String key) {
    return (List<Map<String, Object>>) ((Map<String, Object>) o).get(key);
  }

  private static Map<String, Object> properties(String model, String logicalId) {
    Map<String, Object> resource = map(map(template(model), "Resources"), logicalId);
    // Type: the resource type identifier of the reference page.
    assertThat(resource.get("Type")).isEqualTo("AWS::DynamoDB::Table");
    return map(resource, "Properties");
  }

  private static Map<String, Object> index(Map<String, Object> table, String member, String name) {
    return list(table, member).stream()
        .filter(i -> i.get("IndexName").equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static List<String> keys(Map<String, Object> owner) {
    return list(owner, "KeySchema").stream()
        .map(k -> k.get("AttributeName") + " " + k.get("KeyType"))
        .toList();
  }

  @Test
  void template_hasTheFormatVersionAsAString_andOneResourcePerTable() {
    Map<String, Object> t = template(Designs.SHOP);
    // AWSTemplateFormatVersion: the only valid value is the string "2010-09-09" (template anatomy).
    assertThat(t.get("AWSTemplateFormatVersion")).isEqualTo("2010-09-09");
    assertThat(t.get("Description").toString()).contains("model shop").contains("m.yaml");
    assertThat(map(t, "Resources").keySet()).containsExactly("AppTable", "Sessions");
  }

  @Test
  void tableWithSortKey_hasKeySchemaAndOnlyKeyAttributeDefinitions() {
    Map<String, Object> p = properties(Designs.ONE_TABLE, "Events");
    assertThat(p.get("TableName")).isEqualTo("Events");
    // KeySchema: HASH then RANGE; AttributeDefinitions: the key attributes only.
    assertThat(keys(p)).containsExactly("PK HASH", "SK RANGE");
    assertThat(list(p, "AttributeDefinitions"))
        .containsExactly(
            Map.of("AttributeName", "PK", "AttributeType", "S"),
            Map.of("AttributeName", "SK", "AttributeType", "S"));
    // BillingMode PAY_PER_REQUEST and no ProvisionedThroughput ("If you set BillingMode as
    // PAY_PER_REQUEST, you cannot specify this property").
    assertThat(p.get("BillingMode")).isEqualTo("PAY_PER_REQUEST");
    assertThat(p)
        .doesNotContainKeys(
            "ProvisionedThroughput", "StreamSpecification", "TimeToLiveSpecification");
  }

  @Test
  void provisionedTable_andItsGsis_haveProvisionedThroughput() {
    Map<String, Object> p = properties(Designs.SHOP, "AppTable");
    assertThat(p.get("BillingMode")).isEqualTo("PROVISIONED");
    // ProvisionedThroughput: ReadCapacityUnits and WriteCapacityUnits, integers.
    assertThat(map(p, "ProvisionedThroughput"))
        .isEqualTo(Map.of("ReadCapacityUnits", 100, "WriteCapacityUnits", 50));
    assertThat(map(index(p, "GlobalSecondaryIndexes", "GSI1"), "ProvisionedThroughput"))
        .isEqualTo(Map.of("ReadCapacityUnits", 20, "WriteCapacityUnits", 10));
  }

  @Test
  void multiAttributeGsi_keySchemaHasEveryHashThenEveryRange() {
    Map<String, Object> gsi =
        index(properties(Designs.SHOP, "AppTable"), "GlobalSecondaryIndexes", "ByTournament");
    // GlobalSecondaryIndex.KeySchema is a list of KeySchema, as the API's multi-attribute keys take
    // it.
    assertThat(keys(gsi))
        .containsExactly("tournament_id HASH", "region HASH", "round RANGE", "match_id RANGE");
    assertThat(map(gsi, "Projection")).isEqualTo(Map.of("ProjectionType", "KEYS_ONLY"));
  }

  @Test
  void includeProjection_andLsi() {
    Map<String, Object> p = properties(Designs.SHOP, "AppTable");
    // Projection: ProjectionType INCLUDE with NonKeyAttributes.
    assertThat(map(index(p, "GlobalSecondaryIndexes", "GSI1"), "Projection"))
        .isEqualTo(
            Map.of("ProjectionType", "INCLUDE", "NonKeyAttributes", List.of("total", "status")));
    // LocalSecondaryIndex: IndexName, KeySchema (table partition key HASH, index sort key RANGE),
    // Projection; no ProvisionedThroughput property exists for it.
    Map<String, Object> lsi = index(p, "LocalSecondaryIndexes", "ByDate");
    assertThat(keys(lsi)).containsExactly("PK HASH", "order_date RANGE");
    assertThat(lsi).containsOnlyKeys("IndexName", "KeySchema", "Projection");
  }

  @Test
  void streamAndTtl_areTableProperties() {
    // StreamSpecification has StreamViewType (and ResourcePolicy) but no StreamEnabled member.
    assertThat(map(properties(Designs.SHOP, "AppTable"), "StreamSpecification"))
        .isEqualTo(Map.of("StreamViewType", "NEW_AND_OLD_IMAGES"));
    // TimeToLiveSpecification: AttributeName and Enabled (a Boolean), set on the table itself.
    Map<String, Object> sessions = properties(Designs.SHOP, "Sessions");
    assertThat(map(sessions, "TimeToLiveSpecification"))
        .isEqualTo(Map.of("AttributeName", "expires_at", "Enabled", true));
    assertThat(keys(sessions)).containsExactly("session_id HASH");
  }

  @Test
  void logicalIds_areAlphanumericAndUnique() {
    // Logical IDs: alphanumeric (A-Za-z0-9) and unique within the template (template anatomy,
    // Resources).
    Set<String> taken = new HashSet<>();
    assertThat(CloudFormationYaml.logicalId("orders_v2", taken)).isEqualTo("OrdersV2");
    assertThat(CloudFormationYaml.logicalId("orders-v2", taken)).isEqualTo("OrdersV22");
    assertThat(CloudFormationYaml.logicalId("app.events", taken)).isEqualTo("AppEvents");
    assertThat(CloudFormationYaml.logicalId("---", taken)).isEqualTo("Table");
  }

  @Test
  void namesThatLookLikeOtherTypes_stayStrings() {
    // A table named 123 or true is legal (3-255 of A-Z a-z 0-9 _ . -); quoted, it reads back as
    // text.
    String model =
        Designs.ONE_TABLE
            .replace("    Events:", "    true:")
            .replace("sort_key: SK", "sort_key: '0x1F'")
            .replace("SK: \"{at}\"", "'0x1F': \"{at}\"");
    Map<String, Object> p = properties(model, "True");
    assertThat(p.get("TableName")).isEqualTo("true");
    assertThat(keys(p)).containsExactly("PK HASH", "0x1F RANGE");
  }

  @Test
  void quote_escapesWhatYamlWouldReadOtherwise() {
    // YAML 1.2 double-quoted style: \" \\ and escapes for control and line-break characters.
    assertThat(CloudFormationYaml.quote("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
    assertThat(CloudFormationYaml.quote("tab\tline\nnel\u0085ls\u2028"))
        .isEqualTo("\"tab\\tline\\nnel\\u0085ls\\u2028\"");
    String tricky = "# not a comment: {x} [y] & *z ! | > ' % @ `";
    assertThat(
            new Load(LoadSettings.builder().build())
                .loadFromString("k: " + CloudFormationYaml.quote(tricky)))
        .isEqualTo(Map.of("k", tricky));
  }

  @Test
  void sameDesign_givesTheSameBytes() {
    String first = CloudFormationYaml.emit(Designs.analyze(Designs.SHOP));
    assertThat(CloudFormationYaml.emit(Designs.analyze(Designs.SHOP))).isEqualTo(first);
  }
}
