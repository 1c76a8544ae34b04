package dev.keyplan.dynamodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Terraform resources, checked line by line. Argument and block names follow the hashicorp/aws
 * provider's aws_dynamodb_table documentation,
 * https://registry.terraform.io/providers/hashicorp/aws/latest/docs/resources/dynamodb_table
 * (Argument Reference and its attribute, global_secondary_index, key_schema, local_secondary_index
 * and ttl sections).
 */
final class TerraformHclTest {

  private static String hcl(String model) {
    return TerraformHcl.emit(Designs.analyze(model));
  }

  /** Returns the lines of the block that starts with {@code header}, through its closing brace. */
  private static List<String> block(String text, String header) {
    List<String> lines = text.lines().toList();
    int start = lines.indexOf(header);
    assertThat(start).as("block %s in%n%s", header, text).isNotNegative();
    String indent = header.substring(0, header.length() - header.stripLeading().length());
    int end = lines.subList(start, lines.size()).indexOf(indent + "}") + start;
    return lines.subList(start, end + 1);
  }

  /** Returns the lines of the global_secondary_index block named {@code name}. */
  private static List<String> gsi(String text, String name) {
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).equals("  global_secondary_index {")
          && lines.get(i + 1).contains("\"" + name + "\"")) {
        return lines.subList(i, lines.subList(i, lines.size()).indexOf("  }") + i + 1);
      }
    }
    throw new AssertionError("no index " + name + " in\n" + text);
  }

  @Test
  void onDemandTableWithSortKey_isOneResource_withAlignedArguments() {
    // name, billing_mode, hash_key, range_key, one attribute block per key attribute; the "=" of
    // consecutive arguments aligned as terraform fmt aligns them.
    assertThat(block(hcl(Designs.ONE_TABLE), "resource \"aws_dynamodb_table\" \"events\" {"))
        .containsExactly(
            "resource \"aws_dynamodb_table\" \"events\" {",
            "  name         = \"Events\"",
            "  billing_mode = \"PAY_PER_REQUEST\"",
            "  hash_key     = \"PK\"",
            "  range_key    = \"SK\"",
            "",
            "  attribute {",
            "    name = \"PK\"",
            "    type = \"S\"",
            "  }",
            "",
            "  attribute {",
            "    name = \"SK\"",
            "    type = \"S\"",
            "  }",
            "}");
  }

  @Test
  void provisionedTable_hasCapacities_andStream() {
    List<String> table =
        block(hcl(Designs.SHOP), "resource \"aws_dynamodb_table\" \"app_table\" {");
    // read_capacity / write_capacity: required when billing_mode is PROVISIONED;
    // stream_enabled and stream_view_type are top-level arguments.
    assertThat(table.subList(1, 9))
        .containsExactly(
            "  name             = \"AppTable\"",
            "  billing_mode     = \"PROVISIONED\"",
            "  read_capacity    = 100",
            "  write_capacity   = 50",
            "  hash_key         = \"PK\"",
            "  range_key        = \"SK\"",
            "  stream_enabled   = true",
            "  stream_view_type = \"NEW_AND_OLD_IMAGES\"");
    // attribute: only hash and range keys of the table and its indexes ("Only define attributes on
    // the table object that are going to be used as" keys); GSI1PK is N, from the int quantity.
    assertThat(String.join("\n", table))
        .contains("    name = \"GSI1PK\"\n    type = \"N\"")
        .doesNotContain("\"total\"\n    type");
  }

  @Test
  void singleAttributeGsi_usesHashAndRangeKey_withIncludeProjectionAndCapacity() {
    assertThat(gsi(hcl(Designs.SHOP), "GSI1"))
        .containsExactly(
            "  global_secondary_index {",
            "    name               = \"GSI1\"",
            "    hash_key           = \"GSI1PK\"",
            "    range_key          = \"GSI1SK\"",
            "    projection_type    = \"INCLUDE\"",
            "    non_key_attributes = [\"total\", \"status\"]",
            "    read_capacity      = 20",
            "    write_capacity     = 10",
            "  }");
  }

  @Test
  void multiAttributeGsi_usesKeySchemaBlocks_afterAComment() {
    String text = hcl(Designs.SHOP);
    // key_schema: attribute_name and key_type HASH or RANGE, "up to 4 attributes with key_type =
    // HASH and up to 4 attributes with key_type = RANGE"; mutually exclusive with
    // hash_key/range_key.
    List<String> gsi = gsi(text, "ByTournament");
    assertThat(gsi).doesNotContain("    hash_key        = \"tournament_id\"");
    assertThat(String.join("\n", gsi))
        .contains(
            "    key_schema {\n"
                + "      attribute_name = \"tournament_id\"\n"
                + "      key_type       = \"HASH\"\n"
                + "    }\n\n"
                + "    key_schema {\n"
                + "      attribute_name = \"region\"\n"
                + "      key_type       = \"HASH\"\n"
                + "    }\n\n"
                + "    key_schema {\n"
                + "      attribute_name = \"round\"\n"
                + "      key_type       = \"RANGE\"\n"
                + "    }\n\n"
                + "    key_schema {\n"
                + "      attribute_name = \"match_id\"\n"
                + "      key_type       = \"RANGE\"\n"
                + "    }");
    assertThat(gsi.subList(1, 5))
        .containsExactly(
            "    name            = \"ByTournament\"",
            "    projection_type = \"KEYS_ONLY\"",
            "    read_capacity   = 5",
            "    write_capacity  = 5");
    // The comment names the provider release that documents key_schema.
    List<String> lines = text.lines().toList();
    assertThat(lines.get(lines.indexOf(gsi.get(1)) - 2))
        .isEqualTo(
            "  # Multi-attribute key: key_schema blocks need hashicorp/aws 6.29.0 or later.");
  }

  @Test
  void lsi_hasRangeKeyAndProjection() {
    // local_secondary_index: name, range_key, projection_type (it shares the table's hash key).
    assertThat(block(hcl(Designs.SHOP), "  local_secondary_index {"))
        .containsExactly(
            "  local_secondary_index {",
            "    name            = \"ByDate\"",
            "    range_key       = \"order_date\"",
            "    projection_type = \"ALL\"",
            "  }");
  }

  @Test
  void ttl_isABlock() {
    String text = hcl(Designs.SHOP);
    // ttl: attribute_name and enabled.
    assertThat(block(text, "  ttl {"))
        .containsExactly(
            "  ttl {", "    attribute_name = \"expires_at\"", "    enabled        = true", "  }");
    List<String> sessions = block(text, "resource \"aws_dynamodb_table\" \"sessions\" {");
    assertThat(sessions)
        .contains("  billing_mode = \"PAY_PER_REQUEST\"", "  hash_key     = \"session_id\"")
        .noneMatch(l -> l.contains("range_key") || l.contains("capacity"));
  }

  @Test
  void twoTables_areTwoResources_inModelOrder() {
    List<String> headers =
        hcl(Designs.SHOP).lines().filter(l -> l.startsWith("resource ")).toList();
    assertThat(headers)
        .containsExactly(
            "resource \"aws_dynamodb_table\" \"app_table\" {",
            "resource \"aws_dynamodb_table\" \"sessions\" {");
  }

  @Test
  void resourceNames_areSnakeCaseIdentifiers_madeUnique() {
    Set<String> taken = new HashSet<>();
    assertThat(TerraformHcl.resourceName("AppTable", taken)).isEqualTo("app_table");
    assertThat(TerraformHcl.resourceName("app_table", taken)).isEqualTo("app_table_2");
    assertThat(TerraformHcl.resourceName("GSIEvents.v2", taken)).isEqualTo("gsi_events_v2");
    // An identifier cannot start with a digit.
    assertThat(TerraformHcl.resourceName("2024-events", taken)).isEqualTo("table_2024_events");
  }

  @Test
  void quote_escapesTemplateSequences() {
    // HCL quoted templates: \" and \\ escapes; ${ and %{ escaped by doubling the sign.
    assertThat(TerraformHcl.quote("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
    assertThat(TerraformHcl.quote("${x} %{if} $5 100%")).isEqualTo("\"$${x} %%{if} $5 100%\"");
  }

  @Test
  void sameDesign_givesTheSameBytes() {
    assertThat(hcl(Designs.SHOP)).isEqualTo(hcl(Designs.SHOP));
  }
}
