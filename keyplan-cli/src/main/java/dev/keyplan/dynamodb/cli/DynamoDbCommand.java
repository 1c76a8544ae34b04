package dev.keyplan.dynamodb.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan dynamodb}: DynamoDB arithmetic. So far the exact size of an item and the capacity
 * units one read or write of it costs; keys, indexes and heat checks come later.
 */
@Command(
    name = "dynamodb",
    mixinStandardHelpOptions = true,
    description =
        "DynamoDB arithmetic on one item: its exact size (DynamoDB JSON) and the read and"
            + " write capacity units it costs. A whole design (keys, indexes, heat, size, cost) is checked"
            + " by 'keyplan check MODEL' with a dynamodb: section.",
    subcommands = {ItemSizeCommand.class})
public final class DynamoDbCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}
