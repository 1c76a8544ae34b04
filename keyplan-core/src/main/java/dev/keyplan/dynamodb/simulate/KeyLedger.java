package dev.keyplan.dynamodb.simulate;

import dev.keyplan.simulate.SimulationResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What each tracked key asked and was refused, charged from its partitions: every unit asked of a
 * partition is equally likely to be refused, so a key on a partition that refused a fifth of its
 * demand in a second loses a fifth of its own. Also each key's demand over the current heat window
 * and its bytes; the first {@code reported} keys keep interval sums for the series.
 */
final class KeyLedger {
  private final List<KeyLoad> keys;
  private final Counter[] read;
  private final Counter[] write;
  private final Counter[] intervalRead;
  private final Counter[] intervalWrite;
  final double[] windowRead;
  final double[] windowWrite;
  final double[] bytes;

  KeyLedger(List<KeyLoad> keys, int reported) {
    this.keys = keys;
    int n = keys.size();
    read = counters(n);
    write = counters(n);
    intervalRead = counters(Math.min(n, reported));
    intervalWrite = counters(Math.min(n, reported));
    windowRead = new double[n];
    windowWrite = new double[n];
    bytes = new double[n];
  }

  /**
   * Charges one second: {@code refused[0..3][p]} are partition p's refused shares of its demand,
   * reads at the ceiling, reads at the table, writes at the ceiling, writes at the table.
   */
  void charge(Demand demand, Placement placement, double[][] refused) {
    for (int k = 0; k < keys.size(); k++) {
      double r = demand.keyRead[k];
      double w = demand.keyWrite[k];
      if (r == 0 && w == 0) {
        continue;
      }
      windowRead[k] += r;
      windowWrite[k] += w;
      double rCeiling = 0;
      double rTable = 0;
      double wCeiling = 0;
      double wTable = 0;
      int[] parts = placement.partitions[k];
      double[] shares = placement.shares[k];
      for (int j = 0; j < parts.length; j++) {
        int p = parts[j];
        rCeiling += r * shares[j] * refused[0][p];
        rTable += r * shares[j] * refused[1][p];
        wCeiling += w * shares[j] * refused[2][p];
        wTable += w * shares[j] * refused[3][p];
      }
      read[k].add(r, r - rCeiling - rTable, rCeiling, rTable);
      write[k].add(w, w - wCeiling - wTable, wCeiling, wTable);
      if (k < intervalRead.length) {
        intervalRead[k].add(r, r - rCeiling - rTable, rCeiling, rTable);
        intervalWrite[k].add(w, w - wCeiling - wTable, wCeiling, wTable);
      }
    }
  }

  /** Forgets the heat window's demand. */
  void clearWindow() {
    Arrays.fill(windowRead, 0);
    Arrays.fill(windowWrite, 0);
  }

  /**
   * Adds the reported keys' rows for the interval from {@code start}, {@code seconds} long, and
   * clears them.
   */
  void rows(String copy, long start, long seconds, List<SimulationResult.Series.Row> out) {
    for (int k = 0; k < intervalRead.length; k++) {
      out.add(
          new SimulationResult.Series.Row(
              start,
              copy + ":" + keys.get(k).name(),
              SeriesColumns.of(intervalRead[k], intervalWrite[k], seconds, bytes[k], 0, 0)));
      intervalRead[k].clear();
      intervalWrite[k].clear();
    }
  }

  /** Returns the reported keys' totals, with the partitions holding each on {@code map}. */
  List<KeyStats> stats(PartitionMap map, Placement placement) {
    List<KeyStats> out = new ArrayList<>();
    for (int k = 0; k < intervalRead.length; k++) {
      List<String> names = new ArrayList<>();
      for (int part : placement.partitions[k]) {
        names.add(map.get(part).name);
      }
      out.add(
          new KeyStats(keys.get(k).name(), names, bytes[k], read[k].totals(), write[k].totals()));
    }
    return out;
  }

  private static Counter[] counters(int n) {
    Counter[] c = new Counter[n];
    for (int i = 0; i < n; i++) {
      c[i] = new Counter();
    }
    return c;
  }
}
