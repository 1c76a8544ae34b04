package dev.keyplan.mongodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import org.junit.jupiter.api.Test;

final class MongoDbCommandTest {

  @Test
  void mongodb_withoutSubcommand_printsUsageListingBoth() {
    CliRun run = CliRun.of("mongodb");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("hash").contains("doc-size");
  }

  @Test
  void mongodb_help_listsSubcommands() {
    CliRun run = CliRun.of("mongodb", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("Print the hashed shard-key value")
        .contains("Print a document's BSON size");
  }

  @Test
  void keyplan_help_listsMongodb() {
    assertThat(CliRun.of("--help").out()).contains("mongodb");
  }

  @Test
  void mongodb_unknownSubcommand_exits2() {
    assertThat(CliRun.of("mongodb", "hsah").exitCode()).isEqualTo(2);
  }
}
