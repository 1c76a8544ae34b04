package dev.keyplan.dynamodb.simulate;

import java.util.Arrays;

/**
 * Serves one second of a copy's demand: tracked keys' units land on their partitions by {@link
 * Placement}, the rest by range; each partition is held to its {@link Ceilings} (what is above is
 * refused there, whatever the table holds), then the table's {@link TableCapacity} for reads and
 * for writes serves what it can. Updates every partition's counters and heat window, and leaves the
 * second's totals and each partition's refused shares for the keys and the events.
 */
final class Serving {
  /**
   * The second's reads asked, served, refused at a ceiling, refused at the table; then the same for
   * writes.
   */
  final double[] totals = new double[8];

  /** The partition refusing the most reads, and writes, at its ceiling this second. */
  int worstRead;

  int worstWrite;
  private double[][] work = new double[10][0];
  private double[][] refused = new double[4][0];

  /**
   * Returns each partition's refused shares of its demand: reads at the ceiling, at the table,
   * writes the same.
   */
  double[][] refused() {
    return refused;
  }

  void serve(
      long t,
      Demand demand,
      Placement placement,
      PartitionMap map,
      TableCapacity reads,
      TableCapacity writes) {
    int n = map.size();
    if (work[0].length < n) {
      work = new double[10][n * 2];
      refused = new double[4][n * 2];
    }
    double[] dR = work[0];
    double[] dW = work[1];
    double[] sR = work[2];
    double[] sW = work[3];
    double[] cR = work[4];
    double[] cW = work[5];
    double[] tR = work[6];
    double[] tW = work[7];
    double[] shR = work[8];
    double[] shW = work[9];
    for (int i = 0; i < n; i++) {
      SimulatedPartition p = map.get(i);
      dR[i] = demand.partitionRead[i] + demand.spreadRead * p.width();
      dW[i] = demand.partitionWrite[i] + demand.spreadWrite * p.width();
      shR[i] = p.shareRead;
      shW[i] = p.shareWrite;
    }
    for (int k = 0; k < placement.partitions.length; k++) {
      int[] parts = placement.partitions[k];
      double[] shares = placement.shares[k];
      for (int j = 0; j < parts.length; j++) {
        dR[parts[j]] += demand.keyRead[k] * shares[j];
        dW[parts[j]] += demand.keyWrite[k] * shares[j];
      }
    }
    for (int i = 0; i < n; i++) {
      sR[i] = Math.min(dR[i], Ceilings.READ);
      cR[i] = dR[i] - sR[i];
      sW[i] = Math.min(dW[i], Ceilings.WRITE);
      cW[i] = dW[i] - sW[i];
    }
    reads.admit(t, sR, shR, tR, n);
    writes.admit(t, sW, shW, tW, n);
    Arrays.fill(totals, 0);
    worstRead = 0;
    worstWrite = 0;
    for (int i = 0; i < n; i++) {
      SimulatedPartition p = map.get(i);
      p.read.add(dR[i], sR[i], cR[i], tR[i]);
      p.write.add(dW[i], sW[i], cW[i], tW[i]);
      p.intervalRead.add(dR[i], sR[i], cR[i], tR[i]);
      p.intervalWrite.add(dW[i], sW[i], cW[i], tW[i]);
      p.windowRead += dR[i];
      p.windowWrite += dW[i];
      p.windowSeconds++;
      totals[0] += dR[i];
      totals[1] += sR[i];
      totals[2] += cR[i];
      totals[3] += tR[i];
      totals[4] += dW[i];
      totals[5] += sW[i];
      totals[6] += cW[i];
      totals[7] += tW[i];
      worstRead = cR[i] > cR[worstRead] ? i : worstRead;
      worstWrite = cW[i] > cW[worstWrite] ? i : worstWrite;
      refused[0][i] = dR[i] > 0 ? cR[i] / dR[i] : 0;
      refused[1][i] = dR[i] > 0 ? tR[i] / dR[i] : 0;
      refused[2][i] = dW[i] > 0 ? cW[i] / dW[i] : 0;
      refused[3][i] = dW[i] > 0 ? tW[i] / dW[i] : 0;
    }
  }
}
