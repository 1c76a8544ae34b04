package dev.keyplan.mongodb.cli;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Quantities;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.simulate.MongoDbSetup;
import dev.keyplan.mongodb.simulate.MongoDbSimulator;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code keyplan simulate mongodb}; null means not given. */
public final class MongoDbSimulateOptions implements StoreSimulateOptions {
  @Option(
      names = "--shards",
      paramLabel = "N",
      description = "Shards in the cluster (default: the model's).")
  Integer shards;

  @Option(
      names = "--chunk-size",
      paramLabel = "SIZE",
      description = "Range (chunk) size, 1MB to 1024MB (default: the model's, else 128MB).")
  String chunkSize;

  @Option(
      names = "--collection",
      paramLabel = "NAME",
      description = "The sharded collection to simulate (default: the first in the model).")
  String collection;

  @Option(
      names = "--start",
      paramLabel = "HOW",
      description =
          "Populated (the model's documents in one chunk on the primary shard) or empty"
              + " (default: populated when the entity has a count).")
  String start;

  @Option(
      names = "--migration-rate",
      paramLabel = "SIZE/s",
      description = "Bytes one migration copies per second, an assumption (default: 16MB/s).")
  String migrationRate;

  public MongoDbSetup setup() {
    try {
      MongoDbSetup s = MongoDbSetup.DEFAULTS;
      if (shards != null) {
        s = s.withShards(shards);
      }
      if (chunkSize != null) {
        s = s.withRangeSize(bytes("--chunk-size", chunkSize));
      }
      if (collection != null) {
        s = s.withCollection(collection);
      }
      if (start != null) {
        s =
            s.withStart(
                switch (start.toLowerCase(Locale.ROOT)) {
                  case "populated" -> MongoDbSetup.Start.POPULATED;
                  case "empty" -> MongoDbSetup.Start.EMPTY;
                  default ->
                      throw new IllegalArgumentException(
                          "--start must be populated or empty, not " + start);
                });
      }
      if (migrationRate != null) {
        s = s.withMigrationRate(bytes("--migration-rate", migrationRate.replaceAll("/s$", "")));
      }
      return s;
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
  }

  static long bytes(String option, String text) {
    var b = Quantities.bytes(text);
    if (b.isEmpty()) {
      throw new InputException(
          Cli.commandLine(), option + " expects a size such as 64MB or 128MiB, not '" + text + "'");
    }
    return b.getAsLong();
  }

  @Override
  public SimulationResult run(
      StoreAnalysis analysis,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    return MongoDbSimulator.run((MongoDbAnalysis) analysis, setup(), settings, trace, progress)
        .result();
  }
}
