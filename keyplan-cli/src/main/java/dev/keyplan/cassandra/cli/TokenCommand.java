package dev.keyplan.cassandra.cli;

import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.scylla.ShardMapper;
import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.FormatOption;
import dev.keyplan.cli.Json;
import dev.keyplan.cli.OutputFormat;
import dev.keyplan.input.InputException;
import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan cassandra token}: the Murmur3Partitioner token of a partition key, and with {@code
 * --shards} the ScyllaDB shard that owns it on each replica.
 */
@Command(
    name = "token",
    mixinStandardHelpOptions = true,
    header = "Print the Murmur3 token (and ScyllaDB shard) of a partition key.",
    description = {
      "Prints the token Cassandra's and ScyllaDB's Murmur3Partitioner give a partition key, and"
          + " the key bytes that were hashed. With --shards, also the ScyllaDB shard (core) that"
          + " owns the token on every replica (biased-token-round-robin).",
      "",
      "Examples:",
      "  keyplan cassandra token --type int 1",
      "  keyplan cassandra token --type text,int a 1      (or: --type text,int a:1)",
      "  keyplan cassandra token --type int --shards 8 1",
    },
    footer = {
      "",
      "JSON output (--format json), the token as a string to keep its 64 bits:",
      "  {\"token\": \"-4069959284402364209\", \"key\": \"00000001\", \"shard\": 2}",
      "\"key\" is the hex of the hashed bytes; \"shard\" is present only with --shards.",
    })
public final class TokenCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Mixin KeyOptions key;

  @Option(
      names = "--shards",
      paramLabel = "N",
      description =
          "ScyllaDB shards per node (SCYLLA_NR_SHARDS, about the number of cores):"
              + " also print the shard of the token.")
  Integer shards;

  @Option(
      names = "--ignore-msb",
      paramLabel = "BITS",
      defaultValue = "" + ShardMapper.DEFAULT_IGNORE_MSB,
      description = "ScyllaDB murmur3_partitioner_ignore_msb_bits (default: ${DEFAULT-VALUE}).")
  int ignoreMsb;

  @Override
  public Integer call() {
    requireTextOrJson(format.get(), "token");
    byte[] bytes = key.encode();
    long token = Murmur3Token.token(bytes);
    Integer shard = null;
    if (shards != null) {
      shard = shardMapper().shardOf(token);
    } else if (spec.commandLine().getParseResult().hasMatchedOption("--ignore-msb")) {
      throw new InputException(
          KeyOptions.COMMAND_LINE, "--ignore-msb only applies with --shards N");
    }
    String hex = HexFormat.of().formatHex(bytes);
    PrintWriter out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.println(
          "{\"token\": "
              + Json.quote(Long.toString(token))
              + ", \"key\": "
              + Json.quote(hex)
              + (shard == null ? "" : ", \"shard\": " + shard)
              + "}");
    } else {
      out.println("token  " + token);
      out.println("key    " + hex);
      if (shard != null) {
        out.println("shard  " + shard + " of " + shards + " (ignore_msb " + ignoreMsb + ")");
      }
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private ShardMapper shardMapper() {
    try {
      return new ShardMapper(shards, ignoreMsb);
    } catch (IllegalArgumentException e) {
      throw new InputException(KeyOptions.COMMAND_LINE, "--shards/--ignore-msb: " + e.getMessage());
    }
  }

  /**
   * Rejects {@code --format markdown} and {@code sarif}: these results are a line or a short list.
   */
  static void requireTextOrJson(OutputFormat format, String command) {
    if (format == OutputFormat.markdown || format == OutputFormat.sarif) {
      throw new InputException(
          KeyOptions.COMMAND_LINE,
          "--format "
              + format
              + " is not available for"
              + " 'keyplan cassandra "
              + command
              + "': use text or json");
    }
  }
}
