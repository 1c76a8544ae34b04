package dev.keyplan.dynamodb.simulate;

import dev.keyplan.simulate.Poisson;
import dev.keyplan.simulate.SimulationSettings;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Operations generated from the model: each tracked key gets a Poisson count of reads and of writes
 * per second at its rate ({@link Poisson#draw}), times its units per operation, so its busiest
 * second is above its average as in production. The tail and scans, in {@link
 * SimulationSettings.Mode#AGGREGATE aggregate} mode, are their expected units spread by range (the
 * cost is per key and second, never per operation); in {@link SimulationSettings.Mode#EXACT exact}
 * mode each tail operation is drawn on its own at a uniform position, as hashing a random tail
 * value would place it.
 */
final class GeneratedArrivals implements Arrivals {
  private final List<KeyLoad> keys;
  private final TailLoad tail;
  private final boolean exact;

  GeneratedArrivals(CopyWorkload workload, SimulationSettings.Mode mode) {
    this.keys = workload.keys();
    this.tail = workload.tail();
    this.exact = mode == SimulationSettings.Mode.EXACT;
  }

  @Override
  public void fill(long second, SplittableRandom random, Demand demand, PartitionMap map) {
    for (int k = 0; k < keys.size(); k++) {
      KeyLoad key = keys.get(k);
      if (key.readOps() > 0) {
        demand.keyRead[k] += Poisson.draw(random, key.readOps()) * key.readUnitsPerOp();
      }
      if (key.writeOps() > 0) {
        demand.keyWrite[k] += Poisson.draw(random, key.writeOps()) * key.writeUnitsPerOp();
      }
    }
    demand.spreadRead += tail.scanReadUnits();
    if (!exact) {
      demand.spreadRead += tail.readUnits();
      demand.spreadWrite += tail.writeUnits();
      return;
    }
    long reads = Poisson.draw(random, tail.readOps());
    for (long i = 0; i < reads; i++) {
      demand.partitionRead[map.locate(random.nextLong(HashSpace.SIZE))] += tail.readUnitsPerOp();
    }
    long writes = Poisson.draw(random, tail.writeOps());
    for (long i = 0; i < writes; i++) {
      demand.partitionWrite[map.locate(random.nextLong(HashSpace.SIZE))] += tail.writeUnitsPerOp();
    }
  }
}
