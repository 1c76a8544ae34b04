package dev.keyplan.dynamodb.simulate;

import dev.keyplan.simulate.SimulationResult;
import java.util.List;
import java.util.Optional;

/**
 * What a DynamoDB simulation found: per copy (each table, then its global indexes) the partitions,
 * hot keys, throttling and events, and the store-neutral view the CLI renders.
 *
 * @param result the run for text, JSON and CSV
 * @param copies every simulated copy, tables in model order, each followed by its global indexes
 */
public record DynamoDbRun(SimulationResult result, List<CopyRun> copies) {
  public DynamoDbRun {
    copies = List.copyOf(copies);
  }

  /** Returns the copy called {@code copy} ({@code Table} or {@code Table.Index}). */
  public Optional<CopyRun> copy(String copy) {
    return copies.stream().filter(c -> c.copy().equals(copy)).findFirst();
  }
}
