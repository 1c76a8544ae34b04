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
  void keyspaceNames_arePrefixed_cleaned_andKeptToCassandrasLimit() {
    var o = dev.keyplan.verify.VerifyOptions.defaults();
    assertEquals("keyplan_verify_chat", VerifyKeyspace.nameFor(o, "chat"));
    assertEquals("keyplan_verify_my_app", VerifyKeyspace.nameFor(o, "My-App"));
    assertEquals(48, VerifyKeyspace.nameFor(o, "x".repeat(60)).length());
  }
}
