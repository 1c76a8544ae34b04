package dev.keyplan.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Stores;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each store's analysis names the attributes every copy of an entity is partitioned or sharded by,
 * which {@code keyplan analyze} measures by default; the expected keys are read off the shipped
 * examples' designs.
 */
class PartitionKeysTest {

  private static List<List<String>> keys(String example, String entity) {
    var model = ModelReader.read(Path.of("../examples", example));
    return Stores.builtIn().analyze(model).get(0).partitionKeys(entity);
  }

  @Test
  void cassandra_theTablesPartitionKeys_withoutDerivedBuckets() {
    // chat.cql: messages_by_channel is PRIMARY KEY ((channel_id, bucket), message_id), and bucket
    // is derived (a 10-minute window of message_id): the data holds channel_id alone.
    assertThat(keys("chat.yaml", "Message")).containsExactly(List.of("channel_id"));
  }

  @Test
  void dynamodb_theItemTypesPartitionTemplates_onTheTableAndEachIndex() {
    // app-table.yaml's Order item: PK "USER#{user_id}" on the table, GSI2PK "ORDER#{order_id}" and
    // GSI3PK "STATUS#{status}" on two global indexes; literals are not attributes.
    assertThat(keys("app-table.yaml", "Order"))
        .containsExactly(List.of("user_id"), List.of("order_id"), List.of("status"));
  }

  @Test
  void mongodb_theCollectionsShardKey() {
    // tenants-mongodb.yaml shards tenants on {country_code: 1}; the fixed one on
    // {country_code: 1, tenant_id: 1}, seed 004's fix.
    assertThat(keys("tenants-mongodb.yaml", "Tenant")).containsExactly(List.of("country_code"));
    assertThat(keys("tenants-mongodb-fixed.yaml", "Tenant"))
        .containsExactly(List.of("country_code", "tenant_id"));
  }

  @Test
  void anEntityNoCopyHolds_hasNoKeys() {
    assertThat(keys("chat.yaml", "Nobody")).isEmpty();
  }
}
