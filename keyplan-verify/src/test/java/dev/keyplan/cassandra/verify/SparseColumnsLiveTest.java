package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.design.SstableFootprint;
import dev.keyplan.cassandra.design.SstableFootprint.FootprintColumn;
import dev.keyplan.cassandra.design.SstableFootprint.Place;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A sparse column ({@code present:} below 100%, docs/model.md "Sparse attributes") against the real
 * Cassandra 5.0.6: a column a row does not set writes no cell, and the row writes a bitmap of its
 * missing columns instead ({@code Columns.Serializer.serializeSubset}). One partition of 10 rows,
 * every row setting {@code a} and 3 of them {@code b}, written at one timestamp so every delta is 0
 * and flushed alone: {@link SstableFootprint} with {@code b} present in 30% of rows must give
 * {@code BytesFlushed} to the byte, and without the bitmap it would be 7 bytes short (one per row
 * lacking {@code b}). Keyspace {@code <prefix>syntax_sparse}; skipped without
 * KEYPLAN_CASSANDRA_ENDPOINT.
 */
final class SparseColumnsLiveTest {
  /** 2026-01-01T00:00:00Z in microseconds: every row's write timestamp. */
  private static final long MICROS = 1_767_225_600_000_000L;

  private static CqlSession session;
  private static Jmx jmx;

  @BeforeAll
  static void connect() {
    LiveCassandra.endpoint();
    session = LiveCassandra.session();
    String[] why = new String[1];
    String address = System.getenv().getOrDefault("KEYPLAN_CASSANDRA_JMX", "127.0.0.1:7199");
    jmx = Jmx.open(address, why).orElseThrow(() -> new IllegalStateException(why[0]));
  }

  @AfterAll
  static void close() {
    if (jmx != null) {
      jmx.close();
    }
    if (session != null) {
      session.close();
    }
  }

  @Test
  void anUnsetColumnWritesNoCell_butItsRowWritesTheMissingColumns() throws Exception {
    String ks = LiveCassandra.prefix("keyplan_") + "syntax_sparse";
    session.execute("DROP KEYSPACE IF EXISTS " + ks);
    session.execute(
        "CREATE KEYSPACE "
            + ks
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    try {
      session.execute(
          "CREATE TABLE "
              + ks
              + ".t (pk int, ck int, a text, b text, PRIMARY KEY (pk, ck))"
              + " WITH compression = {'enabled': 'false'}");
      for (int ck = 0; ck < 10; ck++) {
        // a: 4 bytes in every row; b: 12 bytes in rows 0, 1 and 2 only (not null: unset).
        session.execute(
            ck < 3
                ? "INSERT INTO "
                    + ks
                    + ".t (pk, ck, a, b) VALUES (1, "
                    + ck
                    + ", 'aaaa', 'bbbbbbbbbbbb') USING TIMESTAMP "
                    + MICROS
                : "INSERT INTO "
                    + ks
                    + ".t (pk, ck, a) VALUES (1, "
                    + ck
                    + ", 'aaaa') USING TIMESTAMP "
                    + MICROS);
      }
      long before = jmx.bytesFlushed(ks, "t");
      jmx.flush(ks, "t");
      long measured = jmx.bytesFlushed(ks, "t") - before;
      CqlType text = CqlType.of("text");
      List<FootprintColumn> columns =
          List.of(
              new FootprintColumn("pk", Place.PARTITION_KEY, CqlType.of("int"), 4, 1, List.of()),
              new FootprintColumn("ck", Place.CLUSTERING, CqlType.of("int"), 4, 1, List.of()),
              new FootprintColumn("a", Place.REGULAR, text, 4, 1, List.of()),
              new FootprintColumn("b", Place.REGULAR, text, 12, 1, List.of(), 0.3));
      double predicted =
          SstableFootprint.partitionBytes(columns, SstableFootprint.Writes.over(0, 0), 10);
      System.out.printf(
          "sparse column: predicted %.1f B, BytesFlushed %d B%n", predicted, measured);
      assertThat(predicted).isCloseTo(measured, org.assertj.core.data.Offset.offset(1e-6));
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS " + ks);
    }
  }

  @Test
  void verifyLeavesASparseAttributeUnset_andItsPredictionHolds() {
    // 1M messages over 2k channels: 500 rows a partition (verify loads at most 500). The
    // attachment cell, 1 flags byte + a 2-byte length + 400 B = 403 B in 10% of rows, is 40.3 B
    // of a row's ~100 B on disk: had verify set it in every row (or the model counted it in every
    // row), the two figures would differ about 4.6 times, far outside ±10%. Measured: 49,897 B
    // predicted, 49,994 B flushed (×1.002).
    VerifyResult r =
        CassandraVerifier.run(
            CassandraAnalyzer.analyze(
                ModelReader.read(Path.of("keyplan-verify/src/test/resources/sparse/sparse.yaml"))),
            LiveCassandra.options(),
            Credentials.none(),
            Progress.NONE);
    assertEquals(0, r.mismatches(), String.join("\n", r.findings()));
    var sizes = r.table("partitions");
    for (int i = 0; i < sizes.rows().size(); i++) {
      assertThat(sizes.cell(i, "verdict")).as("row %d", i).isEqualTo("ok");
    }
  }
}
