package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Aggregate mode costs per key and second, not per operation: a day at 50,000 operations a second
 * runs in the normal suite. Timing belongs to the benchmarks; this only runs it and checks the
 * sums.
 */
final class DayAtScaleTest {
  /** 40,000 event writes and 10,000 reads a second over a million users, zipf(1). */
  private static final String EVENTS =
      """
      model: events
      horizon: 1d
      entities:
        Event:
          attributes:
            user_id: uuid
            event_id: {type: timeuuid, time_ordered: true}
            payload: {type: text, size: 200B}
          key: [event_id]
          growth: 40k/s
          spread:
            user_id: {distinct: 1M, distribution: zipf(1)}
      patterns:
        - {id: record, rate: 40k/s, insert: Event}
        - {id: recent, rate: 10k/s, query: Event where user_id = ? order by event_id desc limit 10}
      dynamodb:
        tables:
          Events:
            partition_key: user_id
            sort_key: event_id
            items:
              Event: {keys: {}}
      """;

  @Test
  void aDayAt50000OperationsASecond_runs() {
    // 40,000 writes/s of one 1 KB block each over 86,400 s: 3.456 billion WCU asked, within the
    // tracked keys' Poisson noise.
    CopyRun c = Sims.only(Sims.run(EVENTS, DynamoDbSetup.defaults(), 86_400));
    assertThat(c.write().units().demand())
        .isCloseTo(40_000.0 * 86_400, within(0.001 * 40_000 * 86_400));
  }
}
