package dev.keyplan.dynamodb.facts;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;

/**
 * DynamoDB item JSON, the path of {@code keyplan dynamodb item-size}: parse the item, then size it
 * (bytes and storage bytes) as the command does.
 */
class DynamoJsonFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void itemJson(byte[] data) {
    HostileBytes.read(
        "fuzz-item.json",
        data,
        text -> {
          var item = DynamoJson.parseItem("fuzz-item.json", text);
          ItemSize.of(item);
          ItemSize.storageBytes(item);
        });
  }
}
