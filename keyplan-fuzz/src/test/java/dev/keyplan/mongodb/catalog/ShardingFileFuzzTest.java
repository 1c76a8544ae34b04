package dev.keyplan.mongodb.catalog;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * The sharding file a model imports: config.collections, config.shards and config.tags documents
 * (seed: examples/tenants-mongodb-sharding.json).
 */
class ShardingFileFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void configCollections(byte[] data) {
    HostileBytes.read(
        "fuzz-sharding.json", data, text -> ShardingFile.read("fuzz-sharding.json", text));
  }
}
