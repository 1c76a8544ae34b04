package dev.keyplan.mongodb.facts;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * MongoDB Extended JSON, the path of {@code keyplan mongodb doc-size}: parse the document, then its
 * BSON size and nesting depth as the command prints them.
 */
class ExtendedJsonFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void document(byte[] data) {
    HostileBytes.read(
        "fuzz-doc.json",
        data,
        text -> {
          var document = ExtendedJson.parseDocument("fuzz-doc.json", text);
          DocumentSize.of(document);
          DocumentSize.nestingDepth(document);
        });
  }
}
