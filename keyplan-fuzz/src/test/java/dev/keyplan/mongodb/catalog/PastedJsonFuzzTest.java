package dev.keyplan.mongodb.catalog;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/** Pasted explain() output a model names (seed: examples/shop-mongodb-explain.txt). */
class PastedJsonFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void explainPaste(byte[] data) {
    HostileBytes.read("fuzz-explain.txt", data, text -> PastedJson.read("fuzz-explain.txt", text));
  }
}
