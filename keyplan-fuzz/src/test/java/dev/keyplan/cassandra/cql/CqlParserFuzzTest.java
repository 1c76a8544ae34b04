package dev.keyplan.cassandra.cql;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.fuzz.HostileBytes;
import dev.keyplan.fuzz.ShippedExamples;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;

/**
 * The CQL parser on mutated schemas (seeds: examples/*.cql and the DESCRIBE outputs of Cassandra
 * 5.0 and ScyllaDB in keyplan-core's tests); a schema that parses is then analysed against
 * examples/chat.yaml's patterns, so the binder and sizer meet odd tables, types and options too.
 */
class CqlParserFuzzTest {
  /** Read once: the patterns and design the fuzzed schema is bound to. */
  private static final Model CHAT = ModelReader.read(ShippedExamples.dir().resolve("chat.yaml"));

  @FuzzTest(maxDuration = "30s")
  void cqlSchema(byte[] data) {
    HostileBytes.read(
        "fuzz.cql",
        data,
        text -> {
          CqlSchema schema = CqlParser.parse("fuzz.cql", text);
          CassandraAnalyzer.analyze(CHAT, CHAT.design(CassandraDesign.class).orElseThrow(), schema);
        });
  }
}
