package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Time-series collections sized and read as the server buckets them (issue 17 §6). No MongoDB
 * server can run here: every figure is derived from the documented rules.
 *
 * <ul>
 *   <li>Bucket span per granularity: seconds 3,600 s, minutes 86,400 s, hours 2,592,000 s
 *       (mongodb/mongo, src/mongo/db/timeseries/timeseries_options.cpp,
 *       getMaxSpanSecondsFromGranularity; MongoDB manual, "Set Granularity for Time Series Data").
 *   <li>A bucket closes at 1,000 measurements or 125 KiB = 128,000 B, whichever is lower (MongoDB
 *       manual, "Time Series Collection Limitations", Bucket Size).
 *   <li>A time range {@code t > T} reads buckets with {@code control.min.t >= T − span} and {@code
 *       control.max.t > T} (bucket_level_comparison_predicate_generator.cpp).
 *   <li>Bucket bytes: the uncompressed (version 1) layout, {@code {_id, control: {version, min,
 *       max}, meta, data: {field: {"0": v, …}}}}, an upper bound of the compressed buckets the
 *       server writes. BSON element = type 1 + name + NUL + value; a column of 1,000 values keyed
 *       "0" … "999" has keys of 1, 2 and 3 characters: Σ (key + NUL) = 10 × 2 + 90 × 3 + 900 × 4 =
 *       3,890 B, so a column of values of v bytes is 5 + 1,000 × (1 + v) + 3,890 B.
 * </ul>
 */
final class MongoDbTimeSeriesTest {
  /** The manual's weather collection (Time Series, "Shard a Time Series Collection" example). */
  private static final String WEATHER =
      """
      model: weather
      horizon: 1y
      entities:
        Weather:
          attributes:
            sensorId: int
            type: {type: text, size: 11B}
            timestamp: timestamp
            temp: double
          key: [sensorId, timestamp]
          growth: 200/min
          spread: {type: {distinct: 4}, sensorId: {distinct: 1k, belongs_to: type}}
      patterns:
        - id: sensor-day
          rate: 10/s
          query: Weather where sensorId = ? and timestamp > ?
          range: {timestamp: 1d}
        - {id: record, rate: 200/min, insert: Weather}
      mongodb:
        collections:
          weather:
            entity: Weather
            timeseries: {timeField: timestamp, metaField: {metadata: [sensorId, type]}, granularity: hours}
            indexes:
              - {metadata.sensorId: 1, timestamp: 1}
      """;

  /** An IoT feed: 10,000 devices, one reading a second each, granularity seconds, kept 7 days. */
  private static final String IOT =
      """
      model: iot
      horizon: 30d
      entities:
        Reading:
          attributes: {device_id: bigint, t: timestamp, value: double}
          key: [device_id, t]
          growth: 10k/s
          spread: {device_id: {distinct: %s}}
      patterns:
        - id: last-hour
          rate: 50/s
          query: Reading where device_id = ? and t > ? order by t desc
          range: {t: 1h}
        - {id: hot-values, rate: 1/min, query: Reading where value > ?}
        - {id: ingest, rate: 10k/s, insert: Reading}
      mongodb:
        collections:
          readings:
            entity: Reading
            timeseries: {timeField: t, metaField: device_id, granularity: seconds, expireAfterSeconds: 7d}
      """;

  private static MongoDbAnalysis analyze(String yaml) {
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", yaml, Path.of(".")));
  }

  @Test
  void weatherSensors_fillBucketsOfAThousand_andADayOfOneSensorReadsTwoBuckets() {
    MongoDbCollection c = analyze(WEATHER).collection("weather").orElseThrow();
    MongoDbTimeSeries ts = c.timeSeries().orElseThrow();
    // A measurement {_id, timestamp, temp, metadata: {sensorId, type}}: 4 + 1, _id ObjectId 1 + 4 +
    // 12 = 17, timestamp 1 + 10 + 8 = 19, temp 1 + 5 + 8 = 14, metadata 1 + 9 + (5 + sensorId int
    // 1 + 9 + 4 = 14 + type string 1 + 5 + 4 + 11 + 1 = 22) = 51: 106 B. 1,000 × 106 = 106,000 B
    // is under 128,000: the bucket closes at 1,000 measurements.
    assertThat(ts.measurementBytes()).isEqualTo(106);
    assertThat(ts.capacity()).isEqualTo(1_000);
    // 200/min = 3.333 readings/s over 1,000 sensors: one every 300 s per sensor, 2,592,000 / 300 =
    // 8,640 in an hours-granularity span, so every bucket fills to 1,000.
    assertThat(ts.fillTypical()).isEqualTo(1_000);
    // 3.333/s × 31,536,000 s = 105,120,000 measurements in 105,120 buckets, the documents.
    assertThat(ts.measurements()).isCloseTo(105_120_000, within(1.0));
    assertThat(c.documents()).isCloseTo(105_120, within(0.01));
    // A full bucket: 5 + _id 17 + control (1 + 8 + (5 + version 1 + 8 + 4 = 13 + min and max 1 + 4
    // + (5 + 17 + 19 + 14) = 60 each) = 147) + meta 1 + 5 + 41 = 47 + data 1 + 5 + (5 + _id column
    // 1 + 4 + (5 + 13,000 + 3,890) = 16,900 + timestamp 1 + 10 + (5 + 9,000 + 3,890) = 12,906 +
    // temp 1 + 5 + 12,895 = 12,901) = 42,718: 42,934 B, 42.9 B a measurement (106 B as documents).
    assertThat(c.typicalBytes()).isEqualTo(42_934);
    // Index {metadata.sensorId: 1, timestamp: 1} is {meta.sensorId, control.min.timestamp,
    // control.max.timestamp} on the buckets: one entry per bucket of the int (type 1, empty name 1,
    // 4) and two dates (1 + 1 + 8 each), plus an 8-byte record id: 6 + 20 + 8 = 34 B.
    MongoDbIndex ix =
        c.indexes().stream()
            .filter(i -> i.name().equals("metadata.sensorId_1_timestamp_1"))
            .findFirst()
            .orElseThrow();
    assertThat(ix.entries()).isCloseTo(105_120, within(0.01));
    assertThat(ix.bytes()).isCloseTo(105_120 * 34.0, within(1.0));

    MongoDbPlan p = analyze(WEATHER).plan("sensor-day").orElseThrow();
    assertThat(p.access()).isEqualTo(Access.IXSCAN);
    assertThat(p.index()).contains("metadata.sensorId_1_timestamp_1");
    // One sensor, r = 1/300 a second, n = 1,000, W = 86,400 s, S = 2,592,000 s. Keys: the buckets
    // starting within W + S, (1/300) × 2,678,400 / 1,000 = 8.928. Buckets examined: r × W / n +
    // (n − 1) / n = 0.288 + 0.999 = 1.287, each unpacked whole (1,287 measurements) for the 288
    // measurements of the day.
    assertThat(p.keysExamined().typical()).isCloseTo(8.928, within(1e-9));
    assertThat(p.docsExamined().typical()).isCloseTo(1.287, within(1e-9));
    assertThat(p.returned()).isCloseTo(288, within(1e-9));
  }

  @Test
  void aDeviceFeedAtSeconds_readsItsLastHourInFiveBuckets() {
    MongoDbAnalysis a = analyze(IOT.formatted("10k"));
    MongoDbCollection c = a.collection("readings").orElseThrow();
    MongoDbTimeSeries ts = c.timeSeries().orElseThrow();
    // {_id 17, device_id long 1 + 10 + 8 = 19, t 1 + 2 + 8 = 11, value 1 + 6 + 8 = 15} + 5 = 67 B.
    assertThat(ts.measurementBytes()).isEqualTo(67);
    // 1 reading/s per device × 3,600 s = 3,600 > 1,000: buckets of 1,000, one every 1,000 s.
    assertThat(ts.fillTypical()).isEqualTo(1_000);
    // expireAfterSeconds 7d: a bucket goes when its whole span is older, so 604,800 + 3,600 =
    // 608,400 s of readings stay: 10,000 × 608,400 = 6,084,000,000 measurements, 6,084,000 buckets.
    assertThat(ts.measurements()).isCloseTo(6_084_000_000d, within(1.0));
    assertThat(c.documents()).isCloseTo(6_084_000, within(0.01));
    // 5 + _id 17 + control 1 + 8 + (5 + 13 + 2 × (1 + 4 + (5 + 17 + 11 + 15))) = 133 + meta 1 + 5
    // + 8 = 14 + data 1 + 5 + (5 + 16,900 + t 1 + 2 + 12,895 + value 1 + 6 + 12,895) = 42,711:
    // 42,880 B.
    assertThat(c.typicalBytes()).isEqualTo(42_880);
    // The server's own {device_id: 1, t: 1} index (6.3+), no _id_ index (clustered buckets).
    assertThat(c.indexes()).extracting(MongoDbIndex::name).containsExactly("device_id_1_t_1");

    MongoDbPlan last = a.plan("last-hour").orElseThrow();
    assertThat(last.index()).contains("device_id_1_t_1");
    // r = 1/s, n = 1,000, W = S = 3,600 s: keys 1 × 7,200 / 1,000 = 7.2; buckets 3.6 + 0.999 =
    // 4.599, 4,599 measurements unpacked for 3,600 returned. A regular collection with {device_id:
    // 1, t: 1} examines 3,600 keys and documents.
    assertThat(last.keysExamined().typical()).isCloseTo(7.2, within(1e-9));
    assertThat(last.docsExamined().typical()).isCloseTo(4.599, within(1e-9));
    assertThat(last.returned()).isCloseTo(3_600, within(1e-9));
    assertThat(last.blockingSort()).isFalse();

    // A filter on a measurement field bounds nothing: every bucket is read and unpacked.
    MongoDbPlan hot = a.plan("hot-values").orElseThrow();
    assertThat(hot.access()).isEqualTo(Access.COLLSCAN);
    assertThat(hot.docsExamined().typical()).isCloseTo(6_084_000, within(0.01));
    assertThat(hot.notes()).anyMatch(n -> n.startsWith("a filter on value (a measurement field"));

    // 10,000 inserts/s make a new bucket every 1,000: 10 bucket inserts/s.
    assertThat(a.plan("ingest").orElseThrow().notes())
        .anyMatch(
            n -> n.contains("a new bucket document every 1,000 inserts (10/s bucket inserts"));
  }

  @Test
  void aMetaFieldWithFewMeasurementsEach_makesABucketPerMeasurement() {
    // 100M devices sharing 10,000 readings/s write 0.0001/s each, 0.36 in an hour's span: fewer
    // than one, so every measurement opens its own bucket (MongoDB manual, "Time Series
    // Collections Considerations": a fine-grained metaField makes many sparsely packed buckets).
    MongoDbCollection c = analyze(IOT.formatted("100M")).collection("readings").orElseThrow();
    MongoDbTimeSeries ts = c.timeSeries().orElseThrow();
    assertThat(ts.fillTypical()).isEqualTo(1);
    assertThat(c.documents()).isCloseTo(ts.measurements(), within(1.0));
    // One measurement: 5 + 17 + control 133 + meta 14 + data 1 + 5 + (5 + _id 1 + 4 + (5 + 1 + 2 +
    // 12) = 25 + t 1 + 2 + (5 + 1 + 2 + 8) = 19 + value 1 + 6 + 16 = 23) = 78: 247 B for 67 B of
    // data, 5.8 times the 42.9 B a measurement of a full bucket.
    assertThat(c.typicalBytes()).isEqualTo(247);
  }

  @Test
  void aShardKeyOfTheTimeField_takesAValuePerInsert_likeAClock() {
    // The timeField is each measurement's time: a new value per insert, like a time_ordered
    // attribute without a declared spread, so the key has as many values as documents (6,084,000
    // buckets, as above) instead of an unknown count.
    String sharded =
        IOT.formatted("10k")
            .replace("mongodb:\n", "mongodb:\n  shards: 3\n")
            .replace("expireAfterSeconds: 7d}", "expireAfterSeconds: 7d}\n      shard_key: {t: 1}");
    MongoDbShard s = analyze(sharded).shard("readings").orElseThrow();
    assertThat(s.distinctValues()).isCloseTo(6_084_000, within(0.01));
    assertThat(s.monotonic()).contains("t");
  }
}
