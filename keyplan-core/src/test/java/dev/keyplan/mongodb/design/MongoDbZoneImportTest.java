package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zones from a sharding file (issue 17 §5; docs/mongodb-import.md, "Zones"): the shard key and
 * shard count a model's zones rest on, and the zones themselves from config.shards {@code tags} and
 * config.tags documents.
 *
 * <p>The design is the MongoDB manual's "Segmenting Data by Location"
 * (https://www.mongodb.com/docs/manual/tutorial/sharding-segmenting-data-by-location/): chat
 * messages sharded on {@code {country: 1, userid: 1}}, a North American zone NA and a European one
 * EU, each country's range from {@code {country: c, userid: MinKey}} to {@code {country: c, userid:
 * MaxKey}}. The files are written as mongosh 2 prints {@code
 * db.getSiblingDB("config").shards.find()} and {@code .tags.find()} (MongoshTextTest: two-space
 * indents, single quotes, {@code ObjectId('…')}, {@code MinKey()}), the shard documents' {@code
 * tags} as listShards shows them (MongoDB manual, "listShards": {@code "tags": [ "NYC" ]}).
 *
 * <p>The shares are the model's: US 45%, UK 20%, DE 20%, and MX, the fourth value of the
 * enumeration, the rest, 15%. MongoDbZones gives each zone its values' share, spread evenly over
 * its shards, and the values of no zone over every shard (MongoDB manual, "Zones in Sharded
 * Clusters").
 */
final class MongoDbZoneImportTest {
  @TempDir Path dir;

  private static final String MODEL =
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
          count: 100M
          spread:
            country: {shares: {US: 45%, UK: 20%, DE: 20%}}
            userid: {distinct: 10k, belongs_to: country}
      patterns:
        - {id: by-user, rate: 100/s, query: Message where country = ? and userid = ?}
      mongodb:
        sharding_file: sh.js
      """;

  /** config.collections: the shard key; config.shards: four shards, NA on the first two. */
  private static final String CLUSTER =
      """
      [
        {
          _id: 'chat.messages',
          lastmodEpoch: ObjectId('65a1b2c3d4e5f60718293a4b'),
          lastmod: ISODate('2026-11-30T10:00:00.000Z'),
          timestamp: Timestamp({ t: 1764496800, i: 4 }),
          key: { country: 1, userid: 1 },
          unique: false
        },
        { _id: 'shard01', host: 'shard01/a:27018', state: 1, tags: [ 'NA' ] },
        { _id: 'shard02', host: 'shard02/b:27018', state: 1, tags: [ 'NA' ] },
        { _id: 'shard03', host: 'shard03/c:27018', state: 1, tags: [ 'EU' ] },
        { _id: 'shard04', host: 'shard04/d:27018', state: 1, tags: [ 'EU' ] }
      """;

  /** config.tags: the manual's three ranges. */
  private static final String TAGS =
      """
        {
          _id: ObjectId('65a1b2c3d4e5f60718293a51'),
          ns: 'chat.messages',
          min: { country: 'US', userid: MinKey() },
          max: { country: 'US', userid: MaxKey() },
          tag: 'NA'
        },
        {
          _id: ObjectId('65a1b2c3d4e5f60718293a52'),
          ns: 'chat.messages',
          min: { country: 'UK', userid: MinKey() },
          max: { country: 'UK', userid: MaxKey() },
          tag: 'EU'
        },
        {
          _id: ObjectId('65a1b2c3d4e5f60718293a53'),
          ns: 'chat.messages',
          min: { country: 'DE', userid: MinKey() },
          max: { country: 'DE', userid: MaxKey() },
          tag: 'EU'
        }
      ]
      """;

  private MongoDbAnalysis analyze(String collections, String sharding) throws IOException {
    Files.writeString(dir.resolve("sh.js"), sharding);
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", MODEL + collections, dir));
  }

  private List<String> errors(String collections, String sharding) throws IOException {
    try {
      analyze(collections, sharding);
    } catch (InputException e) {
      return e.diagnostics().stream()
          .map(Diagnostic::toString)
          .map(s -> s.replace(dir + "/", ""))
          .toList();
    }
    throw new AssertionError("no error");
  }

  private static final String BARE =
      """
        collections:
          messages: {entity: Message}
      """;

  @Test
  void zonesOfConfigTags_areOnTheShardsWhoseTagsNameThem() throws IOException {
    // Shard numbers are the config.shards documents' order: shard01 → 0 … shard04 → 3, so NA is
    // on [0, 1] and EU on [2, 3]. {country: 'US', userid: MaxKey} ends after every US message and
    // before any greater country: the string "US" followed by U+0000, the least string above "US"
    // in byte order. Each zone is placed at its config.tags document: the first starts at column 4
    // of line 14, after the "," that joins the two texts.
    MongoDbAnalysis a = analyze(BARE, CLUSTER + "," + TAGS);
    MongoDbCollection c = a.collection("messages").orElseThrow();
    String file = dir.resolve("sh.js").toString();
    assertThat(a.design().shards()).isEqualTo(4);
    assertThat(c.zones())
        .containsExactly(
            new Zone("NA", "US", "US\u0000", List.of("0", "1"), new Location(file, 14, 4)),
            new Zone("EU", "UK", "UK\u0000", List.of("2", "3"), new Location(file, 21, 3)),
            new Zone("EU", "DE", "DE\u0000", List.of("2", "3"), new Location(file, 28, 3)));
    // NA holds the US, 45%, over 2 shards: 22.5% each; EU the UK and DE, 40%, over 2: 20% each;
    // MX, in no zone, 15% over all 4: 3.75% each. Shards 0 and 1 hold 22.5 + 3.75 = 26.25%, the
    // busiest; 2 and 3 hold 20 + 3.75 = 23.75%.
    // Outputs print the bound after US as US, closed: [US, US] is every US message.
    assertThat(MongoDbZones.range(c.zones().get(0))).isEqualTo("[US, US]");
    List<MongoDbZones.Placement> p = a.zones(c);
    assertThat(p.get(0).share()).isCloseTo(0.45, within(1e-12));
    assertThat(p.get(0).perShardShare()).isCloseTo(0.2625, within(1e-12));
    assertThat(p.get(1).share()).isCloseTo(0.20, within(1e-12));
    assertThat(p.get(1).perShardShare()).isCloseTo(0.2375, within(1e-12));
    assertThat(MongoDbZones.busiestShardShare(c, 4, 4)).isCloseTo(0.2625, within(1e-12));
  }

  @Test
  void zonesWrittenInTheModel_mayRestOnTheFilesShardKeyAndShardCount() throws IOException {
    // The model writes no shard_key: and no shards:, only the zones; the file gives
    // {country: 1, userid: 1} and 4 shards. Before issue 17 §5 this was an error of the model
    // reader, "zones pin shard key ranges to shards; collection 'messages' has no shard_key", and
    // shard 3 was beyond the default 1 shard. The placement is the imported zones' above.
    MongoDbAnalysis a =
        analyze(
            """
              collections:
                messages:
                  entity: Message
                  zones:
                    - {name: NA, min: US, max: UT, shards: [0, 1]}
                    - {name: EU, min: DE, max: DF, shards: [2, 3]}
                    - {name: EU, min: UK, max: UL, shards: [2, 3]}
            """,
            CLUSTER + "]");
    MongoDbCollection c = a.collection("messages").orElseThrow();
    assertThat(c.shardKey().orElseThrow().fields()).containsExactly("country", "userid");
    assertThat(MongoDbZones.busiestShardShare(c, 4, 4)).isCloseTo(0.2625, within(1e-12));
  }

  @Test
  void zonesInBoth_mustBeTheSame_andTheModelsAreKept() throws IOException {
    String same =
        """
          collections:
            messages:
              entity: Message
              zones:
                - {name: EU, min: DE, max: {after: DE}, shards: [3, 2]}
                - {name: NA, min: US, max: {after: US}, shards: [0, 1]}
                - {name: EU, min: UK, max: {after: UK}, shards: [2, 3]}
        """;
    MongoDbCollection c = analyze(same, CLUSTER + "," + TAGS).collection("messages").orElseThrow();
    assertThat(c.zones()).hasSize(3);
    assertThat(c.zones().get(0).location().file()).isEqualTo("m.yaml");

    String other = same.replace("max: {after: US}", "max: UT");
    assertThat(errors(other, CLUSTER + "," + TAGS))
        .containsExactly(
            "m.yaml:23:11: error: collection 'messages' has zones in the model and in the sharding"
                + " file (sh.js:14:4) that differ: NA [US, US\\u0000) on shards [0, 1] in the file"
                + " only; NA [US, UT) on shards [0, 1] in the model only; keep one: remove zones:"
                + " from the model to take the file's, or leave the config.tags documents out of"
                + " the file");
  }

  @Test
  void aModelZoneOnAShardTheFileDoesNotHave_isAnError() throws IOException {
    // The file lists 4 shards, 0 to 3.
    assertThat(
            errors(
                """
                  collections:
                    messages:
                      entity: Message
                      zones:
                        - {name: NA, min: US, max: UT, shards: [4]}
                """,
                CLUSTER + "]"))
        .containsExactly(
            "m.yaml:23:11: error: zone 'NA' names shard 4 but the mongodb design has 4 shards (0 to"
                + " 3)");
  }

  @Test
  void aZoneOnNoShard_isAnError() throws IOException {
    // No config.shards document has tags: ['APAC'].
    String tags =
        """
          { ns: 'chat.messages', min: { country: 'AU' }, max: { country: 'AV' }, tag: 'APAC' }
        ]
        """;
    assertThat(errors(BARE, CLUSTER + ",\n" + tags))
        .containsExactly(
            "sh.js:15:3: error: zone range 'APAC' of 'chat.messages' is on no shard: no"
                + " config.shards document that is not draining has it in its tags");
  }

  @Test
  void aBoundOnALaterField_isAnErrorThatSaysWhatIsNotSupported() throws IOException {
    // {country: 'JP', userid: Long('5')} bounds userid by a value, which a zone of the first field
    // cannot say. The file's own problems are reported before the merge's.
    String tags =
        """
          { ns: 'chat.messages', min: { country: 'AU' }, max: { country: 'AV' }, tag: 'APAC' },
          {
            ns: 'chat.messages',
            min: { country: 'JP', userid: MinKey() },
            max: { country: 'JP', userid: Long('5') },
            tag: 'NA'
          }
        ]
        """;
    assertThat(errors(BARE, CLUSTER + ",\n" + tags))
        .containsExactly(
            "sh.js:19:27: error: the zone range's max bounds 'userid' too; keyplan's zones bound"
                + " the first shard key field ('country') only, so it reads a bound whose later"
                + " fields are all MinKey or all MaxKey ({country: \"US\", userid: MinKey}); this"
                + " one is not supported");
  }
}
