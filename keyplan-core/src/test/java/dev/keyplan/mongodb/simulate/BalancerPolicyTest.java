package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.simulate.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which ranges one balancer round moves, given each shard's data. Sizes are in MiB; the range size
 * is 128 MiB, so two shards must differ by 3 × 128 = 384 MiB before anything moves.
 */
final class BalancerPolicyTest {
  private static final double MIB = 1_048_576;
  private static final double THRESHOLD = 384 * MIB;

  /**
   * A key space of one continuum, cut into {@code chunksPerShard} chunks on each of {@code shards}.
   */
  private static ChunkMap map(int shards, int chunksPerShard, boolean... jumbo) {
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {1e9});
    Density d = Density.of(space, Keys.uniform("k", 1e9));
    ChunkMap map = new ChunkMap(space, shards, List.of(d, d), false);
    int n = shards * chunksPerShard;
    for (int i = 0; i < n; i++) {
      double lo = (double) i / n;
      double hi = i == n - 1 ? Double.POSITIVE_INFINITY : (double) (i + 1) / n;
      map.add(map.chunk(lo, hi, i / chunksPerShard, i < jumbo.length && jumbo[i], Chunk.NEVER));
    }
    return map;
  }

  private static double[] mib(double... sizes) {
    double[] b = sizes.clone();
    for (int i = 0; i < b.length; i++) {
      b[i] *= MIB;
    }
    return b;
  }

  @Test
  void underThreeRanges_nothingMoves() {
    // 500 − 200 = 300 MiB < 384 MiB.
    var s = BalancerPolicy.select(map(2, 2), mib(500, 200), List.of(), THRESHOLD);
    assertThat(s.moves()).isEmpty();
    assertThat(s.jumboOnly()).isEmpty();
  }

  @Test
  void overThreeRanges_theMostLoadedGivesItsFirstChunkToTheLeastLoaded() {
    // Ideal 1,150 / 3 = 383 MiB; shard0 (1,000) is over it, shard2 (50) under, 950 ≥ 384 apart.
    ChunkMap map = map(3, 2);
    var s = BalancerPolicy.select(map, mib(1_000, 100, 50), List.of(), THRESHOLD);
    assertThat(s.moves()).hasSize(1);
    assertThat(s.moves().get(0).chunk().shard()).isEqualTo(0);
    assertThat(s.moves().get(0).chunk().lo()).isEqualTo(0.0);
    assertThat(s.moves().get(0).to()).isEqualTo(2);
  }

  @Test
  void aShardTakesPartInOneMigrationARound() {
    // All data on shard0 of 5: one donor, so one migration however many shards are empty.
    var s = BalancerPolicy.select(map(5, 1), mib(2_000, 0, 0, 0, 0), List.of(), THRESHOLD);
    assertThat(s.moves()).hasSize(1);
  }

  @Test
  void atMostHalfTheShardsMigrateAtOnce() {
    // 6 shards, three full and three empty: ⌊6 / 2⌋ = 3 migrations, each pairing a donor and a
    // recipient.
    var s =
        BalancerPolicy.select(map(6, 1), mib(1_000, 1_000, 1_000, 0, 0, 0), List.of(), THRESHOLD);
    assertThat(s.moves()).hasSize(3);
    assertThat(s.moves().stream().map(m -> m.chunk().shard())).containsExactly(0, 1, 2);
    assertThat(s.moves().stream().map(BalancerPolicy.Move::to)).containsExactly(3, 4, 5);
  }

  @Test
  void jumboChunks_areSkipped() {
    // shard0's first chunk is jumbo: the range starts at its second.
    ChunkMap map = map(2, 2, true);
    var s = BalancerPolicy.select(map, mib(1_000, 0), List.of(), THRESHOLD);
    assertThat(s.moves()).hasSize(1);
    assertThat(s.moves().get(0).chunk().lo()).isEqualTo(0.25);
  }

  @Test
  void aShardWithOnlyJumboChunks_cannotBeBalanced() {
    // shard0 holds one chunk, jumbo, 1,000 MiB ahead: nothing moves, and the round says why.
    ChunkMap map = map(2, 1, true);
    var s = BalancerPolicy.select(map, mib(1_000, 0), List.of(), THRESHOLD);
    assertThat(s.moves()).isEmpty();
    assertThat(s.jumboOnly()).containsExactly(0);
  }

  @Test
  void aChunkOutsideItsZone_movesEvenWhenBalanced() {
    // Zone Z is [0.5, MaxKey) on shard1; shard0 holds [0.5, 0.75): a zone violation, moved first
    // whatever the sizes.
    ChunkMap map = map(2, 2);
    ZoneRange z = new ZoneRange("Z", 0.5, Double.POSITIVE_INFINITY, List.of(1));
    ChunkMap zoned = new ChunkMap(map.space(), 2, List.of(), false);
    zoned.add(zoned.chunk(0, 0.5, 0, false, Chunk.NEVER));
    zoned.add(zoned.chunk(0.5, 0.75, 0, false, Chunk.NEVER));
    zoned.add(zoned.chunk(0.75, Double.POSITIVE_INFINITY, 1, false, Chunk.NEVER));
    var s = BalancerPolicy.select(zoned, mib(300, 300), List.of(z), THRESHOLD);
    assertThat(s.moves()).hasSize(1);
    assertThat(s.moves().get(0).chunk().lo()).isEqualTo(0.5);
    assertThat(s.moves().get(0).to()).isEqualTo(1);
    assertThat(s.moves().get(0).reason()).contains("zone violation");
  }

  @Test
  void theDonor_isTheMostLoadedShardOfTheCluster_evenOutsideTheZone() {
    // Zone A is [0, 0.5) on shards 0 and 1, zone B [0.5, MaxKey) on shards 2 and 3. B's shards
    // hold more (900 MiB each) than A's (600 and 0): for zone A the donor is shard2, which holds
    // no chunk of A, so A's 600 MiB gap stays, as BalancerPolicy::_getMostOverloadedShard does not
    // look at the zone.
    ChunkMap zoned = new ChunkMap(map(1, 1).space(), 4, List.of(), false);
    zoned.add(zoned.chunk(0, 0.5, 0, false, Chunk.NEVER));
    zoned.add(zoned.chunk(0.5, 0.75, 2, false, Chunk.NEVER));
    zoned.add(zoned.chunk(0.75, Double.POSITIVE_INFINITY, 3, false, Chunk.NEVER));
    List<ZoneRange> zones =
        List.of(
            new ZoneRange("A", 0, 0.5, List.of(0, 1)),
            new ZoneRange("B", 0.5, Double.POSITIVE_INFINITY, List.of(2, 3)));
    var s = BalancerPolicy.select(zoned, mib(600, 0, 900, 900), zones, THRESHOLD);
    assertThat(s.moves()).isEmpty();
  }
}
