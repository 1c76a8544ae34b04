package dev.keyplan.mongodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import java.nio.file.Path;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * A time-series collection is created with its options, as the manual's example writes them
 * (MongoDB manual, "Set Granularity for Time Series Data": {@code db.createCollection("weather24h",
 * {timeseries: {timeField: "timestamp", metaField: "metadata", granularity: "minutes"},
 * expireAfterSeconds: 86400})}); the server's own {metaField: 1, timeField: 1} index is not
 * written.
 */
final class MongoshTimeSeriesTest {
  private static final String MODEL =
      """
      model: weather
      horizon: 30d
      entities:
        Weather:
          attributes: {sensorId: int, type: {type: text, size: 11B}, timestamp: timestamp, temp: double}
          key: [sensorId, timestamp]
          growth: 200/min
          spread: {type: {distinct: 4}, sensorId: {distinct: 1k, belongs_to: type}}
      patterns:
        - {id: record, rate: 200/min, insert: Weather}
      mongodb:
        collections:
          weather24h:
            entity: Weather
            timeseries: {timeField: timestamp, metaField: {metadata: [sensorId, type]}, granularity: minutes, expireAfterSeconds: 1d}
      """;

  @Test
  void theCollectionIsCreatedWithItsTimeSeriesOptions() {
    var a = MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", MODEL, Path.of(".")));
    String script = MongoshScript.emit(a);
    assertThat(script)
        .contains(
            """
            db.createCollection("weather24h", {
              "timeseries": {
                "timeField": "timestamp",
                "metaField": "metadata",
                "granularity": "minutes"
              },
              "expireAfterSeconds": 86400
            });
            """)
        .doesNotContain("createIndex");
    assertThat(MongoCommands.create(a.collection("weather24h").orElseThrow()))
        .isEqualTo(
            BsonDocument.parse(
                "{create: 'weather24h', timeseries: {timeField: 'timestamp', metaField:"
                    + " 'metadata', granularity: 'minutes'}, expireAfterSeconds: 86400}"));
  }
}
