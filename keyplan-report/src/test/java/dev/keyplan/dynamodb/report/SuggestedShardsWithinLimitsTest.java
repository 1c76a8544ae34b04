package dev.keyplan.dynamodb.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.JsonReport;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The JSON report never proposes a shard count the model reader would refuse ({shard:N} takes N
 * from 2 to 1,000, KeyTemplate.MAX_SHARDS); issue 18 found "suggestedShards": 2000000.
 */
final class SuggestedShardsWithinLimitsTest {
  private static String json(String rate) {
    String model =
        """
        model: votes
        horizon: 1d
        entities:
          Tally:
            attributes:
              poll_id: uuid
              votes: bigint
            key: [poll_id]
            count: 10
        patterns:
          - id: vote
            rate: %s
            update: Tally set votes where poll_id = ?
            spread:
              poll_id: {busiest: 100%%}
        dynamodb:
          tables:
            Tallies:
              partition_key: PK
              items:
                Tally:
                  keys: {PK: "P#{poll_id}"}
        """
            .formatted(rate);
    return JsonReport.render(CheckResult.of(ModelReader.read("votes.yaml", model, Path.of("."))))
        // Field separators only: the fix's words keep their spaces.
        .replaceAll("\"\\s*:\\s*", "\":");
  }

  @Test
  void moreThanAThousandShardsNeeded_isNoSuggestion_andTheFixSaysSo() {
    // Every vote updates one item: 1M/s × 1 WCU = 1,000,000 WCU/s on one key. Half the 1,000 WCU
    // partition ceiling per suffix needs 1,000,000 / 500 = 2,000 suffixes, over the 1,000 a key
    // template allows: no sharding fix exists within keyplan's limits.
    String json = json("1M/s");
    assertThat(json).contains("\"suggestedShards\":null").doesNotContain("{shard:2000}");
    assertThat(json).contains("write sharding cannot fix it").contains("needs 2,000 suffixes");
  }

  @Test
  void withinTheLimit_theCountIsSuggested() {
    // 100k/s × 1 WCU on one key: 100,000 / 500 = 200 suffixes, within 2–1,000.
    assertThat(json("100k/s")).contains("\"suggestedShards\":200").contains("{shard:200}");
  }
}
