package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * Explain replies written by hand in the shapes the MongoDB manual documents ("Explain Results",
 * https://www.mongodb.com/docs/manual/reference/explain-results/: queryPlanner.winningPlan as a
 * tree of stages, executionStats with its totals, and the sharded form whose winningPlan lists the
 * shards), trimmed to the fields keyplan reads.
 */
final class ExplainParserTest {
  @Test
  void anIndexScan_underFetchAndLimit_namesItsIndex_andTheTotals() {
    // A customer's latest 20 orders on {customer_id: 1, created_at: -1}: the index gives the order,
    // so no SORT stage; 11 matching keys, 11 documents fetched, 11 returned.
    Explained e =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {namespace: 'db.orders', winningPlan: {stage: 'LIMIT', limitAmount: 20,
           inputStage: {stage: 'FETCH', inputStage: {stage: 'IXSCAN', keyPattern: {customer_id: 1, created_at: -1},
             indexName: 'customer_id_1_created_at_-1', isMultiKey: false, direction: 'forward'}}},
           rejectedPlans: []},
         executionStats: {executionSuccess: true, nReturned: 11, executionTimeMillis: 0,
           totalKeysExamined: 11, totalDocsExamined: 11, executionStages: {stage: 'LIMIT', nReturned: 11}},
         ok: 1}"""));
    assertThat(e.access()).containsExactly("customer_id_1_created_at_-1");
    assertThat(e.blockingSort()).isFalse();
    assertThat(e.sharded()).isFalse();
    assertThat(e.keysExamined()).isEqualTo(11);
    assertThat(e.docsExamined()).isEqualTo(11);
    assertThat(e.returned()).isEqualTo(11);
  }

  @Test
  void aCollectionScan_underASort_isCollscan_withABlockingSort() {
    Explained e =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {winningPlan: {stage: 'SORT', sortPattern: {created_at: -1}, memLimit: 104857600,
           inputStage: {stage: 'COLLSCAN', filter: {status: {$eq: 'paid'}}, direction: 'forward'}}},
         executionStats: {nReturned: 100, totalKeysExamined: 0, totalDocsExamined: 2200}}"""));
    assertThat(e.access()).containsExactly(Explained.COLLSCAN);
    assertThat(e.blockingSort()).isTrue();
    assertThat(e.docsExamined()).isEqualTo(2200);
    assertThat(e.keysExamined()).isZero();
  }

  @Test
  void idhack_isTheIdIndex_andTheSlotBasedEnginesQueryPlanIsRead() {
    Explained id =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {winningPlan: {stage: 'IDHACK'}},
         executionStats: {nReturned: 1, totalKeysExamined: 1, totalDocsExamined: 1}}"""));
    assertThat(id.access()).containsExactly("_id_");
    // 5.1+ with the slot-based engine: the stage tree is under winningPlan.queryPlan, beside
    // slotBasedPlan.
    Explained sbe =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {winningPlan: {queryPlan: {stage: 'FETCH', planNodeId: 2,
             inputStage: {stage: 'IXSCAN', planNodeId: 1, indexName: 'email_1'}},
           slotBasedPlan: {slots: '$$RESULT=s11', stages: '[2] nlj ...'}}},
         executionStats: {nReturned: 1, totalKeysExamined: 1, totalDocsExamined: 1}}"""));
    assertThat(sbe.access()).containsExactly("email_1");
  }

  @Test
  void twoIndexes_underAnOr_areBothNamed_andASortMergeIsNotABlockingSort() {
    Explained e =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {winningPlan: {stage: 'FETCH', inputStage: {stage: 'SORT_MERGE', inputStages: [
           {stage: 'IXSCAN', indexName: 'a_1_t_1'}, {stage: 'IXSCAN', indexName: 'b_1_t_1'}]}}},
         executionStats: {nReturned: 4, totalKeysExamined: 4, totalDocsExamined: 4}}"""));
    assertThat(e.access()).containsExactly("a_1_t_1", "b_1_t_1");
    assertThat(e.accessLabel()).isEqualTo("a_1_t_1+b_1_t_1");
    assertThat(e.blockingSort()).isFalse();
  }

  @Test
  void theShardedForm_listsTheShardsReached_andEachShardsPlan() {
    // A scatter-gather on a hashed key: the mongos merges what two shards found with their own
    // index scans; the totals in executionStats are over both shards.
    Explained e =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {mongosPlannerVersion: 1, winningPlan: {stage: 'SHARD_MERGE', shards: [
           {shardName: 'shard-a', connectionString: 'rs-a/h1:27018', serverInfo: {host: 'h1', port: 27018},
            namespace: 'db.events', winningPlan: {stage: 'LIMIT', inputStage: {stage: 'SHARDING_FILTER',
              inputStage: {stage: 'FETCH', inputStage: {stage: 'IXSCAN', indexName: 'created_at_hashed'}}}}},
           {shardName: 'shard-b', connectionString: 'rs-b/h2:27018', serverInfo: {host: 'h2', port: 27018},
            namespace: 'db.events', winningPlan: {stage: 'SORT', inputStage: {stage: 'COLLSCAN'}}}]}},
         executionStats: {nReturned: 30, executionTimeMillis: 3, totalKeysExamined: 12, totalDocsExamined: 40,
           executionStages: {stage: 'SHARD_MERGE', shards: [{shardName: 'shard-a'}, {shardName: 'shard-b'}]}}}"""));
    assertThat(e.sharded()).isTrue();
    assertThat(e.shards()).isEqualTo(List.of("shard-a", "shard-b"));
    assertThat(e.access()).containsExactly("created_at_hashed", Explained.COLLSCAN);
    assertThat(e.blockingSort()).isTrue();
    assertThat(e.keysExamined()).isEqualTo(12);
    assertThat(e.docsExamined()).isEqualTo(40);
  }

  @Test
  void aSingleShardTarget_isOneShard() {
    Explained e =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {winningPlan: {stage: 'SINGLE_SHARD', shards: [{shardName: 'shard-c',
           winningPlan: {queryPlan: {stage: 'EXPRESS_IXSCAN', indexName: 'country_code_1_tenant_id_1'}}}]}},
         executionStats: {nReturned: 1, totalKeysExamined: 1, totalDocsExamined: 1}}"""));
    assertThat(e.shards()).containsExactly("shard-c");
    assertThat(e.access()).containsExactly("country_code_1_tenant_id_1");
  }

  @Test
  void totalsGivenOnlyPerShard_areAddedUp() {
    // "Explain Results", executionStats for sharded collections: executionStats.executionStages
    // has a shards array, each shard with its own nReturned, totalKeysExamined and
    // totalDocsExamined. Where the mongos' reply gives no totals of its own, keyplan adds the
    // shards': keys 10 + 3 = 13, documents 10 + 3 = 13, returned 10 + 3 = 13.
    Explained e =
        ExplainParser.parse(
            BsonDocument.parse(
                """
        {queryPlanner: {winningPlan: {stage: 'SHARD_MERGE', shards: [
           {shardName: 's0', winningPlan: {stage: 'FETCH', inputStage: {stage: 'IXSCAN', indexName: 'a_1'}}},
           {shardName: 's1', winningPlan: {stage: 'FETCH', inputStage: {stage: 'IXSCAN', indexName: 'a_1'}}}]}},
         executionStats: {executionStages: {stage: 'SHARD_MERGE', shards: [
           {shardName: 's0', nReturned: 10, totalKeysExamined: 10, totalDocsExamined: 10},
           {shardName: 's1', nReturned: 3, totalKeysExamined: 3, totalDocsExamined: 3}]}}}"""));
    assertThat(e.keysExamined()).isEqualTo(13);
    assertThat(e.docsExamined()).isEqualTo(13);
    assertThat(e.returned()).isEqualTo(13);
    assertThat(e.access()).containsExactly("a_1");
  }

  @Test
  void aReplyWithoutAQueryPlanner_isRefused_namingWhatItHas() {
    assertThatThrownBy(
            () -> ExplainParser.parse(BsonDocument.parse("{ok: 0, errmsg: 'no such command'}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not an explain reply: no queryPlanner.winningPlan (keys: ok, errmsg)");
  }
}
