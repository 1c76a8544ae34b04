package dev.keyplan.dynamodb.cli;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.simulate.DynamoDbSetup;
import dev.keyplan.dynamodb.simulate.DynamoDbSimulator;
import dev.keyplan.input.InputException;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code keyplan simulate dynamodb}; null means not given. */
public final class DynamoDbSimulateOptions implements StoreSimulateOptions {
  @Option(
      names = "--capacity",
      paramLabel = "MODE",
      description = "On-demand or provisioned (default: the design's, else on-demand).")
  String capacity;

  @Option(
      names = "--rcu",
      paramLabel = "N",
      description = "Provisioned read capacity units per second (implies provisioned).")
  Double rcu;

  @Option(
      names = "--wcu",
      paramLabel = "N",
      description = "Provisioned write capacity units per second (implies provisioned).")
  Double wcu;

  @Option(
      names = "--table",
      paramLabel = "NAME",
      description = "One table (and its indexes) to simulate (default: every table).")
  String table;

  @Option(
      names = "--partitions",
      paramLabel = "N",
      description =
          "Partitions at the start (default: from size and throughput: max(⌈bytes / 10 GB⌉, ⌈RCU / 3,000 + WCU / 1,000⌉)).")
  Integer partitions;

  @Option(
      names = "--burst",
      paramLabel = "full|empty",
      description = "The burst bucket at the start (default: full, 300 s of unused capacity).")
  String burst;

  public DynamoDbSetup setup() {
    try {
      DynamoDbSetup s = DynamoDbSetup.defaults();
      String mode =
          capacity == null
              ? (rcu != null || wcu != null ? "provisioned" : null)
              : capacity.toLowerCase(Locale.ROOT);
      if (mode != null) {
        switch (mode) {
          case "on-demand", "ondemand", "pay_per_request" -> {
            if (rcu != null || wcu != null) {
              throw new IllegalArgumentException(
                  "--rcu and --wcu are provisioned capacity; an on-demand table has none");
            }
            s = s.withCapacity(DynamoDbSetup.CapacityMode.onDemandMode());
          }
          case "provisioned" -> {
            if (rcu == null || wcu == null) {
              throw new IllegalArgumentException("provisioned capacity needs both --rcu and --wcu");
            }
            s = s.withCapacity(DynamoDbSetup.CapacityMode.provisioned(rcu, wcu));
          }
          default ->
              throw new IllegalArgumentException(
                  "--capacity must be on-demand or provisioned, not " + capacity);
        }
      }
      if (table != null) {
        s = s.withTable(table);
      }
      if (partitions != null) {
        s = s.withPartitions(partitions);
      }
      if (burst != null) {
        s =
            s.withBurstFullAtStart(
                switch (burst.toLowerCase(Locale.ROOT)) {
                  case "full" -> true;
                  case "empty" -> false;
                  default ->
                      throw new IllegalArgumentException(
                          "--burst must be full or empty, not " + burst);
                });
      }
      return s;
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
  }

  @Override
  public SimulationResult run(
      StoreAnalysis analysis,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    return DynamoDbSimulator.run((DynamoDbAnalysis) analysis, setup(), settings, trace, progress)
        .result();
  }
}
