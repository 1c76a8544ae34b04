package dev.keyplan.dynamodb.simulate;

import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import java.util.ArrayList;
import java.util.List;

/** The summary tables of a DynamoDB run: one row per copy, per partition, per hot key. */
final class ResultTables {
  private ResultTables() {}

  private static final double GB = SeriesColumns.GB;

  static SimulationResult.Table copies(List<CopyRun> copies) {
    List<List<Object>> rows = new ArrayList<>();
    for (CopyRun c : copies) {
      rows.add(
          List.of(
              c.copy(),
              c.capacity(),
              (long) c.initialPartitions(),
              (long) c.livePartitions().size(),
              c.read().units().demand(),
              c.read().units().consumed(),
              c.read().units().partitionThrottled(),
              c.read().units().tableThrottled(),
              c.write().units().demand(),
              c.write().units().consumed(),
              c.write().units().partitionThrottled(),
              c.write().units().tableThrottled(),
              ResultView.second(c.write().firstTableThrottle()),
              ResultView.second(c.write().burstSpent())));
    }
    return new SimulationResult.Table(
        "copies",
        "Copies (each table and global index)",
        List.of(
            "copy",
            "capacity",
            "partitions at start",
            "partitions at end",
            "RCU asked",
            "RCU consumed",
            "RCU throttled at a partition",
            "RCU throttled at the table",
            "WCU asked",
            "WCU consumed",
            "WCU throttled at a partition",
            "WCU throttled at the table",
            "writes table-throttled from s",
            "write burst lasted s"),
        rows);
  }

  static SimulationResult.Table partitions(List<CopyRun> copies) {
    List<List<Object>> rows = new ArrayList<>();
    for (CopyRun c : copies) {
      for (PartitionStats p : c.partitions()) {
        rows.add(
            List.of(
                c.copy(),
                p.name(),
                p.start(),
                p.end(),
                p.rangeShare(),
                p.createdAt(),
                ResultView.second(p.splitAt()),
                p.cause(),
                p.bytes() / GB,
                p.read().peakDemand(),
                p.write().peakDemand(),
                p.read().consumed(),
                p.write().consumed(),
                p.read().throttled(),
                p.write().throttled()));
      }
    }
    return new SimulationResult.Table(
        "partitions",
        "Partitions",
        List.of(
            "copy",
            "partition",
            "range start",
            "range end",
            "range share",
            "created s",
            "split s",
            "cause",
            "size GB",
            "peak RCU/s",
            "peak WCU/s",
            "RCU consumed",
            "WCU consumed",
            "RCU throttled",
            "WCU throttled"),
        rows);
  }

  static SimulationResult.Table hotKeys(List<CopyRun> copies, SimulationSettings settings) {
    List<List<Object>> rows = new ArrayList<>();
    double seconds = settings.durationSeconds();
    for (CopyRun c : copies) {
      for (KeyStats k : c.hotKeys()) {
        rows.add(
            List.of(
                c.copy(),
                k.key(),
                String.join(" ", k.partitions()),
                k.bytes() / GB,
                k.read().demand() / seconds,
                k.write().demand() / seconds,
                k.read().peakDemand(),
                k.write().peakDemand(),
                k.read().consumed(),
                k.write().consumed(),
                k.read().throttled(),
                k.write().throttled()));
      }
    }
    return new SimulationResult.Table(
        "hot-keys",
        "Hot keys",
        List.of(
            "copy",
            "key",
            "partitions",
            "size GB",
            "RCU/s asked",
            "WCU/s asked",
            "peak RCU/s",
            "peak WCU/s",
            "RCU consumed",
            "WCU consumed",
            "RCU throttled",
            "WCU throttled"),
        rows);
  }
}
