package dev.keyplan.dynamodb.simulate;

import dev.keyplan.simulate.SimulationResult;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One copy of the data (a table with its local indexes, or a global index) over the run.
 *
 * @param copy the table, or {@code table.index}
 * @param capacity {@code on-demand} or {@code provisioned 1,500 RCU / 800 WCU}
 * @param onDemand true for an on-demand copy
 * @param initialPartitions the partitions it started with
 * @param seconds the simulated seconds
 * @param read its reads
 * @param write its writes
 * @param partitions every partition it had, in the order they were made
 * @param hotKeys the busiest tracked key values, busiest first
 * @param events what happened, in time order
 */
public record CopyRun(
    String copy,
    String capacity,
    boolean onDemand,
    int initialPartitions,
    long seconds,
    Flow read,
    Flow write,
    List<PartitionStats> partitions,
    List<KeyStats> hotKeys,
    List<SimulationResult.Event> events) {

  public CopyRun {
    partitions = List.copyOf(partitions);
    hotKeys = List.copyOf(hotKeys);
    events = List.copyOf(events);
  }

  /** Returns the partitions live at the end, in range order. */
  public List<PartitionStats> livePartitions() {
    return partitions.stream()
        .filter(p -> p.splitAt().isEmpty())
        .sorted(Comparator.comparing(PartitionStats::start))
        .toList();
  }

  /** Returns the partition asked for the most writes, or reads when {@code write} is false. */
  public PartitionStats hottest(boolean write) {
    return partitions.stream()
        .max(Comparator.comparingDouble(p -> write ? p.write().demand() : p.read().demand()))
        .orElseThrow();
  }

  /** Returns the tracked key called {@code key}, if reported. */
  public Optional<KeyStats> key(String key) {
    return hotKeys.stream().filter(k -> k.key().equals(key)).findFirst();
  }
}
