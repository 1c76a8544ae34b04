package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Index bounds as the server computes them (issue 17 §1). MongoDB manual, "The ESR (Equality, Sort,
 * Range) Guideline" (https://www.mongodb.com/docs/manual/tutorial/equality-sort-range-guideline/):
 * after the equality prefix, a range on a field the sort also uses is a bounded scan in index
 * order; no blocking sort, and a limit stops the scan (explain's LIMIT stage above the IXSCAN:
 * keysExamined equals the documents returned when the limit is reached inside the bounds).
 */
final class MongoDbIndexBoundsTest {
  private static final String READINGS =
      """
      model: readings
      horizon: 1d
      entities:
        Reading:
          attributes: {reading_id: uuid, sensor_id: uuid, t: timestamp, value: double}
          key: [reading_id]
          count: 10M
          spread: {sensor_id: {distinct: 1k}}
      patterns:
        - id: latest-since
          rate: 100/s
          query: Reading where sensor_id = ? and t > ? order by t desc limit 10
      mongodb:
        collections:
          readings:
            entity: Reading
            indexes:
              - {sensor_id: 1, t: 1}
      """;

  @Test
  void aRangeOnTheSortField_isABoundedScanThatTheLimitStops() {
    // 10M readings over 1,000 sensors are 10,000 a sensor. {sensor_id: 1, t: 1}: equality on
    // sensor_id, then t serves both the sort (walked backwards for desc) and the range (the scan's
    // bounds). The server reads the first 10 keys inside the bounds and stops: 10 keys, 10
    // documents, no blocking sort. Before issue 17 the range was taken as a filter after the
    // index: every key of the sensor, 10,000.
    MongoDbPlan p =
        MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", READINGS, Path.of(".")))
            .plan("latest-since")
            .orElseThrow();
    assertThat(p.access()).isEqualTo(Access.IXSCAN);
    assertThat(p.keysExamined().typical()).isEqualTo(10);
    assertThat(p.docsExamined().typical()).isEqualTo(10);
    assertThat(p.notes()).noneMatch(n -> n.startsWith("blocking sort"));
  }
}
