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

  /**
   * The readings model with one pattern and the given indexes: 10M readings of 1,000 sensors
   * (10,000 a sensor, uniform), a 100-day horizon, so {@code range: {t: 1d}} is 1 / 100 of a
   * sensor's readings (docs/model.md, "Range width": width / span, the span being the horizon).
   */
  private static MongoDbPlan plan(String indexes, String query, String range) {
    String yaml =
        """
        model: readings
        horizon: 100d
        entities:
          Reading:
            attributes: {reading_id: uuid, sensor_id: uuid, t: timestamp, value: double}
            key: [reading_id]
            count: 10M
            spread: {sensor_id: {distinct: 1k}}
        patterns:
          - id: p
            rate: 100/s
            query: %s
        %s
        mongodb:
          collections:
            readings:
              entity: Reading
              indexes:
        %s
        """
            .formatted(query, range.isEmpty() ? "" : "    range: " + range, indexes.indent(8));
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", yaml, Path.of(".")))
        .plan("p")
        .orElseThrow();
  }

  @Test
  void inWithASortOnTheNextField_isAMergeOfOneScanPerValue() {
    // sensor_id in (3 values) order by t desc limit 10 on {sensor_id: 1, t: 1}: the bounds on
    // sensor_id are 3 points, so one scan does not give the order by t (it walks sensor 1's t,
    // then sensor 2's). The planner explodes the bounds into 3 scans, each ordered by t, and
    // merges them (SORT_MERGE; planner_analysis.cpp explodeForSort). docs/mongodb-arithmetic.md,
    // "Index bounds and keys examined", rule 4: the merge reads one key of every scan before it
    // returns the first, then one more per document returned: 3 + 10 - 1 = 12 keys; FETCH sits
    // above the merge, so 10 documents. No blocking sort. Before issue 17 the in was taken as an
    // equality, 30 keys and 30 documents with the order claimed from one scan.
    MongoDbPlan p =
        plan(
            "- {sensor_id: 1, t: 1}",
            "Reading where sensor_id in (?, ?, ?) order by t desc limit 10",
            "");
    assertThat(p.keysExamined().typical()).isEqualTo(12);
    assertThat(p.docsExamined().typical()).isEqualTo(10);
    assertThat(p.blockingSort()).isFalse();
    assertThat(p.notes()).anyMatch(n -> n.startsWith("SORT_MERGE"));
  }

  @Test
  void inWithoutASort_readsOneKeyPastEachValue() {
    // sensor_id in (3 values), no sort, no limit: one IXSCAN with 3 point intervals, checked key
    // by key (index_scan.cpp: bounds of several intervals use the IndexBoundsChecker, and every
    // key the cursor returns counts in keysExamined, the one past an interval's end included).
    // Rule 2: 3 × 10,000 keys inside the bounds + 3 keys past the ends = 30,003 keys; the keys
    // past the ends are not fetched: 30,000 documents.
    MongoDbPlan p = plan("- {sensor_id: 1, t: 1}", "Reading where sensor_id in (?, ?, ?)", "");
    assertThat(p.keysExamined().typical()).isEqualTo(30_003);
    assertThat(p.docsExamined().typical()).isEqualTo(30_000);
  }

  @Test
  void inOfMoreValuesThanTheExplodeLimit_isABlockingSort() {
    // internalQueryMaxScansToExplode is 200 (query_knobs.idl): 200 values still merge, 3 + ... as
    // above: 200 + 10 - 1 = 209 keys. 201 values are past it: one scan over 201 point intervals,
    // every key read (201 × 10,000 + 201 = 2,010,201), 2,010,000 documents sorted in memory.
    MongoDbPlan merged =
        plan("- {sensor_id: 1, t: 1}", "Reading where sensor_id in 200 order by t limit 10", "");
    assertThat(merged.keysExamined().typical()).isEqualTo(209);
    assertThat(merged.blockingSort()).isFalse();
    MongoDbPlan sorted =
        plan("- {sensor_id: 1, t: 1}", "Reading where sensor_id in 201 order by t limit 10", "");
    assertThat(sorted.keysExamined().typical()).isEqualTo(2_010_201);
    assertThat(sorted.docsExamined().typical()).isEqualTo(2_010_000);
    assertThat(sorted.blockingSort()).isTrue();
    assertThat(sorted.notes()).anyMatch(n -> n.contains("internalQueryMaxScansToExplode"));
  }

  @Test
  void aRangeBeforeTheSortField_isABlockingSortOfTheRange() {
    // sensor_id = ? and t > ? order by value limit 10 on {sensor_id: 1, t: 1, value: 1}: t's
    // bounds are a range, not points, so neither one scan nor a merge gives the order by value
    // (explodeForSort explodes point prefixes only). Rule 1 and 3: one interval, the sensor's
    // readings inside the range, 10,000 × 1d / 100d = 100 keys and documents, sorted in memory.
    MongoDbPlan p =
        plan(
            "- {sensor_id: 1, t: 1, value: 1}",
            "Reading where sensor_id = ? and t > ? order by value limit 10",
            "{t: 1d}");
    assertThat(p.keysExamined().typical()).isEqualTo(100);
    assertThat(p.docsExamined().typical()).isEqualTo(100);
    assertThat(p.blockingSort()).isTrue();
  }

  @Test
  void aRangeWithoutALimit_readsTheShareItsWidthGives() {
    // sensor_id = ? and t > ? with range: {t: 1d}: one interval (cursor end position, no key past
    // the end), 10,000 × 1 / 100 = 100 keys. Without range: every key of the sensor, 10,000, the
    // upper bound, said in a note.
    assertThat(
            plan("- {sensor_id: 1, t: 1}", "Reading where sensor_id = ? and t > ?", "{t: 1d}")
                .keysExamined()
                .typical())
        .isEqualTo(100);
    MongoDbPlan wide = plan("- {sensor_id: 1, t: 1}", "Reading where sensor_id = ? and t > ?", "");
    assertThat(wide.keysExamined().typical()).isEqualTo(10_000);
    assertThat(wide.notes()).anyMatch(n -> n.contains("range: {t: 30d}"));
  }

  @Test
  void twoSingleFieldIndexes_areNeverIntersected() {
    // sensor_id = ? and t > ? with {sensor_id: 1} and {t: 1}: keyplan assumes no index
    // intersection (the planner rarely picks AND_SORTED/AND_HASH; MongoDB manual, "Index
    // Intersection"). {sensor_id: 1}: 10,000 keys, t a filter; {t: 1}: 10M × 1 / 100 = 100,000
    // keys, sensor_id a filter. The first wins with 10,000 keys and documents, not the 100 an
    // intersection would fetch.
    MongoDbPlan p =
        plan("- {sensor_id: 1}\n- {t: 1}", "Reading where sensor_id = ? and t > ?", "{t: 1d}");
    assertThat(p.index()).contains("sensor_id_1");
    assertThat(p.keysExamined().typical()).isEqualTo(10_000);
    assertThat(p.docsExamined().typical()).isEqualTo(10_000);
  }

  @Test
  void twoBoundsOnAFieldInsideAnArray_areNotIntersected() {
    // Readings embedded in their sensor's document: 100k readings of 1,000 sensors, 100 a
    // document, so {readings.t: 1} is multikey with 100,000 entries. t > ? with range: {t: 1d} of
    // the 100-day horizon: 100,000 × 1 / 100 = 1,000 keys. t between ? and ?: without $elemMatch
    // one element may meet one bound and another the other, so the server does not intersect the
    // two bounds and keeps one ("Multikey Index Bounds",
    // https://www.mongodb.com/docs/manual/core/multikey-index-bounds/): keyplan counts every
    // entry on that side, at most the whole index, 100,000 keys; they belong to the 1,000
    // documents, each fetched once (the scan deduplicates record ids).
    String yaml =
        """
        model: buckets
        horizon: 100d
        entities:
          Sensor:
            attributes: {sensor_id: uuid, site: {type: text, size: 8B}}
            key: [sensor_id]
            count: 1k
          Reading:
            attributes: {reading_id: uuid, sensor_id: uuid, t: timestamp, value: double}
            key: [reading_id]
            count: 100k
            spread: {sensor_id: {distinct: 1k}}
        patterns:
          - id: one-bound
            rate: 1/s
            query: Reading where t > ?
            range: {t: 1d}
          - id: two-bounds
            rate: 1/s
            query: Reading where t between ? and ?
            range: {t: 1d}
        mongodb:
          collections:
            sensors:
              entity: Sensor
              embed:
                readings: {entity: Reading, by: sensor_id}
              indexes:
                - {readings.t: 1}
        """;
    MongoDbAnalysis a = MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", yaml, Path.of(".")));
    MongoDbPlan one = a.plan("one-bound").orElseThrow();
    assertThat(one.keysExamined().typical()).isEqualTo(1_000);
    MongoDbPlan two = a.plan("two-bounds").orElseThrow();
    assertThat(two.keysExamined().typical()).isEqualTo(100_000);
    assertThat(two.docsExamined().typical()).isEqualTo(1_000);
    assertThat(two.notes()).anyMatch(n -> n.contains("$elemMatch"));
  }
}
