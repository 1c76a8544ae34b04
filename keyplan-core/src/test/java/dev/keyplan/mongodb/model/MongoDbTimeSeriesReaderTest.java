package dev.keyplan.mongodb.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A collection's {@code timeseries:} options, checked as the server checks {@code
 * db.createCollection(name, {timeseries: …})} (mongodb/mongo,
 * src/mongo/db/timeseries/timeseries_options.cpp, checkBucketingParameters; MongoDB manual,
 * "db.createCollection()",
 * https://www.mongodb.com/docs/manual/reference/method/db.createCollection/) and the limits of a
 * time-series collection (MongoDB manual, "Time Series Collection Limitations",
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/, Shard Key Fields;
 * "Time Series Indexes", Prohibited Indexes). Every mistake is reported at its line and column.
 */
final class MongoDbTimeSeriesReaderTest {
  /** Lines 1–15 are the workload; the mongodb section starts on line 16. */
  private static final String WORKLOAD =
      """
      model: m
      horizon: 30d
      entities:
        Weather:
          attributes:
            sensorId: int
            type: {type: text, size: 11B}
            timestamp: timestamp
            temp: double
            note: {type: text, size: 20B}
          key: [sensorId, timestamp]
          growth: 200/min
          spread: {type: {distinct: 4}, sensorId: {distinct: 1k, belongs_to: type}}
      patterns:
        - {id: record, rate: 200/min, insert: Weather}
      """;

  private static List<String> errors(String section) {
    try {
      Model m = ModelReader.read("m.yaml", WORKLOAD + section, Path.of("."));
      MongoDbAnalyzer.analyze(m);
      return List.of();
    } catch (InputException e) {
      return e.diagnostics().stream().map(Object::toString).collect(Collectors.toList());
    }
  }

  private static MongoDbDesign.TimeSeries read(String options) {
    Model m =
        ModelReader.read(
            "m.yaml",
            WORKLOAD
                + """
                mongodb:
                  collections:
                    weather:
                      entity: Weather
                      timeseries: %s
                """
                    .formatted(options),
            Path.of("."));
    return m.design(MongoDbDesign.class)
        .orElseThrow()
        .collections()
        .get(0)
        .timeSeries()
        .orElseThrow();
  }

  @Test
  void theManualsWeatherCollection_isRead() {
    // The manual's example: timeField timestamp, metaField metadata {sensorId, type}, granularity
    // hours, whose bucket span is 60 × 60 × 24 × 30 = 2,592,000 s and rounding 86,400 s
    // (getMaxSpanSecondsFromGranularity, getBucketRoundingSecondsFromGranularity).
    MongoDbDesign.TimeSeries t =
        read(
            "{timeField: timestamp, metaField: {metadata: [sensorId, type]}, granularity: hours,"
                + " expireAfterSeconds: 30d}");
    assertThat(t.timeField()).isEqualTo("timestamp");
    assertThat(t.metaField()).contains("metadata");
    assertThat(t.metaAttributes()).containsExactly("sensorId", "type");
    assertThat(t.fieldOf("sensorId")).isEqualTo("metadata.sensorId");
    assertThat(t.granularity()).contains("hours");
    assertThat(t.bucketMaxSpanSeconds()).isEqualTo(2_592_000);
    assertThat(t.bucketRoundingSeconds()).isEqualTo(86_400);
    // 30 days = 30 × 86,400 s.
    assertThat(t.expireAfterSeconds()).isEqualTo(2_592_000);
  }

  @Test
  void withoutGranularity_theServersDefaultIsSeconds() {
    // checkBucketingParameters sets granularity seconds when none is given: 3,600 s, rounded to 60.
    MongoDbDesign.TimeSeries t = read("{timeField: timestamp, metaField: sensorId}");
    assertThat(t.granularity()).contains("seconds");
    assertThat(t.bucketMaxSpanSeconds()).isEqualTo(3_600);
    assertThat(t.bucketRoundingSeconds()).isEqualTo(60);
    assertThat(t.metaDocument()).isFalse();
    assertThat(t.fieldOf("sensorId")).isEqualTo("sensorId");
  }

  @Test
  void customBucketing_takesBothParametersEqual() {
    // MongoDB 6.3+: bucketMaxSpanSeconds and bucketRoundingSeconds together, equal, no granularity.
    MongoDbDesign.TimeSeries t =
        read("{timeField: timestamp, bucketMaxSpanSeconds: 7200, bucketRoundingSeconds: 2h}");
    assertThat(t.granularity()).isEqualTo(Optional.empty());
    assertThat(t.bucketMaxSpanSeconds()).isEqualTo(7_200);
    assertThat(t.bucketRoundingSeconds()).isEqualTo(7_200);
    assertThat(t.metaField()).isEmpty();
  }

  @Test
  void theServersRefusals_areReportedWhereTheyAre() {
    assertThat(
            errors(
                """
                mongodb:
                  collections:
                    weather:
                      entity: Weather
                      timeseries:
                        metaField: timestamp
                        granularity: hour
                        bucketRoundingSeconds: 60
                """))
        .containsExactly(
            "m.yaml:21:9: error: missing 'timeField': expected the attribute holding each measurement's"
                + " date",
            "m.yaml:22:22: error: expected seconds, minutes or hours but found 'hour' (did you mean"
                + " 'hours'?)");
    assertThat(
            errors(
                """
                mongodb:
                  collections:
                    weather:
                      entity: Weather
                      timeseries:
                        timeField: temp
                        metaField: timestamp
                        granularity: minutes
                        bucketRoundingSeconds: 3600
                        bucketMaxSpanSeconds: 3600
                """))
        .containsExactly(
            "m.yaml:21:20: error: the timeField holds a BSON date; 'temp' is double (give it type"
                + " timestamp or date, or fields: {temp: date})",
            "m.yaml:24:9: error: bucketRoundingSeconds is custom bucketing and cannot go with granularity"
                + " minutes; give granularity alone, or bucketMaxSpanSeconds and"
                + " bucketRoundingSeconds (equal) without it",
            "m.yaml:25:31: error: granularity minutes spans 86400 s a bucket, and bucketMaxSpanSeconds"
                + " beside it may only repeat that; for 3600 s use custom bucketing without"
                + " granularity");
    assertThat(
            errors(
                """
                mongodb:
                  collections:
                    weather:
                      entity: Weather
                      timeseries: {timeField: timestamp, metaField: timestamp, bucketMaxSpanSeconds: 60, bucketRoundingSeconds: 30}
                """))
        .containsExactly(
            "m.yaml:20:53: error: the metaField may not be the timeField 'timestamp'",
            "m.yaml:20:113: error: bucketRoundingSeconds must equal bucketMaxSpanSeconds (60 s) but is 30"
                + " s");
  }

  @Test
  void aTimeSeriesShardKey_holdsOnlyTheMetaFieldAndTheTimeFieldLast() {
    // "Shard Key Fields": the metaField, its subfields and the timeField; the timeField ranged and
    // at the end of the pattern.
    String section =
        """
        mongodb:
          shards: 2
          collections:
            weather:
              entity: Weather
              timeseries: {timeField: timestamp, metaField: {metadata: [sensorId, type]}}
              shard_key: %s
        """;
    assertThat(errors(section.formatted("{metadata.sensorId: 1, timestamp: 1}"))).isEmpty();
    assertThat(errors(section.formatted("{metadata: 1}"))).isEmpty();
    assertThat(errors(section.formatted("{temp: 1}")))
        .containsExactly(
            "m.yaml:22:7: error: a time-series shard key holds only the metaField (metadata), its"
                + " subfields and the timeField (timestamp); 'temp' is none of them (MongoDB manual,"
                + " \"Time Series Collection Limitations\", Shard Key Fields)");
    assertThat(errors(section.formatted("{timestamp: 1, metadata.sensorId: 1}")))
        .containsExactly(
            "m.yaml:22:7: error: the timeField 'timestamp' may be in a time-series shard key only ranged"
                + " (1) and as its last field (MongoDB manual, \"Time Series Collection"
                + " Limitations\", Shard Key Fields)");
    // A sub-document metaField holds sensorId as metadata.sensorId: the root name is no field of
    // the shard key.
    assertThat(errors(section.formatted("{sensorId: 1}")))
        .singleElement()
        .asString()
        .contains("'sensorId' is none of them");
  }

  @Test
  void validationUniqueAndTextIndexes_areRefused() {
    assertThat(
            errors(
                """
                mongodb:
                  collections:
                    weather:
                      entity: Weather
                      timeseries: {timeField: timestamp, metaField: sensorId}
                      validation: true
                      indexes:
                        - {keys: {sensorId: 1, timestamp: 1}, unique: true}
                        - {note: text}
                """))
        .containsExactly(
            "m.yaml:21:19: error: time-series collections do not take schema validation rules (MongoDB"
                + " manual, \"Time Series Collection Limitations\")",
            "m.yaml:23:11: error: time-series collections do not allow unique indexes (MongoDB manual,"
                + " \"Time Series Indexes\", Prohibited Indexes)",
            "m.yaml:24:11: error: time-series collections do not allow text indexes (MongoDB manual,"
                + " \"Time Series Indexes\", Prohibited Indexes)");
  }
}
