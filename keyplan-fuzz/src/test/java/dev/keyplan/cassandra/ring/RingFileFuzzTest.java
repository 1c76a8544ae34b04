package dev.keyplan.cassandra.ring;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * The Cassandra ring-file reader ({@code simulate cassandra --ring FILE}) on mutated ring files.
 */
class RingFileFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void ringFile(byte[] data) {
    HostileBytes.read("fuzz-ring.yaml", data, text -> RingFile.parse("fuzz-ring.yaml", text));
  }
}
