package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.simulate.Keys;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The chunks a collection starts with (the project's MongoDB notes, §2.7 and §3). */
final class InitialChunksTest {
  @Test
  void hashedSplitPoints_areTheServersForTwoToFiveChunks() {
    // interval = ⌊(2⁶³ − 1) / n⌋ × 2; even n: 0 and ±interval…; odd n: ±interval / 2, ±(interval /
    // 2
    // + interval)…, as the notes computed them from initial_split_policy.cpp.
    assertThat(InitialChunks.hashedSplitPoints(1)).isEmpty();
    assertThat(InitialChunks.hashedSplitPoints(2)).containsExactly(0L);
    assertThat(InitialChunks.hashedSplitPoints(3))
        .containsExactly(-3074457345618258602L, 3074457345618258602L);
    assertThat(InitialChunks.hashedSplitPoints(4))
        .containsExactly(-4611686018427387902L, 0L, 4611686018427387902L);
    assertThat(InitialChunks.hashedSplitPoints(5))
        .containsExactly(
            -5534023222112865483L,
            -1844674407370955161L,
            1844674407370955161L,
            5534023222112865483L);
  }

  @Test
  void anEmptyHashedCollection_getsOneChunkPerShard() {
    // 7.2+: n chunks for n shards, dealt out in a shuffled order, so each shard has exactly one.
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(true, false), List.of(), new double[0], new double[] {1e9});
    Density d = Density.of(space, Keys.uniform("k", 1e9));
    ChunkMap map = new ChunkMap(space, 4, List.of(d, d), false);
    InitialChunks.place(map, List.of(), MongoDbSetup.Start.EMPTY, new SplittableRandom(1));
    assertThat(map.size()).isEqualTo(4);
    for (int s = 0; s < 4; s++) {
      assertThat(map.chunkCount(s)).isEqualTo(1);
    }
    // An even hash spreads a quarter of the values into each chunk.
    for (Chunk c : map.chunks()) {
      assertThat(c.mass(0)).isCloseTo(0.25, org.assertj.core.api.Assertions.within(1e-12));
    }
    assertThat(map.chunks().stream().map(c -> space.label(c.lo())))
        .containsExactly(
            "MinKey", "hash -4611686018427387902", "hash 0", "hash 4611686018427387902");
  }

  @Test
  void aPopulatedCollection_startsInOneChunkOnThePrimaryShard() {
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(true, false), List.of(), new double[0], new double[] {1e9});
    Density d = Density.of(space, Keys.uniform("k", 1e9));
    ChunkMap map = new ChunkMap(space, 4, List.of(d, d), false);
    InitialChunks.place(map, List.of(), MongoDbSetup.Start.POPULATED, new SplittableRandom(1));
    assertThat(map.size()).isEqualTo(1);
    assertThat(map.chunkCount(0)).isEqualTo(1);
  }

  @Test
  void anEmptyCollectionWithZones_getsAChunkPerZoneOnItsShards() {
    // Zones [0.2, 0.5) on shard 2 and [0.5, MaxKey) on shards 1 and 3: chunks MinKey–0.2 (no zone,
    // first in turn: shard0), 0.2–0.5 on shard2, 0.5–MaxKey on shard1 (the zone's first).
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {1e9});
    Density d = Density.of(space, Keys.uniform("k", 1e9));
    ChunkMap map = new ChunkMap(space, 4, List.of(d, d), false);
    List<ZoneRange> zones =
        List.of(
            new ZoneRange("A", 0.2, 0.5, List.of(2)),
            new ZoneRange("B", 0.5, Double.POSITIVE_INFINITY, List.of(1, 3)));
    InitialChunks.place(map, zones, MongoDbSetup.Start.EMPTY, new SplittableRandom(1));
    assertThat(map.chunks().stream().map(Chunk::shard)).containsExactly(0, 2, 1);
  }
}
