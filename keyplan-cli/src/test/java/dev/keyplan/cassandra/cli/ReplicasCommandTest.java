package dev.keyplan.cassandra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ReplicasCommandTest {
  private static final String RING = CliRun.resource("/cassandra/six-node-ring.yaml");

  // Keyplan research notes §4.4 (cassandra-all 5.0.6 NetworkTopologyStrategy {dc1: 3, dc2: 1}):
  // int 1 (token -4069959284402364209) -> n3, n4, n5, n1, primary n3.
  @Test
  void replicas_int1_printsNtsReplicasPrimaryFirst() {
    CliRun run = CliRun.of("cassandra", "replicas", "--ring", RING, "--type", "int", "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .isEqualTo(
            """
        token -4069959284402364209 in range (-6000000000000000000, -3000000000000000000]
        n3  dc1  r2
        n4  dc2  r1
        n5  dc1  r3
        n1  dc1  r1
        """);
  }

  // Same source: int 3 (9010454139840013625) wraps to n1; n2 is skipped (rack r1 already used).
  @Test
  void replicas_wrappingTokenJson_printsReplicaObjects() {
    CliRun run =
        CliRun.of(
            "cassandra",
            "replicas",
            "--ring",
            RING,
            "--token",
            "9010454139840013625",
            "--format",
            "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "{\"token\": \"9010454139840013625\", \"replicas\": ["
                + "{\"name\": \"n1\", \"dc\": \"dc1\", \"rack\": \"r1\"}, "
                + "{\"name\": \"n3\", \"dc\": \"dc1\", \"rack\": \"r2\"}, "
                + "{\"name\": \"n4\", \"dc\": \"dc2\", \"rack\": \"r1\"}, "
                + "{\"name\": \"n5\", \"dc\": \"dc1\", \"rack\": \"r3\"}]}\n");
  }

  // Same source, exact hit on a node token: 0 -> n4, n5, n1, n3.
  @Test
  void replicas_exactNodeToken_startsAtThatNode() {
    CliRun run = CliRun.of("cassandra", "replicas", "--ring", RING, "--token", "0");
    assertThat(run.out().lines().skip(1).map(l -> l.split(" ")[0]))
        .containsExactly("n4", "n5", "n1", "n3");
  }

  @Test
  void replicas_keyByValueJson_includesHashedKey() {
    CliRun run =
        CliRun.of(
            "cassandra", "replicas", "--ring", RING, "--type", "int", "1", "--format", "json");
    assertThat(run.out())
        .startsWith("{\"token\": \"-4069959284402364209\", \"key\": \"00000001\", \"replicas\": [");
  }

  @Test
  void replicas_badRingFile_exits2WithFileLineColumn(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("ring.yaml");
    Files.writeString(
        bad,
        """
        replication: {class: SimpleStrategy, replication_factor: 2}
        nodes:
          - {name: a, dc: dc1, rack: r1, tokens: [1], zone: z}
        """);
    CliRun run = CliRun.of("cassandra", "replicas", "--ring", bad.toString(), "--token", "5");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            bad
                + ":1:58: error: replication_factor 2 is larger than the"
                + " 1 node of the ring\n"
                + bad
                + ":3:47: error: unknown key 'zone' in a node (expected name, dc, rack, tokens,"
                + " num_tokens)\n2 errors\n");
  }

  @Test
  void replicas_missingRingOrKey_exits2() {
    assertThat(CliRun.of("cassandra", "replicas", "--token", "1").err())
        .contains("--ring FILE is required");
    CliRun noKey = CliRun.of("cassandra", "replicas", "--ring", RING);
    assertThat(noKey.exitCode()).isEqualTo(2);
    assertThat(noKey.err()).contains("give --token T, or --type");
    CliRun both =
        CliRun.of("cassandra", "replicas", "--ring", RING, "--token", "1", "--type", "int", "1");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("not both");
  }

  @Test
  void replicas_nonNumericToken_exits2() {
    CliRun run = CliRun.of("cassandra", "replicas", "--ring", RING, "--token", "9e18");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("<command line>: error: --token '9e18' is not a token");
  }

  @Test
  void replicas_missingRingFile_exits2() {
    CliRun run = CliRun.of("cassandra", "replicas", "--ring", "no-such-ring.yaml", "--token", "1");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("no-such-ring.yaml: error: cannot read the ring file: no such file\n1 error\n");
  }

  @Test
  void replicas_markdown_exits2() {
    CliRun run =
        CliRun.of("cassandra", "replicas", "--ring", RING, "--token", "1", "--format", "markdown");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("not available for 'keyplan cassandra replicas'");
  }
}
