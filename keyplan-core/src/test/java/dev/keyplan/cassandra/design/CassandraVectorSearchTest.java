package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.check.RuleTester;
import dev.keyplan.input.InputException;
import org.junit.jupiter.api.Test;

/**
 * {@code order by ann of v limit N} is planned through an SAI vector index (Cassandra 5.0 vector
 * search): without one it is not served; across the ring each of ⌈6 nodes / RF 3⌉ = 2 replica sets
 * returns its N nearest.
 */
final class CassandraVectorSearchTest {
  private static final String CQL =
      """
      CREATE KEYSPACE clips WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE clips.videos (video_id uuid PRIMARY KEY, title text, embedding vector<float, 64>);
      CREATE INDEX videos_ann ON clips.videos (embedding) USING 'sai'
        WITH OPTIONS = {'similarity_function': 'DOT_PRODUCT'};
      CREATE TABLE clips.videos_plain (video_id uuid PRIMARY KEY, title text, embedding vector<float, 64>);
      """;

  private static String model(String query) {
    return """
        model: clips
        horizon: 1y
        entities:
          Video:
            attributes:
              video_id: uuid
              title: {type: text, size: 40B}
              embedding: {type: "vector<float, 64>", size: 256B}
            key: [video_id]
            count: 10M
        patterns:
          - id: similar
            rate: 50/s
            query: %s
        cassandra:
          schema: unused.cql
          tables: {videos: Video, videos_plain: Video}
        """
        .formatted(query);
  }

  @Test
  void annThroughTheVectorIndex_readsTheLimitFromEachReplicaSet() {
    // 10 nearest from each of 2 replica sets: 20 rows read, ranked by DOT_PRODUCT.
    var p =
        RuleTester.withoutRule()
            .model(model("Video order by ann of embedding limit 10"))
            .cql(CQL)
            .analysis()
            .plan("similar")
            .orElseThrow();
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("videos");
    assertThat(p.rows().typical()).isEqualTo(20);
    assertThat(p.indexes()).containsExactly("videos_ann");
    assertThat(String.join("\n", p.notes())).contains("by DOT_PRODUCT").contains("2 replica sets");
  }

  @Test
  void withoutAVectorIndex_annIsNotServed() {
    var cql =
        CQL.replace(
            "CREATE INDEX videos_ann ON clips.videos (embedding) USING 'sai'\n  WITH OPTIONS = {'similarity_function': 'DOT_PRODUCT'};\n",
            "");
    var p =
        RuleTester.withoutRule()
            .model(model("Video order by ann of embedding limit 10"))
            .cql(cql)
            .analysis()
            .plan("similar")
            .orElseThrow();
    assertThat(p.access().served()).isFalse();
  }

  @Test
  void annWithoutALimit_isBadInput() {
    assertThatThrownBy(
            () ->
                RuleTester.withoutRule()
                    .model(model("Video order by ann of embedding"))
                    .cql(CQL)
                    .analysis())
        .isInstanceOf(InputException.class)
        .hasMessageContaining("expected 'limit N' after 'order by ann of embedding'");
  }
}
