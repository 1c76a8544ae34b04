package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.simulate.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * autoSplitVector's split points as the simulator computes them. Documents are 1,000 bytes and the
 * range size 1,000,000 bytes, so M = 1,000 documents a chunk.
 */
final class ChunkSplitPointsTest {
  private static final long DOC = 1_000;
  private static final double M = 1_000;

  /** One gap piece of {@code docs} documents, each its own shard key value. */
  private static Data continuum(double docs) {
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {docs});
    Density d = Density.of(space, Keys.uniform("k", 1e9));
    Data data = new Data(space, d, d, docs * DOC, DOC, 0, false);
    data.advanceTo(0);
    return data;
  }

  @Test
  void aLargeRange_givesItsFirstPointAfterMDocuments() {
    // The M-th document's key is the split point, so the range below it holds M − 1 = 999.
    double docs = 5_000;
    Data data = continuum(docs);
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {docs});
    List<Double> p = ChunkSplitPoints.of(data, space, 0, 1, M, 1);
    assertThat(p).hasSize(1);
    assertThat(data.documents(0, p.get(0))).isCloseTo(999, within(1e-6));
  }

  @Test
  void aRangeUnderOneAndAThirdM_movesWhole() {
    // 1,200 documents: after the point at document 999 the scan counts 200 more; moving the point
    // would make chunks of M − ⌊800 / 2⌋ = 600, and 200 < M − 600, so the point is dropped.
    double docs = 1_200;
    Data data = continuum(docs);
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {docs});
    assertThat(ChunkSplitPoints.of(data, space, 0, 1, M, 1)).isEmpty();
  }

  @Test
  void aRangeOfOneAndAHalfM_splitsInHalves() {
    // 1,500 documents: after the point at document 999 the scan counts 500 more, under 80% of M
    // but not under M − 750, so the point moves to M − ⌊(M − 500) / 2⌋ = 750 documents, counting
    // the first key as 1: document 749's key, with 749 below it.
    double docs = 1_500;
    Data data = continuum(docs);
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {docs});
    List<Double> p = ChunkSplitPoints.of(data, space, 0, 1, M, 1);
    assertThat(p).hasSize(1);
    assertThat(data.documents(0, p.get(0))).isCloseTo(749, within(1e-6));
  }

  @Test
  void allPoints_repositionTheLastThreeWhenTheTailIsSmall() {
    // 5,500 documents: points at documents 999, 1,999, 2,999, 3,999 and 4,999; after the last the
    // scan counts 500 more, under 80% of M. The last 3 points are recomputed from the 2nd with M −
    // ⌊(M − 500) / 4⌋ = 875 documents a chunk, the restart counting the 2nd point's own document
    // first: chunks of 999, 1,000, 874, 875, 875 and the 877 left.
    double docs = 5_500;
    Data data = continuum(docs);
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {docs});
    List<Double> p = ChunkSplitPoints.of(data, space, 0, 1, M, 0);
    assertThat(p).hasSize(5);
    double[] sizes = new double[6];
    double lo = 0;
    for (int i = 0; i < 5; i++) {
      sizes[i] = data.documents(lo, p.get(i));
      lo = p.get(i);
    }
    sizes[5] = data.documents(lo, 1);
    assertThat(sizes).containsExactly(new double[] {999, 1_000, 874, 875, 875, 877}, within(1e-6));
  }

  @Test
  void oneShardKeyValue_hasNoSplitPoint() {
    // A point piece with one value: the range's first and last documents share the key.
    KeySpace space =
        KeySpace.ordered(
            "k",
            new ValueOrder(false, false),
            List.of("US"),
            new double[] {0.5},
            new double[] {0, 1, 0});
    Density d = Density.of(space, Keys.single("k", "US"));
    Data data = new Data(space, d, d, 3_000_000 * DOC, DOC, 0, false);
    assertThat(ChunkSplitPoints.of(data, space, 1, 2, M, 0)).isEmpty();
  }

  @Test
  void aHeavyFirstValue_isNeverCut_theSplitComesAfterIt() {
    // US (3,000 documents, one value) then XX (500 documents): the M-th document is a US one, the
    // same key as the chunk's first, so the scan goes on to the next value: the one split point is
    // where XX starts, and the US stays whole in the range below it.
    KeySpace space =
        KeySpace.ordered(
            "k",
            new ValueOrder(false, false),
            List.of("US", "XX"),
            new double[] {0.3, 0.6},
            new double[] {0, 1, 0, 1, 0});
    Density d =
        Density.of(
            space,
            new Keys(
                "k", 2, new double[] {3_000.0 / 3_500, 500.0 / 3_500}, List.of("US", "XX"), false));
    Data data = new Data(space, d, d, 3_500 * DOC, DOC, 0, false);
    List<Double> p = ChunkSplitPoints.of(data, space, 0, Double.POSITIVE_INFINITY, M, 1);
    assertThat(p).containsExactly(3.0);
    assertThat(data.documents(0, 3)).isCloseTo(3_000, within(1e-6));
  }

  @Test
  void splitPoints_fallOnValueBounds() {
    // A point of 4 values (say plan: free, team, pro, enterprise under one country), 1,000
    // documents
    // each: the M-th document (the 1,000th) is the last of the first value, whose key is the first
    // value's, so the point is at the second value: a quarter into the piece.
    KeySpace space =
        KeySpace.ordered(
            "k",
            new ValueOrder(false, false),
            List.of("US"),
            new double[] {0.5},
            new double[] {0, 4, 0});
    Density d = Density.of(space, Keys.single("k", "US"));
    Data data = new Data(space, d, d, 4_000 * DOC, DOC, 0, false);
    List<Double> p = ChunkSplitPoints.of(data, space, 1, 2, M, 0);
    assertThat(p).containsExactly(1.25, 1.5, 1.75);
  }

  @Test
  void anEmptyRange_hasNoSplitPoint() {
    Data data = continuum(0);
    KeySpace space =
        KeySpace.ordered(
            "k", new ValueOrder(false, false), List.of(), new double[0], new double[] {1e6});
    assertThat(ChunkSplitPoints.of(data, space, 0, 1, M, 1)).isEmpty();
  }
}
