package dev.keyplan.cassandra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import org.junit.jupiter.api.Test;

final class CassandraCommandTest {

  @Test
  void cassandra_noSubcommand_printsUsageOnStderr() {
    CliRun run = CliRun.of("cassandra");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains("Usage: keyplan cassandra")
        .contains("token")
        .contains("replicas");
  }

  @Test
  void cassandra_help_listsSubcommandsAndExitCodes() {
    CliRun run = CliRun.of("cassandra", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Print the Murmur3 token").contains("Exit codes:");
  }
}
