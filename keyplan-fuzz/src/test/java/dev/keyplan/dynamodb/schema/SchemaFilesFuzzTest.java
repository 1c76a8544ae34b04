package dev.keyplan.dynamodb.schema;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * DynamoDB table definitions a model imports: describe-table output, create-table input and arrays
 * of them (seeds: keyplan-core's schema fixtures and examples/app-table's files).
 */
class SchemaFilesFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void describeTable(byte[] data) {
    HostileBytes.read("fuzz-table.json", data, text -> SchemaFiles.read("fuzz-table.json", text));
  }
}
