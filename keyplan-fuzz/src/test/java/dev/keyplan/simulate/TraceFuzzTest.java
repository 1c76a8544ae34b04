package dev.keyplan.simulate;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/** Trace files that {@code simulate --trace FILE} replays. */
class TraceFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void traceFile(byte[] data) {
    HostileBytes.read("fuzz-trace.csv", data, text -> Trace.parse("fuzz-trace.csv", text));
  }
}
