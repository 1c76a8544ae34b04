package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Location;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Operation.Condition;
import dev.keyplan.model.Operation.Order;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The shape rules of {@link IndexBounds} on their own (docs/mongodb-arithmetic.md, "Index bounds
 * and keys examined"), where a whole model cannot isolate one: the planner's choice among indexes
 * would hide the shape under test.
 */
final class IndexBoundsTest {
  private static final Location AT = Location.NONE;

  /** Sensors embedding their readings: {site: 1, readings.t: -1}, readings.t inside an array. */
  private static final MongoDbIndex SITE_T =
      new MongoDbIndex(
          "site_1_readings.t_-1",
          List.of(
              new IndexKey("site", IndexKey.Kind.ASCENDING),
              new IndexKey("readings.t", IndexKey.Kind.DESCENDING)),
          false,
          false,
          Optional.empty(),
          0,
          false,
          false,
          true,
          100_000,
          0,
          AT);

  private static IndexBounds bounds(Condition where, Order order) {
    return IndexBounds.of(
        SITE_T,
        new IndexBounds.Read(
            List.of(where),
            List.of(order),
            Map.of("site", "site", "t", "readings.t"),
            Set.of(),
            Map.of("readings.t", "readings")));
  }

  @Test
  void aSortOnAnArrayField_isFromTheIndexOnlyWhenTheArrayIsUnbounded() {
    // site = ? order by t desc: readings.t has bounds [MinKey, MaxKey] and no other key of the
    // readings array is bounded, so the scan gives the order ("Multikey Indexes", sorting).
    assertThat(bounds(new Condition("site", Comparison.EQ, 1, AT), new Order("t", true)).sort())
        .isEqualTo(IndexBounds.Sort.INDEX);
  }

  @Test
  void aMergeStopsAtAFieldInsideAnArray() {
    // site in (2) order by t desc: one scan walks site 1's readings then site 2's, so the order
    // needs a merge; explodeForSort stops the order it can give at a multikey field (it "is not
    // correct for a field with multikey components to provide a sort"), so no SORT_MERGE: a
    // blocking sort, with the 2 point intervals and 2 keys past their ends (rule 2).
    IndexBounds b = bounds(new Condition("site", Comparison.IN, 2, AT), new Order("t", true));
    assertThat(b.sort()).isEqualTo(IndexBounds.Sort.BLOCKING);
    assertThat(b.scans()).isEqualTo(2);
    // 2 sites × 50 keys inside the bounds, read to the end, + 2 past the ends = 102 keys.
    assertThat(b.keysExamined(b.keysInBounds(50, 50, 1), 10)).isEqualTo(102);
  }
}
