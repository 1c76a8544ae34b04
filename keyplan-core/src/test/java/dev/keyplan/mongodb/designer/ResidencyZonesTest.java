package dev.keyplan.mongodb.designer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.designer.DesignWorkloads;
import dev.keyplan.model.Entity;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the places of a residency attribute share a cluster's shards. */
class ResidencyZonesTest {
  private static Collection<Entity> entities(String text) {
    return ModelReader.read("workload.yaml", text, Path.of(".")).entities().values();
  }

  @Test
  void shardsBeyondOneAPlace_goWhereEachShardCarriesMost() {
    // US 50%, EU 35%, APAC 15% on 6 shards: one each (3), then US (50% a shard) → 2, EU (35%)
    // → 2, US (25% beats EU's 17.5%) → 3. APAC 15%, EU 17.5%, US 16.7% a shard; the zones in
    // UTF-8 byte order, APAC < EU < US, each a block of consecutive shards.
    ResidencyZones z = ResidencyZones.of(entities(DesignWorkloads.GLOBAL_SHOP));
    assertThat(z.places()).isEqualTo(3);
    assertThat(z.allocate(6))
        .containsExactly(
            java.util.Map.entry("APAC", List.of(0)),
            java.util.Map.entry("EU", List.of(1, 2)),
            java.util.Map.entry("US", List.of(3, 4, 5)));
    assertThat(z.yaml(3))
        .containsExactly(
            "{name: \"APAC\", min: \"APAC\", max: {after: \"APAC\"}, shards: [0]}",
            "{name: \"EU\", min: \"EU\", max: {after: \"EU\"}, shards: [1]}",
            "{name: \"US\", min: \"US\", max: {after: \"US\"}, shards: [2]}");
  }

  @Test
  void valuesWithoutAShare_splitWhatTheNamedSharesLeave() {
    // values [BR, DE, JP, US], shares {US: 70%}: 30% left over BR, DE and JP, 10% each. On 5
    // shards: one each, then US (70%) → 2. JP (10%) never beats US's 35% a shard.
    String text =
        DesignWorkloads.GLOBAL_SHOP
            .replace("values: [APAC, EU, US]", "values: [BR, DE, JP, US]")
            .replace("{US: 50%, EU: 35%, APAC: 15%}", "{US: 70%}");
    ResidencyZones z = ResidencyZones.of(entities(text));
    assertThat(z.share("JP")).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(z.allocate(5))
        .containsExactly(
            java.util.Map.entry("BR", List.of(0)),
            java.util.Map.entry("DE", List.of(1)),
            java.util.Map.entry("JP", List.of(2)),
            java.util.Map.entry("US", List.of(3, 4)));
  }

  @Test
  void aModelWithoutResidency_hasNoPlaces() {
    ResidencyZones z =
        ResidencyZones.of(entities(DesignWorkloads.GLOBAL_SHOP.replace(", residency: true", "")));
    assertThat(z.isEmpty()).isTrue();
  }
}
