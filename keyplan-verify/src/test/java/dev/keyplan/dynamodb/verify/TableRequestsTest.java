package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** The tables created are keyplan's emitted CreateTable input, prefixed and billed on demand. */
final class TableRequestsTest {
  @Test
  void ordersDynamodb_isOneTableWithItsIndex_underThePrefix() {
    List<CreateTableRequest> r =
        TableRequests.of(Examples.analysis(Examples.model("orders-dynamodb.yaml")), "kp_");
    assertThat(r).hasSize(1);
    CreateTableRequest t = r.get(0);
    assertThat(t.tableName()).isEqualTo("kp_AppTable");
    assertThat(t.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
    assertThat(t.keySchema())
        .extracting(k -> k.attributeName() + " " + k.keyType())
        .containsExactly("PK HASH", "SK RANGE");
    assertThat(t.attributeDefinitions())
        .extracting(a -> a.attributeName() + " " + a.attributeTypeAsString())
        .containsExactly("PK S", "SK S", "GSI1PK S");
    assertThat(t.globalSecondaryIndexes()).hasSize(1);
    assertThat(t.globalSecondaryIndexes().get(0).indexName()).isEqualTo("GSI1");
    assertThat(t.globalSecondaryIndexes().get(0).keySchema().get(0).keyType())
        .isEqualTo(KeyType.HASH);
    assertThat(t.globalSecondaryIndexes().get(0).projection().projectionType())
        .isEqualTo(ProjectionType.ALL);
    assertThat(t.hasLocalSecondaryIndexes()).isFalse();
  }

  @Test
  void aProvisionedDesign_isCreatedOnDemand_withoutThroughput() {
    CreateTableRequest t =
        TableRequests.of(Examples.analysis(Examples.model("flash-sale-provisioned.yaml")), "kp_")
            .get(0);
    // The design provisions 1,500 RCU and 800 WCU; a verification reserves nothing.
    assertThat(t.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
    assertThat(t.provisionedThroughput()).isNull();
  }

  @Test
  void aLocalIndex_keepsItsProjection_andSeveralTablesAreAllCreated() {
    List<CreateTableRequest> r = TableRequests.of(Examples.analysis(Examples.coverage()), "kp_");
    assertThat(r)
        .extracting(CreateTableRequest::tableName)
        .containsExactly("kp_Readings", "kp_Counters");
    assertThat(r.get(0).localSecondaryIndexes())
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.indexName()).isEqualTo("ByQuality");
              assertThat(l.projection().projectionType()).isEqualTo(ProjectionType.KEYS_ONLY);
              assertThat(l.keySchema())
                  .extracting(k -> k.attributeName())
                  .containsExactly("PK", "LSISK");
            });
  }
}
