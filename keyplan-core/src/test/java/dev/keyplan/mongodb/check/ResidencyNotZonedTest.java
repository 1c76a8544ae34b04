package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ResidencyNotZoned: a residency attribute's places must each be one zone of its own shards, on a
 * shard key led by the attribute (MongoDB manual, "Segmenting Data by Location"); anything less
 * lets the balancer store a place's documents elsewhere.
 */
final class ResidencyNotZonedTest {
  private final RuleTester tester = RuleTester.of(ResidencyNotZoned.class);

  private static final String WORKLOAD =
      """
      model: residency
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            region: {type: text, values: [APAC, EU, US], residency: true}
            name: {type: text, size: 40B}
          key: [customer_id]
          count: 10M
          spread:
            region: {shares: {US: 50%, EU: 35%, APAC: 15%}}
        Note:
          attributes: {note_id: uuid, body: {type: text, size: 100B}}
          key: [note_id]
          count: 1k
      patterns:
        - id: customer
          rate: 100/s
          query: Customer where region = ? and customer_id = ?
        - id: note
          rate: 1/s
          query: Note where note_id = ?
      """;

  @Test
  void everyPlaceInAZoneOfItsOwnShards_isClean() {
    // APAC → 0, EU → 1, US → 2 and 3: each place one zone, no shard shared. Notes have no
    // residency attribute and stay unsharded without a finding.
    List<Finding> found =
        tester
            .model(
                WORKLOAD
                    + """
      mongodb:
        shards: 4
        collections:
          customers:
            entity: Customer
            indexes: [{region: 1, _id: 1}]
            shard_key: {region: 1, _id: 1}
            zones:
              - {name: APAC, min: APAC, max: {after: APAC}, shards: [0]}
              - {name: EU, min: EU, max: {after: EU}, shards: [1]}
              - {name: US, min: US, max: {after: US}, shards: [2, 3]}
          notes:
            entity: Note
      """)
            .expectMarkedFindings();
    assertThat(found).isEmpty();
  }

  @Test
  void aPlaceInNoZone_twoPlacesInOne_andAnUnshardedCollection_areErrors() {
    // Zone EU_US spans [EU, {after: US}): both EU and US lie in it, so they share shard 1; APAC
    // is in no zone. The archive collection of the same entity is not sharded at all.
    List<Finding> found =
        tester
            .model(
                WORKLOAD
                    + """
      mongodb:
        shards: 2
        collections:
          customers: # FINDING: ResidencyNotZoned [error]: APAC is in no zone
            entity: Customer
            indexes: [{region: 1, _id: 1}]
            shard_key: {region: 1, _id: 1}
            zones:
              - {name: EU_US, min: EU, max: {after: US}, shards: [1]}
          customers_archive: # FINDING: ResidencyNotZoned [error]: it is not sharded
            entity: Customer
      """)
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .endsWith(
            "but APAC is in no zone, so the balancer may move its documents to any shard; EU and"
                + " US share zone EU_US, so they share its shards");
    assertThat(found.get(1).message())
        .endsWith("but it is not sharded: every document lives on its primary shard, in one place");
  }

  @Test
  void aShardKeyNotLedByThePlace_isAnError() {
    // {_id: hashed} spreads every place's documents over every shard; no zone can be drawn.
    List<Finding> found =
        tester
            .model(
                WORKLOAD
                    + """
      mongodb:
        shards: 3
        collections:
          customers: # FINDING: ResidencyNotZoned [error]: does not lead with region
            entity: Customer
            shard_key: {_id: hashed}
      """)
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .contains("its shard key {_id: \"hashed\"} does not lead with region");
  }
}
