package dev.keyplan.dynamodb.export;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.ConvertedLines;

/**
 * A DynamoDB export to S3 (DYNAMODB_JSON lines, plain or gzip), the path of {@code keyplan analyze}
 * on such a file: the bytes as the file's, converted line by line to the JSON Lines the engine
 * reads (issue 18: every reader added later joins the fuzz targets).
 */
class DynamoDbExportFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void exportLines(byte[] data) {
    ConvertedLines.check("fuzz-export.json", new DynamoDbExportFormat(), data);
  }
}
