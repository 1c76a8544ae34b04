package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** keyplan verify against the real Cassandra 5.0.6 that .ci/run starts. */
class CassandraVerifierTest {
  @Test
  void aDescribedSchemaWithEveryTableOption_isVerified_withCompressionOffInsteadOfItsOwn() {
    // Issue 15: a server-side DESCRIBE names compression (LZ4, 16 KB chunks) among its options;
    // verify added its own compression off beside it and Cassandra refused the table ("Multiple
    // definitions for property 'compression'", exit 4). Now verify's replaces the design's, and
    // every other option (caching, compaction, comment, …) is applied as written.
    VerifyResult r =
        CassandraVerifier.run(
            CassandraAnalyzer.analyze(
                ModelReader.read(
                    Path.of("keyplan-verify/src/test/resources/describe/videos.yaml"))),
            LiveCassandra.options(),
            Credentials.none(),
            Progress.NONE);
    assertEquals(0, r.mismatches(), String.join("\n", r.findings()));
    assertThat(r.table("partitions").rows()).isNotEmpty();
  }

  @Test
  void chat_everyPredictionMatches() {
    // examples/chat.yaml: keyplan predicts the busiest 10-minute bucket's S_t and a typical
    // channel's
    // walk of 17 buckets for its latest 50 messages; the run measures both (≤ 500 rows loaded).
    VerifyResult r =
        CassandraVerifier.run(
            CassandraAnalyzer.analyze(LiveCassandra.example("chat.yaml")),
            LiveCassandra.options(),
            Credentials.none(),
            Progress.NONE);
    assertEquals(0, r.mismatches(), String.join("\n", r.findings()));
    Table sizes = r.table("partitions");
    for (int i = 0; i < sizes.rows().size(); i++) {
      // ok: within ±10% or ±64 B of the on-disk figure, and measured (JMX answered).
      assertThat(sizes.cell(i, "verdict")).as("row %d", i).isEqualTo("ok");
    }
    Table reads = r.table("patterns");
    assertEquals(17.0, reads.cell(1, "traced_partitions")); // the typical key's newest-first walk
    assertEquals(
        1.0, reads.cell(0, "traced_partitions")); // the busiest channel's newest bucket holds 50
    Table tokens = r.table("tokens");
    assertThat(tokens.rows()).allSatisfy(row -> assertEquals("equal", row.get(4)));
  }

  @Test
  void orders_smallCells_areSizedOnDisk_withinTenPercent() {
    // The docs' S_t counts 8 bytes of metadata per cell; Cassandra's format writes a cell's flags
    // and a delta-encoded timestamp in 1-3 bytes, plus a few bytes per row, so orders' many small
    // cells (ids, amounts, timestamps) came out about 11% smaller than S_t (measured ×0.89). The
    // on-disk figure (SstableFootprint) is what verify compares: within ±10% or ±64 B.
    VerifyResult r =
        CassandraVerifier.run(
            CassandraAnalyzer.analyze(LiveCassandra.example("orders.yaml")),
            LiveCassandra.options(),
            Credentials.none(),
            Progress.NONE);
    assertEquals(0, r.mismatches(), String.join("\n", r.findings()));
    Table sizes = r.table("partitions");
    for (int i = 0; i < sizes.rows().size(); i++) {
      // ok: within ±10% or ±64 B of the on-disk figure, and measured (JMX answered).
      assertThat(sizes.cell(i, "verdict")).as("row %d", i).isEqualTo("ok");
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {
        "chat-scylla.yaml",
        "sensors.yaml",
        "inbox.yaml",
        "books.yaml",
        "discord-general.yaml",
        "discord-general-weeks.yaml"
      })
  void everyShippedCassandraExample_tracesAsPredicted_andIsSizedWithinTenPercent(String example) {
    // Measured bytes over keyplan's on-disk figure (SstableFootprint) for the rows loaded, written
    // with USING TIMESTAMP spread over 600 s; docs/verify.md records each table's ratio.
    VerifyResult r =
        CassandraVerifier.run(
            CassandraAnalyzer.analyze(LiveCassandra.example(example)),
            LiveCassandra.options(),
            Credentials.none(),
            Progress.NONE);
    assertEquals(0, r.mismatches(), example + ":\n" + String.join("\n", r.findings()));
    Table sizes = r.table("partitions");
    for (int i = 0; i < sizes.rows().size(); i++) {
      // ok: within ±10% or ±64 B of the on-disk figure, and measured (JMX answered).
      assertThat(sizes.cell(i, "verdict")).as("%s row %d", example, i).isEqualTo("ok");
    }
  }

  @Test
  void anExistingKeyspace_isRefused_andLeftAsItWas_reuseAddsAndDropsOnlyItsOwnTables() {
    try (CqlSession s = LiveCassandra.session()) {
      s.execute(
          "CREATE KEYSPACE IF NOT EXISTS keyplan_verify_chat WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute(
          "CREATE TABLE IF NOT EXISTS keyplan_verify_chat.precious (id int PRIMARY KEY, v text)");
      s.execute("INSERT INTO keyplan_verify_chat.precious (id, v) VALUES (1, 'keep me')");
      try {
        var refused =
            assertThrows(
                VerifyException.class,
                () ->
                    CassandraVerifier.run(
                        CassandraAnalyzer.analyze(LiveCassandra.example("chat.yaml")),
                        LiveCassandra.options(),
                        Credentials.none(),
                        Progress.NONE));
        assertThat(refused.getMessage()).startsWith("keyspace keyplan_verify_chat already exists");
        VerifyResult reused =
            CassandraVerifier.run(
                CassandraAnalyzer.analyze(LiveCassandra.example("chat.yaml")),
                LiveCassandra.options().with(true, false),
                Credentials.none(),
                Progress.NONE);
        assertEquals(0, reused.mismatches(), String.join("\n", reused.findings()));
        s.refreshSchema();
        var ks =
            s.getMetadata()
                .getKeyspace(CqlIdentifier.fromInternal("keyplan_verify_chat"))
                .orElseThrow();
        assertEquals(
            List.of("precious"),
            ks.getTables().keySet().stream().map(CqlIdentifier::asInternal).toList());
        assertEquals(
            "keep me",
            s.execute("SELECT v FROM keyplan_verify_chat.precious WHERE id = 1")
                .one()
                .getString(0));
        assertEquals(
            1, s.execute("SELECT count(*) FROM keyplan_verify_chat.precious").one().getLong(0));
      } finally {
        s.execute("DROP KEYSPACE IF EXISTS keyplan_verify_chat");
      }
    }
  }

  @Test
  void credentialsNeverAppear_inTheResult(@TempDir Path dir) throws Exception {
    // The test server allows anyone in, so a user and password are sent and ignored; neither may
    // show in what the run returns.
    Path file = dir.resolve("creds.properties");
    Files.writeString(
        file, "KEYPLAN_CASSANDRA_USERNAME=alice\nKEYPLAN_CASSANDRA_PASSWORD=s3cr3t-pa55\n");
    Credentials c = Credentials.load(java.util.Optional.of(file), Map.of());
    VerifyResult r =
        CassandraVerifier.run(
            CassandraAnalyzer.analyze(LiveCassandra.example("inbox.yaml")),
            LiveCassandra.options(),
            c,
            Progress.NONE);
    String all = r.toString() + r.asResult();
    assertThat(all).doesNotContain("s3cr3t-pa55").doesNotContain("alice");
    assertThat(c.toString())
        .isEqualTo(
            "credentials from file "
                + file
                + " (KEYPLAN_CASSANDRA_PASSWORD, KEYPLAN_CASSANDRA_USERNAME)");
  }
}
