package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * keyplan verify on server-side DESCRIBE dumps of realistic schemas (keyplan-verify's
 * src/test/resources/realistic), against the real Cassandra 5.0.6. Issue 15: none of them could be
 * verified (counters, UDTs, vectors: exit 4). Few rows and samples keep CI short.
 */
class RealisticSchemaVerifyTest {
  private static VerifyResult verify(String model) {
    return CassandraVerifier.run(
        CassandraAnalyzer.analyze(
            ModelReader.read(Path.of("keyplan-verify/src/test/resources/realistic", model))),
        options(),
        Credentials.none(),
        Progress.NONE);
  }

  private static VerifyOptions options() {
    return LiveCassandra.options()
        .withPrefix(LiveCassandra.prefix("keyplan_vfy_"))
        .withScale(40, 2);
  }

  /** The rows of {@code table} whose column {@code column} is {@code value}. */
  private static List<List<Object>> rows(Table table, String column, Object value) {
    int i = table.columns().indexOf(column);
    return table.rows().stream().filter(r -> value.equals(r.get(i))).toList();
  }

  @Test
  void videoApp_countersAreIncremented_indexReadsCompared_andAnAnnSearchRuns() {
    VerifyResult r = verify("clipshare.yaml");
    // Every read, the ANN search included, matches; what differs are partition bytes only (the
    // docs' formula against the on-disk format, another part of issue 15), never a read or token.
    Table reads = r.table("patterns");
    assertThat(reads.rows()).allSatisfy(row -> assertThat((String) row.get(11)).startsWith("ok"));
    // The counter table was loaded (by UPDATE … SET views = views + ?) and measured.
    assertThat(rows(r.table("partitions"), "table", "clip_view_counts")).hasSize(2);
    assertThat(rows(r.table("partitions"), "table", "clip_view_counts"))
        .allSatisfy(row -> assertThat((Double) row.get(6)).isPositive()); // measured_bytes
    // The play pattern (an increment) is run and timed, not skipped.
    assertThat(rows(r.table("writes"), "pattern", "play")).hasSize(1);
    // clips-in-category goes through the SAI index on category: on the loaded data (2 clips of
    // 380,000, values distinct per row) keyplan's 47,500 rows per category scale to
    // 47,500 × 2 / 380,000 = 0.25, at least 1: one row in one partition, which the trace shows.
    List<Object> category = rows(reads, "pattern", "clips-in-category").get(0);
    assertEquals("secondary index", category.get(2));
    assertEquals(1.0, category.get(7));
    assertEquals(1.0, category.get(8));
    assertEquals(1.0, category.get(5));
    // The ANN search asks LIMIT 10 of 2 loaded clips: 2 rows from 2 partitions.
    List<Object> ann = rows(reads, "pattern", "ann title_vector").get(0);
    assertEquals(List.of(2.0, 2.0), List.of(ann.get(7), ann.get(8)));
    assertThat(r.findings()).noneMatch(f -> f.startsWith("stopped"));
    // findings: the summary, the tokens' line, then each mismatch.
    assertThat(r.findings().get(1)).startsWith("tokens: all 8 ");
    assertThat(r.findings().subList(2, r.findings().size()))
        .allSatisfy(f -> assertThat(f).contains(" partition of "));
  }

  @Test
  void hotelApp_userTypesAreCreated_andUdtValuesLoaded() {
    VerifyResult r = verify("hotelier.yaml");
    assertThat(r.findings()).noneMatch(f -> f.startsWith("stopped"));
    // guests holds a frozen<list<frozen<phone>>> and a map<text, frozen<address>> (address holding
    // a frozen<geo_point>): both partitions were loaded and flushed.
    assertThat(rows(r.table("partitions"), "table", "guests"))
        .allSatisfy(row -> assertThat((Double) row.get(6)).isPositive()); // measured_bytes
    // Every partition's bytes match the on-disk model, guests' too: its one row measured 486 B
    // against 380 B modelled (×1.28) while verify's values for the UDTs in its collections were
    // not the sizes the model declares and the model left out the nested UDTs' field lengths;
    // both now follow SstableFootprint.fieldShares/entryShares (468 B = 468 B on 5.0.6).
    assertThat(r.table("partitions").rows())
        .allSatisfy(row -> assertEquals("ok", row.get(8), row.toString())); // verdict
    assertThat(r.table("tokens").rows()).allSatisfy(row -> assertEquals("equal", row.get(4)));
    assertThat(r.table("patterns").rows())
        .allSatisfy(row -> assertThat((String) row.get(11)).startsWith("ok"));
  }

  @Test
  void aWriteCassandraRefusesPartWay_leavesAPartialReport_andDropsWhatWasCreated() {
    // docstore's scans hold 20 MB images, over the largest request Cassandra 5.0.6 accepts: the
    // folders table is loaded and measured first, then the load stops. The run still returns
    // (exit 1 in the CLI: a figure could not be compared), says where it stopped and why, and
    // drops the keyspace it created.
    VerifyResult r = verify("oversized.yaml");
    assertThat(r.mismatches()).isPositive();
    assertThat(r.findings())
        .anySatisfy(
            f ->
                assertThat(f)
                    .startsWith("stopped while loading table scans: ")
                    .contains("exceeds allowed maximum"));
    assertThat(rows(r.table("partitions"), "table", "folders"))
        .allSatisfy(row -> assertThat((Double) row.get(6)).isPositive()); // measured_bytes
    assertThat(rows(r.table("partitions"), "table", "scans"))
        .allSatisfy(row -> assertEquals("not measured", row.get(8))); // verdict
    try (CqlSession s = LiveCassandra.session()) {
      s.refreshSchema();
      assertThat(
              s.getMetadata()
                  .getKeyspace(
                      CqlIdentifier.fromInternal(
                          LiveCassandra.prefix("keyplan_vfy_") + "docstore")))
          .isEmpty();
    }
  }

  @Test
  void aScyllaDbDescribe_isCreatedWithoutTheOptionsCassandraDoesNotKnow_andNamesThem() {
    // Issue 15 (Decisions): DESCRIBE output from ScyllaDB or Cassandra 3.x/4.x: verify drops table
    // options the target server does not know and says which. chatter.cql is ScyllaDB's own
    // DESCRIBE shape; before, Cassandra 5.0.6 refused the first table ("Unknown property
    // 'tombstone_gc'") and the run stopped before loading anything.
    VerifyResult r = verify("chatter.yaml");
    assertThat(r.findings()).noneMatch(f -> f.startsWith("stopped"));
    assertThat(r.notes())
        .contains(
            "table messages_by_channel: options this server does not know were dropped:"
                + " paxos_grace_seconds, tombstone_gc");
    // channels names IncrementalCompactionStrategy (ScyllaDB's) and cdc as a map: options
    // Cassandra has but refuses these values for, so it is created with the measured options only.
    assertThat(r.notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .startsWith("table channels: the server refused its options (")
                    .contains("IncrementalCompactionStrategy")
                    .contains("compaction")
                    .endsWith("cdc"));
    assertThat(r.table("partitions").rows())
        .allSatisfy(row -> assertEquals("ok", row.get(8))); // verdict
    assertThat(r.table("tokens").rows()).allSatisfy(row -> assertEquals("equal", row.get(4)));
  }

  @Test
  void aCassandra3AndDseDescribe_isVerified_withTheTtlItDeclares() {
    // telemetry.cql: readings_by_sensor as Cassandra 3.11 prints it (read_repair_chance and
    // dclocal_read_repair_chance, which 5.0.6 still accepts and ignores), stations as DataStax
    // Enterprise 6.8 prints it (nodesync, which 5.0.6 does not know). The 30-day
    // default_time_to_live is kept: an expiring cell writes its TTL and deletion time, and the
    // bytes compared include them.
    VerifyResult r = verify("telemetry.yaml");
    assertThat(r.findings()).noneMatch(f -> f.startsWith("stopped"));
    assertThat(r.notes())
        .contains(
            "table readings_by_sensor: options this server does not know were dropped:"
                + " dclocal_read_repair_chance, read_repair_chance",
            "table stations: options this server does not know were dropped: nodesync");
    assertThat(r.table("partitions").rows())
        .allSatisfy(row -> assertEquals("ok", row.get(8))); // verdict
  }

  @Test
  void aCyclingKeyspace_withFunctionsTuplesAndAView_isVerified_andTheTeamsIndexServesContains() {
    // cycling.cql: functions and an aggregate (skipped), a list of frozen tuples, a values()
    // index on a map, a view (not created: disabled in Cassandra 5.0). by-team goes through
    // cyclist_teams_idx: before, an index without a spread lost by its lookups to an ALLOW
    // FILTERING scan of the view, which verify could not even run.
    VerifyResult r = verify("cycling.yaml");
    assertThat(r.findings()).noneMatch(f -> f.startsWith("stopped"));
    List<Object> byTeam = rows(r.table("patterns"), "pattern", "by-team").get(0);
    assertEquals("secondary index", byTeam.get(2));
    assertEquals("cyclist_stats", byTeam.get(3));
    assertThat((String) byTeam.get(11)).startsWith("ok");
    assertThat(r.table("partitions").rows())
        .allSatisfy(row -> assertEquals("ok", row.get(8))); // verdict
    assertThat(r.table("tokens").rows()).allSatisfy(row -> assertEquals("equal", row.get(4)));
  }
}
