package dev.keyplan.model.yaml;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;
import dev.keyplan.fuzz.ShippedExamples;

/**
 * The YAML model reader on mutated models (seeds: every examples/*.yaml and the hostile models
 * issue 18 lists: deep nesting, alias bombs, a mapping as a key, control characters, tags).
 */
class ModelReaderFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void modelFile(byte[] data) {
    HostileBytes.read(
        "fuzz.yaml", data, text -> ModelReader.read("fuzz.yaml", text, ShippedExamples.dir()));
  }
}
