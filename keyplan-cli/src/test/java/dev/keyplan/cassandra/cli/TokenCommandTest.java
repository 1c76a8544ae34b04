package dev.keyplan.cassandra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import org.junit.jupiter.api.Test;

final class TokenCommandTest {

  // apache/cassandra-dtest replication_test.py murmur3_hashes: int 1 -> -4069959284402364209.
  @Test
  void token_int1_printsDtestToken() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "int", "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo("token  -4069959284402364209\nkey    00000001\n");
    assertThat(run.err()).isEmpty();
  }

  // datastax/python-driver tests/unit/test_metadata.py _verify_hash: '123' -> -7468325962851647638.
  @Test
  void token_text123Json_printsTokenAsString() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "text", "123", "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo("{\"token\": \"-7468325962851647638\", \"key\": \"313233\"}\n");
  }

  // apache/cassandra-gocql-driver internal/murmur/murmur_test.go: the (uuid, int) composite
  // regression key 00104327529fb645dd00b883ec39ae448bb800000400066a6b00 -> -9223371632693506265.
  @Test
  void token_uuidIntComposite_printsGocqlRegressionToken() {
    CliRun run =
        CliRun.of(
            "cassandra",
            "token",
            "--type",
            "uuid,int",
            "4327529f-b645-dd00-b883-ec39ae448bb8",
            "420459");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "token  -9223371632693506265\n"
                + "key    00104327529fb645dd00b883ec39ae448bb800000400066a6b00\n");
  }

  // Same key given whole as a blob: a one-column key hashes its bytes raw.
  @Test
  void token_regressionKeyAsBlob_printsSameToken() {
    CliRun run =
        CliRun.of(
            "cassandra",
            "token",
            "--type",
            "blob",
            "0x00104327529fb645dd00b883ec39ae448bb800000400066a6b00",
            "--format",
            "json");
    assertThat(run.out()).startsWith("{\"token\": \"-9223371632693506265\"");
  }

  // Keyplan research notes §3.4 (cassandra-all 5.0.6): (text 'a', int 1) -> 8247712171917364652,
  // the same as CompositeType.fromString("a:1"), nodetool's form.
  @Test
  void token_nodetoolColonForm_equalsSeparateValues() {
    CliRun separate = CliRun.of("cassandra", "token", "--type", "text,int", "a", "1");
    CliRun colon = CliRun.of("cassandra", "token", "--type", "text,int", "a:1");
    assertThat(separate.out()).startsWith("token  8247712171917364652\n");
    assertThat(colon.out()).isEqualTo(separate.out());
  }

  // Keyplan research notes §6 (computed from scylladb docs/dev/protocol-extensions.md):
  // int 1 -> shard 2 of 8 with the default ignore_msb 12.
  @Test
  void token_withShards_printsScyllaShard() {
    CliRun text = CliRun.of("cassandra", "token", "--type", "int", "--shards", "8", "1");
    CliRun json =
        CliRun.of("cassandra", "token", "--type", "int", "--shards", "16", "1", "--format", "json");
    assertThat(text.out()).endsWith("shard  2 of 8 (ignore_msb 12)\n");
    assertThat(json.out())
        .isEqualTo("{\"token\": \"-4069959284402364209\", \"key\": \"00000001\", \"shard\": 4}\n");
  }

  @Test
  void token_negativeIntValue_isAValueNotAnOption() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "int", "-1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("key    ffffffff");
  }

  @Test
  void token_unknownType_exits2WithMessageAndNoStackTrace() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "bigitn", "1");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "<command line>: error: unknown partition-key type 'bigitn';"
                + " did you mean 'bigint'? (supported: text, varchar, ascii, int, bigint, smallint,"
                + " tinyint, uuid, timeuuid, timestamp, date, boolean, blob)\n1 error\n");
  }

  @Test
  void token_badValue_exits2NamingTheType() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "int", "one");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("<command line>: error: int value 'one' is not valid:")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
  }

  @Test
  void token_valueCountMismatch_exits2() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "int,int,int", "1", "2");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("2 values given for a partition key of 3 components");
  }

  @Test
  void token_missingType_exits2() {
    CliRun run = CliRun.of("cassandra", "token", "1");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--type is required");
  }

  @Test
  void token_markdown_exits2() {
    CliRun run = CliRun.of("cassandra", "token", "--type", "int", "1", "--format", "markdown");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--format markdown is not available");
  }

  @Test
  void token_badShardOptions_exit2() {
    assertThat(CliRun.of("cassandra", "token", "--type", "int", "--shards", "0", "1").err())
        .contains("--shards/--ignore-msb: a node has at least 1 shard, not 0");
    CliRun noShards = CliRun.of("cassandra", "token", "--type", "int", "--ignore-msb", "8", "1");
    assertThat(noShards.exitCode()).isEqualTo(2);
    assertThat(noShards.err()).contains("--ignore-msb only applies with --shards N");
  }

  @Test
  void help_documentsJsonShape() {
    CliRun run = CliRun.of("cassandra", "token", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("{\"token\": \"-4069959284402364209\"");
  }
}
