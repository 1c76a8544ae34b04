package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zones imported from config.tags drive the simulated balancer as written ones do: the MongoDB
 * manual's "Segmenting Data by Location" ranges, {@code {country: "US", userid: MinKey}} to {@code
 * {country: "US", userid: MaxKey}} on zone NA (shard01, shard02 → shards 0 and 1) and the UK's and
 * Germany's on EU (shards 2 and 3), as MongoDbZoneImportTest reads them. The balancer keeps a
 * zone's chunks on its shards (MongoDB manual, "Zones in Sharded Clusters"): after an hour every
 * chunk holding the US is on shard0 or shard1, every one holding the UK or DE on shard2 or shard3.
 */
final class ImportedZonesSimulationTest {
  @TempDir Path dir;

  @Test
  void eachCountryEndsOnItsZonesShards() throws IOException {
    Files.writeString(
        dir.resolve("sh.js"),
        """
        [
          { _id: 'chat.messages', key: { country: 1, userid: 1 } },
          { _id: 'shard01', host: 'shard01/a:27018', tags: [ 'NA' ] },
          { _id: 'shard02', host: 'shard02/b:27018', tags: [ 'NA' ] },
          { _id: 'shard03', host: 'shard03/c:27018', tags: [ 'EU' ] },
          { _id: 'shard04', host: 'shard04/d:27018', tags: [ 'EU' ] },
          { ns: 'chat.messages', min: { country: 'US', userid: MinKey() },
            max: { country: 'US', userid: MaxKey() }, tag: 'NA' },
          { ns: 'chat.messages', min: { country: 'UK', userid: MinKey() },
            max: { country: 'UK', userid: MaxKey() }, tag: 'EU' },
          { ns: 'chat.messages', min: { country: 'DE', userid: MinKey() },
            max: { country: 'DE', userid: MaxKey() }, tag: 'EU' }
        ]
        """);
    var model =
        ModelReader.read(
            "m.yaml",
            """
            model: chat
            horizon: 1y
            entities:
              Message:
                attributes:
                  message_id: uuid
                  country: {type: text, size: 2B, values: [US, UK, DE, MX]}
                  userid: bigint
                  body: {type: text, size: 200B}
                key: [message_id]
                count: 10M
                spread:
                  country: {shares: {US: 45%, UK: 20%, DE: 20%}}
                  userid: {distinct: 10k, belongs_to: country}
            patterns:
              - {id: by-user, rate: 100/s, query: Message where country = ? and userid = ?}
            mongodb:
              sharding_file: sh.js
              collections:
                messages: {entity: Message}
            """,
            dir);
    MongoDbRun r =
        MongoDbSimulator.run(
            MongoDbAnalyzer.analyze(model),
            MongoDbSetup.DEFAULTS,
            SimulationSettings.of(4, 3_600, SimulationSettings.Mode.AGGREGATE),
            Optional.empty(),
            Progress.NONE);
    assertThat(r.chunksHolding("US"))
        .isNotEmpty()
        .allMatch(c -> c.shard().equals("shard0") || c.shard().equals("shard1"));
    for (String eu : new String[] {"UK", "DE"}) {
      assertThat(r.chunksHolding(eu))
          .isNotEmpty()
          .allMatch(c -> c.shard().equals("shard2") || c.shard().equals("shard3"));
    }
  }
}
