package dev.keyplan.cassandra.cli;

import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A partition key given on the command line (a picocli mixin): {@code --type T[,T…]} and one VALUE
 * per component, or for a composite key the single {@code a:1} string {@code nodetool getendpoints}
 * takes.
 */
final class KeyOptions {
  /** Where command-line problems are reported: there is no file, line or column. */
  static final Location COMMAND_LINE = dev.keyplan.cli.Cli.commandLine();

  @Option(
      names = "--type",
      split = ",",
      paramLabel = "TYPE",
      description =
          "CQL type of each partition-key column, in key order: text, varchar, ascii,"
              + " int, bigint, smallint, tinyint, uuid, timeuuid, timestamp, date, boolean, blob.")
  List<String> types = new ArrayList<>();

  @Parameters(
      paramLabel = "VALUE",
      arity = "0..*",
      description = {
        "One value per key column, unquoted (hello, not 'hello'); blob as hex (0x00ff);"
            + " timestamp as epoch milliseconds or 2026-01-02T03:04:05Z; date as 2026-01-02.",
        "With several types, a single VALUE is read as nodetool's a:1 form (write \\: for a"
            + " colon inside a value). Put -- before a value that looks like an option, such as"
            + " text starting with '-'."
      })
  List<String> values = new ArrayList<>();

  /** Returns whether the user gave a type or a value. */
  boolean given() {
    return !types.isEmpty() || !values.isEmpty();
  }

  /**
   * Returns the bytes Cassandra hashes for this key.
   *
   * @throws InputException if the types or values are missing or invalid
   */
  byte[] encode() {
    if (types.isEmpty()) {
      throw new InputException(
          COMMAND_LINE,
          "--type is required: the CQL types of the"
              + " partition-key columns, like --type int or --type text,int");
    }
    if (values.isEmpty()) {
      throw new InputException(
          COMMAND_LINE,
          "give one VALUE per partition-key column after" + " --type " + String.join(",", types));
    }
    // One string for several types is unambiguous: it can only be nodetool's a:1 form.
    List<String> literals =
        types.size() > 1 && values.size() == 1
            ? PartitionKeyCodec.splitNodetoolKey(values.get(0))
            : values;
    try {
      return PartitionKeyCodec.encode(types, literals);
    } catch (IllegalArgumentException e) {
      throw new InputException(COMMAND_LINE, e.getMessage());
    }
  }
}
