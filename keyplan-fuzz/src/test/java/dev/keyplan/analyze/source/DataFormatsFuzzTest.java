package dev.keyplan.analyze.source;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * The head checks {@code keyplan analyze} runs before the engine opens a data file (issue 19: "new
 * readers join the reliability corpus and fuzz targets"): a CSV or TSV header and a JSON Lines
 * head. Each reads the bytes or refuses them at {@code file:line:column}.
 */
class DataFormatsFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void csvHeader(byte[] data) {
    HostileBytes.read(
        "fuzz-data.csv",
        data,
        text -> {
          DataSources.header("fuzz-data.csv", text, DataFormat.CSV);
          DataSources.header("fuzz-data.csv", text, DataFormat.TSV);
        });
  }

  @FuzzTest(maxDuration = "30s")
  void jsonLinesHead(byte[] data) {
    HostileBytes.read(
        "fuzz-data.jsonl", data, text -> DataSources.jsonKeys("fuzz-data.jsonl", text));
  }
}
