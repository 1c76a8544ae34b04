package dev.keyplan.cassandra.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.emit.CqlEmitter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The emitted CQL moved into the run's keyspace, without a server. */
class CassandraVerifySchemaTest {
  @Test
  void chat_tableMovesToTheRunsKeyspace_withCompressionOff() {
    var a = CassandraAnalyzer.analyze(LiveCassandra.example("chat.yaml"));
    List<String> statements = CassandraVerifySchema.statements(CqlEmitter.emit(a));
    assertEquals(2, statements.size()); // CREATE KEYSPACE, CREATE TABLE; the comments are gone
    String moved = CassandraVerifySchema.move(statements.get(1), a.tables(), "keyplan_verify_chat");
    assertEquals("messages_by_channel", CassandraVerifySchema.tableName(moved));
    String ddl = CassandraVerifySchema.withoutCompression(moved);
    assertEquals(
        true, ddl.startsWith("CREATE TABLE keyplan_verify_chat.messages_by_channel ("), ddl);
    assertEquals(
        true,
        ddl.endsWith(
            ") WITH CLUSTERING ORDER BY (message_id DESC) AND compression = {'enabled': 'false'}"),
        ddl);
  }

  @Test
  void aTableWithoutOptions_getsAWithClause() {
    assertEquals(
        "CREATE TABLE k.t (a int PRIMARY KEY) WITH compression = {'enabled': 'false'}",
        CassandraVerifySchema.withoutCompression(
            "CREATE TABLE IF NOT EXISTS k.t (a int PRIMARY KEY)"));
  }

  @Test
  void aDescribedTablesCompression_isReplaced_notDuplicated() {
    // Issue 15: every server-side DESCRIBE names a compression, and Cassandra refused the table
    // with "Multiple definitions for property 'compression'" when verify added its own.
    String described =
        "CREATE TABLE k.videos (videoid uuid PRIMARY KEY, name text) WITH additional_write_policy"
            + " = '99p'\n  AND bloom_filter_fp_chance = 0.01\n  AND caching = {'keys': 'ALL',"
            + " 'rows_per_partition': 'NONE'}\n  AND comment = 'videos AND their names'\n  AND"
            + " compaction = {'class': 'org.apache.cassandra.db.compaction.UnifiedCompactionStrategy'}"
            + "\n  AND compression = {'chunk_length_in_kb': '16', 'class':"
            + " 'org.apache.cassandra.io.compress.LZ4Compressor'}\n  AND gc_grace_seconds = 864000";
    String ddl = CassandraVerifySchema.withoutCompression(described);
    assertEquals(1, ddl.split("compression =", -1).length - 1, ddl);
    assertEquals(
        "CREATE TABLE k.videos (videoid uuid PRIMARY KEY, name text) WITH additional_write_policy"
            + " = '99p' AND bloom_filter_fp_chance = 0.01 AND caching = {'keys': 'ALL',"
            + " 'rows_per_partition': 'NONE'} AND comment = 'videos AND their names' AND"
            + " compaction = {'class': 'org.apache.cassandra.db.compaction.UnifiedCompactionStrategy'}"
            + " AND gc_grace_seconds = 864000 AND compression = {'enabled': 'false'}",
        ddl);
  }

  @Test
  void optionsTheServerDoesNotKnow_areDropped_andNamed() {
    // ScyllaDB's DESCRIBE: tombstone_gc and paxos_grace_seconds have no property in Cassandra 5.0
    // (the columns of its system_schema.tables), which refuses them ("Unknown property").
    String described =
        "CREATE TABLE k.m (a int PRIMARY KEY, b text) WITH bloom_filter_fp_chance = 0.01\n"
            + "  AND compression = {'sstable_compression': 'LZ4Compressor'}\n"
            + "  AND paxos_grace_seconds = 864000\n"
            + "  AND tombstone_gc = {'mode': 'timeout', 'propagation_delay_in_seconds': '3600'}\n"
            + "  AND id = 5a1c395e-b41f-11e5-9f22-ba0be0483c18";
    java.util.List<String> dropped = new java.util.ArrayList<>();
    String ddl =
        CassandraVerifySchema.forServer(
            described, java.util.Set.of("bloom_filter_fp_chance", "compression", "id"), dropped);
    assertEquals(
        "CREATE TABLE k.m (a int PRIMARY KEY, b text) WITH bloom_filter_fp_chance = 0.01"
            + " AND compression = {'enabled': 'false'}",
        ddl);
    // id is a property, but it names the design's own table: the run's table gets a new one.
    assertEquals(List.of("paxos_grace_seconds", "tombstone_gc", "id"), dropped);
  }

  @Test
  void whenTheServerRefusesAValue_onlyTheMeasuredOptionsAreKept() {
    java.util.List<String> dropped = new java.util.ArrayList<>();
    String ddl =
        CassandraVerifySchema.measuredOptionsOnly(
            "CREATE TABLE k.m (a int, t int, PRIMARY KEY (a, t)) WITH CLUSTERING ORDER BY (t DESC)"
                + " AND cdc = {'enabled': 'false'} AND default_time_to_live = 60"
                + " AND compression = {'enabled': 'false'}",
            dropped);
    assertEquals(
        "CREATE TABLE k.m (a int, t int, PRIMARY KEY (a, t)) WITH CLUSTERING ORDER BY (t DESC)"
            + " AND default_time_to_live = 60 AND compression = {'enabled': 'false'}",
        ddl);
    assertEquals(List.of("cdc"), dropped);
  }

  @Test
  void keyspaceNames_arePrefixed_cleaned_andKeptToCassandrasLimit() {
    var o = dev.keyplan.verify.VerifyOptions.defaults();
    assertEquals("keyplan_verify_chat", VerifyKeyspace.nameFor(o, "chat"));
    assertEquals("keyplan_verify_my_app", VerifyKeyspace.nameFor(o, "My-App"));
    assertEquals(48, VerifyKeyspace.nameFor(o, "x".repeat(60)).length());
  }

  private static dev.keyplan.cassandra.design.CassandraAnalysis realistic(String name) {
    return CassandraAnalyzer.analyze(
        dev.keyplan.model.yaml.ModelReader.read(
            java.nio.file.Path.of("keyplan-verify/src/test/resources/realistic", name)));
  }

  @Test
  void userTypes_areCreatedInTheRunsKeyspace_eachAfterTheTypesItsFieldsUse() {
    // Issue 15: verify never created the schema's types, so Cassandra refused the first table of
    // hotelier.cql ("Unknown type …"). hotels uses phone and address; address holds a
    // frozen<geo_point>, so geo_point must exist before address (Cassandra refuses a field of a
    // type not yet created). The first table using a type is guests, whose columns DESCRIBE prints
    // simple (frozen) before complex: phone_numbers (frozen<list<frozen<phone>>>) meets phone, then
    // addresses (map<text, frozen<address>>) meets address, whose field geo_point goes first.
    var a = realistic("hotelier.yaml");
    List<String> order =
        CassandraVerifySchema.typesInOrder(a.schema(), a.tables()).stream()
            .map(dev.keyplan.cassandra.cql.UserType::name)
            .toList();
    assertEquals(List.of("phone", "geo_point", "address"), order);
    var address = a.schema().type("address").orElseThrow();
    assertEquals(
        "CREATE TYPE keyplan_vfy_hotelier.address (street text, city text, state_or_province"
            + " text, postal_code text, country text, position frozen<geo_point>)",
        CassandraVerifySchema.createType(address, "keyplan_vfy_hotelier"));
  }

  @Test
  void anSaiIndexOnAVectorOfInt_isRefusedAtTheIndex_beforeAnythingIsCreated() {
    // Cassandra 5.0.6 refuses it ("SAI ANN indexes are only allowed on vector columns with float
    // elements", measured on the CI server); verify says so at the schema's line and column, and
    // the endpoint below answers nothing, so no connection was even tried.
    var refused =
        org.junit.jupiter.api.Assertions.assertThrows(
            dev.keyplan.input.InputException.class,
            () ->
                CassandraVerifier.run(
                    realistic("int-vector-index.yaml"),
                    dev.keyplan.verify.VerifyOptions.defaults().withEndpoint("127.0.0.1:1"),
                    dev.keyplan.verify.Credentials.none(),
                    dev.keyplan.simulate.Progress.NONE));
    assertEquals(
        "keyplan-verify/src/test/resources/realistic/int-vector-index.cql:12:21: error: index"
            + " products_embedding_idx is an SAI index on products.embedding (vector<int, 8>):"
            + " Cassandra allows SAI (ANN) indexes only on vectors of float",
        refused.diagnostics().get(0).toString());
  }

  @Test
  void aCounterTable_isLoadedByIncrements_neverByInsert() {
    // Cassandra refuses INSERT on a counter table ("INSERT statements are not allowed on counter
    // tables, use UPDATE instead"): issue 15's exit 4 on clipshare's clip_view_counts.
    var a = realistic("clipshare.yaml");
    var t = a.table("clip_view_counts").orElseThrow();
    TableLoad l = new TableLoad(t, a.sizing().get(t.name()), 10, 1);
    assertEquals(
        "UPDATE ks.clip_view_counts SET views = views + ? WHERE clip_id = ?", l.writeCql("ks"));
    assertEquals(
        List.of("views", "clip_id"),
        l.boundColumns().stream().map(dev.keyplan.cassandra.cql.Column::name).toList());
    var clips = a.table("clips").orElseThrow();
    assertEquals(
        true,
        new TableLoad(clips, a.sizing().get("clips"), 10, 1)
            .writeCql("ks")
            .startsWith("INSERT INTO ks.clips (clip_id, added_at, category, owner_id, summary,"));
  }
}
