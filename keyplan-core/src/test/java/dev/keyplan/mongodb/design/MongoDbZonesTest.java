package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where zones put the data (MongoDB manual, "Zones in Sharded Clusters"): each zone's ranges on its
 * shards, the rest on every shard; the busiest shard's share is what heat needs.
 */
final class MongoDbZonesTest {
  /** Seed 004's regions on 6 shards: APAC on 0–1, EU on 2–3, US on 4–5. */
  private static MongoDbAnalysis regions(String spread, String zones) {
    String yaml =
        """
        model: regions
        horizon: 1y
        entities:
          Customer:
            attributes:
              customer_id: uuid
              region_code: {type: text, values: [APAC, EU, US]}
              name: {type: text, size: 40B}
            key: [customer_id]
            count: 30M
            spread:
              region_code: %s
        patterns:
          - id: customer
            rate: 6k/s
            query: Customer where region_code = ? and customer_id = ?
        mongodb:
          shards: 6
          collections:
            customers:
              entity: Customer
              shard_key: {region_code: 1, customer_id: 1}
              zones:
        %s
        """
            .formatted(spread, zones);
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", yaml, Path.of(".")));
  }

  private static String zones(String... zones) {
    return String.join("\n", java.util.Arrays.stream(zones).map(z -> "        - " + z).toList());
  }

  private static final String THREE_ZONES =
      zones(
          "{name: APAC, min: APAC, max: EU, shards: [0, 1]}",
          "{name: EU, min: EU, max: US, shards: [2, 3]}",
          "{name: US, min: US, max: MaxKey, shards: [4, 5]}");

  @Test
  void namedShares_eachZoneOnItsShards() {
    // US 45% over shards 4–5: 22.5% each; EU 35% over 2–3: 17.5%; APAC 20% over 0–1: 10%.
    MongoDbCollection c =
        regions("{shares: {US: 45%, EU: 35%, APAC: 20%}}", THREE_ZONES).collections().get(0);
    List<MongoDbZones.Placement> p = MongoDbZones.of(c, 6);
    assertThat(p).extracting(MongoDbZones.Placement::share).containsExactly(0.20, 0.35, 0.45);
    assertThat(p.get(2).perShardShare()).isCloseTo(0.225, within(1e-12));
    assertThat(MongoDbZones.busiestShardShare(c, 6, 6)).isCloseTo(0.225, within(1e-12));
  }

  @Test
  void theBusiestShardCarriesItsZonesShareOfTheTargetedLoad() {
    // Each read names the customer (one document of 30M: b ≈ 3.3e-8), so the busiest shard takes
    // b + (1 − b) × 22.5% of the 6,000 reads/s ≈ 1,350/s, not the even 6,000 / 6 = 1,000/s.
    MongoDbAnalysis a = regions("{shares: {US: 45%, EU: 35%, APAC: 20%}}", THREE_ZONES);
    assertThat(a.shards().get(0).reads()).isCloseTo(1_350, within(0.01));
  }

  @Test
  void theRestOfAnEnumeration_isSpreadOverItsUnnamedValues() {
    // US 60% named: EU and APAC have 20% each. The one zone pins US to shard 5; the other 40% is in
    // no zone and spreads over all 6 shards (6.7% each), so shard 5 carries 60% + 6.7% = 66.7%.
    String oneZone = zones("{name: US, min: US, max: MaxKey, shards: [5]}");
    MongoDbCollection c = regions("{shares: {US: 60%}}", oneZone).collections().get(0);
    assertThat(MongoDbZones.valueShares(c).values())
        .containsEntry("EU", 0.2)
        .containsEntry("APAC", 0.2);
    assertThat(MongoDbZones.busiestShardShare(c, 6, 6)).isCloseTo(0.6 + 0.4 / 6, within(1e-12));
  }

  /** The manual's "Segmenting Data by Location": countries, some named, the others not known. */
  private static MongoDbCollection countries(String zones) {
    String yaml =
        """
        model: countries
        horizon: 1y
        entities:
          Message:
            attributes:
              message_id: uuid
              country: {type: text, size: 2B}
            key: [message_id]
            count: 1M
            spread:
              country: {distinct: 50, shares: {US: 40%%, DE: 20%%, FR: 10%%}}
        patterns:
          - id: m
            rate: 1k/s
            query: Message where country = ? and message_id = ?
        mongodb:
          shards: 3
          collections:
            messages:
              entity: Message
              shard_key: {country: 1, message_id: 1}
              zones:
        %s
        """
            .formatted(zones);
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", yaml, Path.of(".")))
        .collections()
        .get(0);
  }

  @Test
  void unnamedValues_areTakenAsInNoZone_whenEveryZoneHoldsANamedOne() {
    // US 40%, DE 20% and FR 10% named; the 47 other countries' 30% are not known by name. Every
    // zone holds a named country, so they are taken as in no zone, over all 3 shards (10% each):
    // shards 0–1 carry (20% + 10%) / 2 + 10% = 25% each, shard 2 the US's 40% + 10% = 50%.
    MongoDbCollection c =
        countries(
            zones(
                "{name: EU, min: DE, max: DF, shards: [0, 1]}",
                "{name: EU, min: FR, max: FS, shards: [0, 1]}",
                "{name: NA, min: US, max: UT, shards: [2]}"));
    List<MongoDbZones.Placement> p = MongoDbZones.of(c, 3);
    assertThat(p).extracting(MongoDbZones.Placement::share).containsExactly(0.2, 0.1, 0.4);
    assertThat(p.get(0).perShardShare()).isCloseTo(0.25, within(1e-12));
    assertThat(p.get(2).perShardShare()).isCloseTo(0.5, within(1e-12));
    assertThat(p.get(0).unnamedOutside()).isCloseTo(0.3, within(1e-12));
    assertThat(MongoDbZones.busiestShardShare(c, 3, 3)).isCloseTo(0.5, within(1e-12));
    // A zone holding no named country would rest on the assumption alone: unknown.
    c =
        countries(
            zones(
                "{name: NA, min: US, max: UT, shards: [2]}",
                "{name: X, min: A, max: B, shards: [0]}"));
    assertThat(MongoDbZones.busiestShardShare(c, 3, 3)).isNaN();
    assertThat(MongoDbZones.of(c, 3).get(0).unnamedOutside()).isZero();
  }

  @Test
  void withoutSharesOrUniformity_theZonesLoadIsUnknown() {
    // The busiest region takes 45%, but which one is not said: no zone's share can be known.
    MongoDbCollection c = regions("{busiest: 45%}", THREE_ZONES).collections().get(0);
    assertThat(MongoDbZones.of(c, 6).get(0).share()).isNaN();
    assertThat(MongoDbZones.busiestShardShare(c, 6, 6)).isNaN();
    // With no busiest at all an enumeration is uniform: each region a third, over 2 shards: 1/6.
    c = regions("{distinct: 3}", THREE_ZONES).collections().get(0);
    assertThat(MongoDbZones.busiestShardShare(c, 6, 6)).isCloseTo(1.0 / 6, within(1e-12));
  }

  @Test
  void stringsCompareByteByByteInUtf8() {
    // "EU" ≤ "EU" < "US": the EU zone [EU, US) holds EU but not US; "APAC" < "EU" so APAC is in
    // [APAC, EU). Byte order, as MongoDB's simple collation compares strings.
    MongoDbCollection c =
        regions("{shares: {US: 45%, EU: 35%, APAC: 20%}}", THREE_ZONES).collections().get(0);
    assertThat(MongoDbZones.of(c, 6).get(1).share()).isCloseTo(0.35, within(1e-12));
  }
}
