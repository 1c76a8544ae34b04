package dev.keyplan.mongodb.cli;

import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.FormatOption;
import dev.keyplan.cli.Input;
import dev.keyplan.cli.Json;
import dev.keyplan.cli.OutputFormat;
import dev.keyplan.mongodb.facts.ExtendedJson;
import dev.keyplan.mongodb.facts.HashedKey;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.concurrent.Callable;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan mongodb hash VALUE}: the value a hashed index stores for {@code VALUE}, the signed
 * 64-bit number {@code convertShardKeyToHashed} prints and a hashed shard key's chunks are bounded
 * by. {@code keyplan mongodb hash 42} prints -944302157085130861 (mongodb/mongo hasher_test.cpp).
 */
@Command(
    name = "hash",
    mixinStandardHelpOptions = true,
    header = "Print the hashed shard-key value of a value, as convertShardKeyToHashed does.",
    description = {
      "Reads one value in MongoDB Extended JSON, relaxed or canonical, and prints the signed"
          + " 64-bit number a hashed index stores for it: MD5 over the seed 0, the value's"
          + " canonical type and its bytes, numbers first truncated to a 64-bit integer (so 42,"
          + " 42.9 and {\"$numberLong\": \"42\"} hash alike); the first 8 bytes of the digest,"
          + " little-endian (docs/mongodb-arithmetic.md).",
      "",
      "Quote the value for the shell: a JSON string keeps its double quotes.",
      "",
      "Examples:",
      "  keyplan mongodb hash 42",
      "  keyplan mongodb hash '\"abc\"'",
      "  keyplan mongodb hash '{\"$oid\": \"010203040506070809101112\"}'",
      "  keyplan mongodb hash '{\"$date\": \"2020-01-01T00:00:00Z\"}'",
      "  keyplan mongodb hash -1",
      "  echo '{\"a\": [1, 2]}' | keyplan mongodb hash -",
    },
    footer = {
      "",
      "JSON output (--format json), the value in canonical Extended JSON and the hash as a"
          + " string to keep its 64 bits:",
      "  {\"value\": {\"$numberInt\": \"42\"}, \"hash\": \"-944302157085130861\"}",
    })
public final class HashCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "VALUE",
      description =
          "One value in Extended JSON, such as 42, '\"abc\"' or"
              + " '{\"$oid\": \"…\"}'; '-' reads it from standard input.")
  String value;

  @Override
  public Integer call() {
    Input.requireTextOrJson(format.get(), "mongodb hash");
    BsonValue parsed =
        value.equals("-")
            ? ExtendedJson.parseValue(Input.name(value), Input.read(value))
            : ExtendedJson.parseValue("<command line>", value);
    long hash = HashedKey.hash64(parsed);
    clamped(parsed)
        .ifPresent(
            n -> {
              PrintWriter err = spec.commandLine().getErr();
              err.println(
                  "note: "
                      + ExtendedJson.canonical(parsed)
                      + " is hashed as the int64 "
                      + n
                      + ": MongoDB hashes a number as a 64-bit integer, NaN as 0 and one"
                      + " beyond the int64 range (infinities too) as the nearest end of it"
                      + " (docs/mongodb-arithmetic.md)");
              err.flush();
            });
    PrintWriter out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.println(
          "{\"value\": "
              + ExtendedJson.canonical(parsed)
              + ", \"hash\": "
              + Json.quote(Long.toString(hash))
              + "}");
    } else {
      out.println(hash);
    }
    out.flush();
    return ExitCode.OK.code();
  }

  /**
   * Returns the int64 a number is hashed as when that is not the number truncated, because it is
   * NaN, infinite or beyond the int64 range ({@link HashedKey#numberForHash}): such a value is
   * legal BSON and MongoDB hashes it, so keyplan hashes it too, but says what it hashed rather than
   * print a hash that silently stands for 0 or {@link Long#MAX_VALUE}.
   */
  private static java.util.Optional<Long> clamped(BsonValue v) {
    boolean clamped =
        switch (v.getBsonType()) {
          case DOUBLE -> {
            double d = v.asDouble().getValue();
            yield !(d >= -0x1p63 && d < 0x1p63);
          }
          case DECIMAL128 -> {
            var d = v.asDecimal128().getValue();
            if (d.isNaN() || d.isInfinite()) {
              yield true;
            }
            // Decimal128's negative zero has no BigDecimal; it is 0, well inside the range.
            var b =
                d.isNegative() && d.equals(Decimal128.NEGATIVE_ZERO)
                    ? BigDecimal.ZERO
                    : d.bigDecimalValue();
            yield b.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0
                || b.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0;
          }
          default -> false;
        };
    return clamped ? java.util.Optional.of(HashedKey.numberForHash(v)) : java.util.Optional.empty();
  }
}
