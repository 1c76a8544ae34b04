package dev.keyplan.dynamodb.check;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.input.Location;
import dev.keyplan.model.Units;
import java.util.Optional;

/**
 * Small facts the DynamoDB rules share: how a number of capacity units is written, and where a copy
 * of the data (a table, or {@code table.index}) is defined in the model.
 */
public final class DynamoDbFacts {
  private DynamoDbFacts() {}

  /**
   * Returns capacity units as the patterns table prints them: {@code 0.5}, {@code 7.5}, {@code
   * 17,584,229}.
   */
  public static String units(double v) {
    if (Double.isNaN(v)) {
      return "?";
    }
    if (v == Math.rint(v) || v >= 10) {
      return Units.count(v);
    }
    if (v < 0.01) {
      return "<0.01";
    }
    return String.format(java.util.Locale.ROOT, "%.2f", v).replaceAll("0$", "");
  }

  /** Returns a share as a percentage ({@code 16.7%}), and {@code <0.01%} for a trace. */
  public static String percent(double fraction) {
    return fraction > 0 && fraction < 0.0001 ? "<0.01%" : Units.percent(fraction);
  }

  /** Returns the path whose capacity {@code copy} names: the table's own key, or a global index. */
  public static Optional<KeyPath> path(DynamoDbAnalysis a, String copy) {
    return a.index().capacityPath(copy);
  }

  /**
   * Returns where {@code copy} is written: the index's entry for a global index, else the table's.
   */
  public static Location location(DynamoDbAnalysis a, String copy) {
    Optional<KeyPath> p = path(a, copy);
    if (p.isPresent() && p.get().isIndex()) {
      return p.get().location();
    }
    String table = p.map(KeyPath::table).orElse(copy);
    return a.table(table).map(DynamoDbTable::location).orElse(Location.NONE);
  }
}
