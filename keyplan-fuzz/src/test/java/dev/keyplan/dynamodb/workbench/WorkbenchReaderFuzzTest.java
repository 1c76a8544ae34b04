package dev.keyplan.dynamodb.workbench;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/** NoSQL Workbench data-model files (seeds: the Workbench samples in keyplan-core's tests). */
class WorkbenchReaderFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void workbenchFile(byte[] data) {
    HostileBytes.read(
        "fuzz-workbench.json", data, text -> WorkbenchReader.read("fuzz-workbench.json", text));
  }
}
