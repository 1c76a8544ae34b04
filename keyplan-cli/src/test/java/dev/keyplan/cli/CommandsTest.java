package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.check.BuiltInRules;
import org.junit.jupiter.api.Test;

/** {@code rules}, {@code explain} and {@code emit cql}. */
final class CommandsTest {
  @Test
  void rules_listsEveryRuleWithSeverityAndCategory() {
    var run = CliRun.of("rules");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines()).hasSize(BuiltInRules.all().size());
    assertThat(run.out()).containsPattern("HotPartition +error +key +cassandra +One partition");
  }

  @Test
  void rulesJson_isAnArrayOfRules() {
    var run = CliRun.of("rules", "--format", "json");
    assertThat(run.out()).startsWith("[").contains("\"id\": \"QueuePattern\"");
  }

  @Test
  void explain_printsTheRulePage() {
    var run = CliRun.of("explain", "QueuePattern");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("# QueuePattern").contains("## How to fix");
  }

  @Test
  void explain_unknownRule_suggests() {
    var run = CliRun.of("explain", "QueuePatern");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("no rule named 'QueuePatern' (did you mean 'QueuePattern'?)");
  }

  @Test
  void emitCql_annotatesTablesAndParsesBack() {
    var run = CliRun.of("emit", "cql", "examples/chat.yaml");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("-- messages_by_channel stores Message.")
        .contains("--   serves: latest-messages (20,000/s, buckets, newest first)")
        .contains("--   bucket is derived by the application: 10m bucket of message_id");
    var schema = CqlParser.parse("emitted.cql", run.out());
    var table = schema.table("messages_by_channel").orElseThrow();
    assertThat(table.partitionKey()).containsExactly("channel_id", "bucket");
    assertThat(table.clustering().get(0).descending()).isTrue();
    assertThat(schema.keyspace("chat").orElseThrow().totalReplicas()).isEqualTo(3);
  }

  @Test
  void emitCql_keepsTtlAndIndexes() {
    var sensors = CqlParser.parse("e.cql", CliRun.of("emit", "cql", "examples/sensors.yaml").out());
    assertThat(sensors.table("sensor_readings_by_sensor").orElseThrow().defaultTimeToLiveSeconds())
        .isEqualTo(2_592_000);
    var books = CqlParser.parse("e.cql", CliRun.of("emit", "cql", "examples/books.yaml").out());
    assertThat(books.indexesOn("books_by_author")).hasSize(1);
  }
}
