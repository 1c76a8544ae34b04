package dev.keyplan.dynamodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import org.junit.jupiter.api.Test;

final class DynamoDbCommandTest {

  @Test
  void dynamodb_withoutSubcommand_printsUsageListingItemSize() {
    CliRun run = CliRun.of("dynamodb");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("item-size").contains("keyplan check MODEL");
  }

  @Test
  void dynamodb_help_listsSubcommands() {
    CliRun run = CliRun.of("dynamodb", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("item-size").contains("Print the exact size of a DynamoDB item");
  }

  @Test
  void keyplan_help_listsDynamodb() {
    assertThat(CliRun.of("--help").out()).contains("dynamodb");
  }

  @Test
  void dynamodb_unknownSubcommand_exits2() {
    assertThat(CliRun.of("dynamodb", "item-sise").exitCode()).isEqualTo(2);
  }
}
