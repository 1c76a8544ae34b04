package dev.keyplan.mongodb.catalog;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * {@code db.collection.getIndexes()} output a model imports, as mongosh prints it (shell forms
 * included) or as JSON (seed: examples/shop-mongodb-indexes.json).
 */
class IndexesFileFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void getIndexes(byte[] data) {
    HostileBytes.read(
        "fuzz-indexes.json", data, text -> IndexesFile.read("fuzz-indexes.json", text));
  }
}
