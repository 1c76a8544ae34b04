package dev.keyplan.cassandra.cli;

import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.RingFile;
import dev.keyplan.cassandra.ring.TokenRange;
import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.FormatOption;
import dev.keyplan.cli.Json;
import dev.keyplan.cli.OutputFormat;
import dev.keyplan.input.InputException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan cassandra replicas}: the nodes holding a token or partition key on a described
 * ring, primary first, like {@code nodetool getendpoints}.
 */
@Command(
    name = "replicas",
    mixinStandardHelpOptions = true,
    header = "Print the replicas of a token or partition key on a ring, primary first.",
    description = {
      "Prints the replicas of a token or partition key on the ring described in a ring file,"
          + " primary first, with each node's datacenter and rack (like nodetool getendpoints)."
          + " The ring file format is in docs/cassandra-ring.md.",
      "",
      "Examples:",
      "  keyplan cassandra replicas --ring ring.yaml --type int 1",
      "  keyplan cassandra replicas --ring ring.yaml --token -4069959284402364209",
    },
    footer = {
      "",
      "Text output: a line with the token and its range (start, end], then one line per replica:"
          + " name, datacenter, rack.",
      "JSON output (--format json), replicas in order, the primary first:",
      "  {\"token\": \"-4069959284402364209\", \"key\": \"00000001\",",
      "   \"replicas\": [{\"name\": \"n3\", \"dc\": \"dc1\", \"rack\": \"r2\"}, ...]}",
      "\"key\" (hex of the hashed bytes) is present only when the key was given by value.",
    })
public final class ReplicasCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Mixin KeyOptions key;

  // Checked in call(), not by picocli, so that a missing or bad value is an input error (exit 2)
  // with keyplan's message.
  @Option(
      names = "--ring",
      paramLabel = "FILE",
      description = "Ring file (YAML), required: nodes, tokens and replication.")
  Path ring;

  @Option(
      names = "--token",
      paramLabel = "T",
      description = "A token (signed 64-bit) instead of --type and values.")
  String token;

  @Override
  public Integer call() {
    TokenCommand.requireTextOrJson(format.get(), "replicas");
    if (token != null && key.given()) {
      throw new InputException(
          KeyOptions.COMMAND_LINE, "give either --token or --type with values, not both");
    }
    if (token == null && !key.given()) {
      throw new InputException(
          KeyOptions.COMMAND_LINE,
          "give --token T, or --type T[,T...] and one VALUE per partition-key column");
    }
    if (ring == null) {
      throw new InputException(
          KeyOptions.COMMAND_LINE,
          "--ring FILE is required: the ring file (see docs/cassandra-ring.md)");
    }
    String hex = null;
    long t;
    if (token != null) {
      t = parseToken(token);
    } else {
      byte[] bytes = key.encode();
      hex = HexFormat.of().formatHex(bytes);
      t = Murmur3Token.token(bytes);
    }
    RingFile file = RingFile.read(ring);
    List<Node> replicas = file.replication().replicas(file.ring(), t);
    PrintWriter out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.println(json(t, hex, replicas));
    } else {
      TokenRange range = file.ring().rangeOf(t);
      out.println("token " + t + " in range (" + range.start() + ", " + range.end() + "]");
      int nameWidth = replicas.stream().mapToInt(n -> n.name().length()).max().orElse(0);
      int dcWidth = replicas.stream().mapToInt(n -> n.datacenter().length()).max().orElse(0);
      for (Node node : replicas) {
        out.println(
            pad(node.name(), nameWidth)
                + "  "
                + pad(node.datacenter(), dcWidth)
                + "  "
                + node.rack());
      }
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private static long parseToken(String text) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new InputException(
          KeyOptions.COMMAND_LINE,
          "--token '"
              + text
              + "' is not a token:"
              + " expected a whole number from "
              + Long.MIN_VALUE
              + " to "
              + Long.MAX_VALUE);
    }
  }

  private static String json(long token, String hex, List<Node> replicas) {
    List<String> items = new ArrayList<>();
    for (Node node : replicas) {
      items.add(
          "{\"name\": "
              + Json.quote(node.name())
              + ", \"dc\": "
              + Json.quote(node.datacenter())
              + ", \"rack\": "
              + Json.quote(node.rack())
              + "}");
    }
    return "{\"token\": "
        + Json.quote(Long.toString(token))
        + (hex == null ? "" : ", \"key\": " + Json.quote(hex))
        + ", \"replicas\": ["
        + String.join(", ", items)
        + "]}";
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(width - text.length());
  }
}
