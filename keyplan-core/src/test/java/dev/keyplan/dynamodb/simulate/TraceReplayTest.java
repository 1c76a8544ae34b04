package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.facts.Capacity;
import org.junit.jupiter.api.Test;

/** A trace replayed on a table: each line's bytes charged by the capacity rules, in its second. */
final class TraceReplayTest {
  private static final String KV =
      """
      model: kv
      horizon: 1d
      entities:
        Value:
          attributes:
            id: {type: text, size: 8B}
            body: {type: text, size: 100B}
          key: [id]
          count: 1k
      patterns:
        - {id: get, rate: 10/s, query: Value where id = ?}
      dynamodb:
        tables:
          Values:
            partition_key: id
            items:
              Value: {keys: {}}
      """;

  private static final String TRACE =
      """
      time,operation,key,size
      0.1,write,a,1500
      0.2,read,a,5000
      0.5,write,b,100
      1.0,update,a,1024
      1.5,read,c,4096
      7.0,write,a,10
      """;

  @Test
  void eachTracedOperation_isChargedByTheCapacityRules() {
    // Writes: 1,500 B → ⌈1,500 / 1,024⌉ = 2 WCU; 100 B → 1; 1,024 B → 1: 4 WCU, 3 of them on a.
    // Reads, eventually consistent (the default): 5,000 B → 2 blocks × 0.5 = 1 RCU; 4,096 B → 0.5.
    // The line at 7.0 s is after the 3 s run and is not replayed.
    CopyRun c = Sims.only(Sims.replay(KV, DynamoDbSetup.defaults(), TRACE, 3));
    assertThat(c.write().units().demand()).isEqualTo(4);
    assertThat(c.read().units().demand()).isEqualTo(1.5);
    KeyStats a = c.hotKeys().get(0);
    assertThat(a.key()).isEqualTo("a");
    assertThat(a.write().demand()).isEqualTo(3);
    assertThat(a.write().peakDemand()).isEqualTo(2);
    assertThat(a.read().demand()).isEqualTo(1);
    assertThat(c.hotKeys()).extracting(KeyStats::key).startsWith("a", "b", "c");
  }

  @Test
  void stronglyConsistentTracedReads_costAUnitPerBlock() {
    // 5,000 B → 2 blocks, 4,096 B → 1 block: 3 RCU strongly consistent.
    CopyRun c =
        Sims.only(
            Sims.replay(
                KV, DynamoDbSetup.defaults().withTraceReads(Capacity.Read.STRONG), TRACE, 3));
    assertThat(c.read().units().demand()).isEqualTo(3);
  }

  @Test
  void theNotesSayWhatTheReplayLeavesOut() {
    DynamoDbRun run = Sims.replay(KV, DynamoDbSetup.defaults(), TRACE, 3);
    assertThat(run.result().notes())
        .anySatisfy(n -> assertThat(n).contains("replayed on Values only"))
        .anySatisfy(
            n ->
                assertThat(n)
                    .isEqualTo("1 traced operations after the run's 3 s are not replayed"));
  }
}
