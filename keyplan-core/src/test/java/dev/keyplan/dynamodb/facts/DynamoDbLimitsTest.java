package dev.keyplan.dynamodb.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class DynamoDbLimitsTest {

  // AWS writes KB for 1,024 bytes: mhart/dynalite helpers.MAX_SIZE = 409,600 is the live limit.
  @Test
  void maxItemBytes_is400TimesKibibyte() {
    assertThat(DynamoDbLimits.MAX_ITEM_BYTES).isEqualTo(409_600);
  }

  // Capacity units are in the same binary units: 4 KB = 4,096 B per read unit, 1 KB per write.
  @Test
  void units_are4096And1024Bytes() {
    assertThat(DynamoDbLimits.READ_UNIT_BYTES).isEqualTo(4_096);
    assertThat(DynamoDbLimits.WRITE_UNIT_BYTES).isEqualTo(1_024);
  }

  // One 1 MB page is 256 read units: 128 RCU eventually consistent, as the community
  // measurement of a full Scan page (128.5, dbi-services.com) comes close to.
  @Test
  void queryPage_is256ReadUnits() {
    assertThat(DynamoDbLimits.MAX_QUERY_PAGE_BYTES / DynamoDbLimits.READ_UNIT_BYTES).isEqualTo(256);
  }

  // The key limits are ordered as ServiceQuotas gives them.
  @Test
  void keyLimits_partitionKeyIsTwiceTheSortKey() {
    assertThat(DynamoDbLimits.MAX_PARTITION_KEY_BYTES)
        .isEqualTo(2 * DynamoDbLimits.MAX_SORT_KEY_BYTES);
    assertThat(DynamoDbLimits.MIN_PARTITION_KEY_BYTES)
        .isEqualTo(DynamoDbLimits.MIN_SORT_KEY_BYTES)
        .isEqualTo(1);
  }

  // 10 GB, binary like the other sizes: 10,737,418,240 bytes.
  @Test
  void partitionAndItemCollection_are10Gib() {
    assertThat(DynamoDbLimits.MAX_PARTITION_BYTES)
        .isEqualTo(10_737_418_240L)
        .isEqualTo(DynamoDbLimits.MAX_ITEM_COLLECTION_BYTES);
  }
}
