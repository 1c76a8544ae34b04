package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * What one copy's run shows, in sentences: throttling first, then where the load sat, then splits.
 */
final class CopyFindings {
  private CopyFindings() {}

  static List<String> of(CopyRun c) {
    List<String> out = new ArrayList<>();
    String head =
        c.copy() + " (" + c.capacity() + ", " + c.initialPartitions() + " partitions at the start)";
    boolean any = false;
    for (boolean write : new boolean[] {true, false}) {
      Flow f = write ? c.write() : c.read();
      String u = write ? "WCU" : "RCU";
      UnitTotals t = f.units();
      if (t.throttled() <= 0) {
        continue;
      }
      any = true;
      StringBuilder b =
          new StringBuilder(head)
              .append(": ")
              .append(write ? "writes" : "reads")
              .append(" throttled, ")
              .append(Units.count(t.throttled()))
              .append(" of ")
              .append(Units.count(t.demand()))
              .append(' ')
              .append(u)
              .append(" (")
              .append(Units.percent(t.throttledShare()))
              .append(")");
      if (t.tableThrottled() > 0) {
        b.append("; ")
            .append(Units.count(t.tableThrottled()))
            .append(" for want of table capacity from ")
            .append(f.firstTableThrottle().getAsLong())
            .append(" s");
        if (f.burstSpent().isPresent()) {
          b.append(", once the burst capacity of ")
              .append(Units.count(f.burstCapacity()))
              .append(' ')
              .append(u)
              .append(" was spent after ")
              .append(f.burstSpent().getAsLong())
              .append(" s");
        }
      }
      if (t.partitionThrottled() > 0) {
        b.append("; ")
            .append(Units.count(t.partitionThrottled()))
            .append(" at a partition's ceiling, from ")
            .append(f.firstPartitionThrottle().getAsLong())
            .append(" s");
      }
      out.add(b.toString());
    }
    if (!any) {
      out.add(
          head
              + ": nothing throttled; the busiest second asked "
              + Units.count(c.write().units().peakDemand())
              + " WCU and "
              + Units.count(c.read().units().peakDemand())
              + " RCU of the table");
    }
    for (boolean write : new boolean[] {true, false}) {
      Flow f = write ? c.write() : c.read();
      if (f.units().demand() <= 0) {
        continue;
      }
      PartitionStats p = c.hottest(write);
      UnitTotals pt = write ? p.write() : p.read();
      out.add(
          c.copy()
              + ": the busiest partition, "
              + p.name()
              + ", took "
              + Units.percent(pt.demand() / f.units().demand())
              + " of the "
              + (write ? "writes" : "reads")
              + ", peaking at "
              + Units.count(pt.peakDemand())
              + " of its "
              + Units.count(write ? Ceilings.WRITE : Ceilings.READ)
              + " "
              + (write ? "WCU" : "RCU")
              + " a second");
    }
    if (!c.hotKeys().isEmpty()) {
      KeyStats k = c.hotKeys().get(0);
      out.add(
          c.copy()
              + ": the busiest key, "
              + k.key()
              + ", asked "
              + Units.count(k.write().demand() / seconds(c))
              + " WCU/s and "
              + Units.count(k.read().demand() / seconds(c))
              + " RCU/s on average; "
              + Units.percent(
                  (k.write().throttled() + k.read().throttled())
                      / Math.max(1e-12, k.write().demand() + k.read().demand()))
              + " of its units were throttled");
    }
    long splits = c.partitions().stream().filter(p -> !p.cause().equals("initial")).count() / 2;
    if (splits > 0) {
      out.add(
          c.copy()
              + ": "
              + splits
              + " split"
              + (splits == 1 ? "" : "s")
              + ", ending with "
              + c.livePartitions().size()
              + " partitions");
    }
    return out;
  }

  private static double seconds(CopyRun c) {
    return Math.max(1, c.seconds());
  }
}
