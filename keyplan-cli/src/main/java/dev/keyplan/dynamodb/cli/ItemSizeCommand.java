package dev.keyplan.dynamodb.cli;

import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.FormatOption;
import dev.keyplan.cli.Input;
import dev.keyplan.cli.OutputFormat;
import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.facts.DynamoJson;
import dev.keyplan.dynamodb.facts.ItemSize;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan dynamodb item-size ITEM.json}: the exact size of one item and what reading and
 * writing it costs. The shirt item of the AWS quotas page, {@code {"shirt-color": {"S": "R"},
 * "shirt-size": {"S": "M"}}}, prints 23 bytes, 123 storage bytes, 1 / 0.5 / 2 RCU and 1 / 2 WCU.
 */
@Command(
    name = "item-size",
    mixinStandardHelpOptions = true,
    header = "Print the exact size of a DynamoDB item and its read and write capacity units.",
    description = {
      "Reads one item in DynamoDB JSON, as 'aws dynamodb get-item' prints it (the {\"Item\": …}"
          + " wrapper is accepted), and prints its size by the Developer Guide's rules: attribute"
          + " names and values in UTF-8 bytes, numbers by digit pairs, binary by raw bytes, 3"
          + " bytes per list or map plus 1 per element. Storage adds 100 bytes per item. RCU are"
          + " for one GetItem (4 KB units), WCU for one PutItem (1 KB units).",
      "",
      "Exit code 1 means the item is over DynamoDB's 400 KB (409,600 B) limit and cannot be"
          + " stored.",
      "",
      "Examples:",
      "  keyplan dynamodb item-size item.json",
      "  aws dynamodb get-item --table-name T --key file://key.json | keyplan dynamodb item-size -",
    },
    footer = {
      "",
      "JSON output (--format json):",
      "  {\"bytes\": 23, \"storageBytes\": 123, \"rcu\": {\"strong\": 1, \"eventual\": 0.5,"
          + " \"transactional\": 2}, \"wcu\": {\"standard\": 1, \"transactional\": 2}}",
    })
public final class ItemSizeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "ITEM.json",
      description = "The item in DynamoDB JSON, or '-' to read it from standard input.")
  String file;

  @Override
  public Integer call() {
    Input.requireTextOrJson(format.get(), "dynamodb item-size");
    Map<String, AttributeValue> item = DynamoJson.parseItem(Input.name(file), Input.read(file));
    long bytes = ItemSize.of(item);
    PrintWriter out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.println(
          "{\"bytes\": "
              + bytes
              + ", \"storageBytes\": "
              + ItemSize.storageBytes(item)
              + ", \"rcu\": {\"strong\": "
              + number(Capacity.getItem(bytes, Capacity.Read.STRONG))
              + ", \"eventual\": "
              + number(Capacity.getItem(bytes, Capacity.Read.EVENTUAL))
              + ", \"transactional\": "
              + number(Capacity.getItem(bytes, Capacity.Read.TRANSACTIONAL))
              + "}, \"wcu\": {\"standard\": "
              + Capacity.write(0, bytes, Capacity.Write.STANDARD)
              + ", \"transactional\": "
              + Capacity.write(0, bytes, Capacity.Write.TRANSACTIONAL)
              + "}}");
    } else {
      out.println("bytes          " + bytes);
      out.println(
          "storage bytes  "
              + ItemSize.storageBytes(item)
              + " (+"
              + DynamoDbLimits.STORAGE_OVERHEAD_PER_ITEM_BYTES
              + " per item)");
      out.println(
          "rcu            "
              + number(Capacity.getItem(bytes, Capacity.Read.STRONG))
              + " strong, "
              + number(Capacity.getItem(bytes, Capacity.Read.EVENTUAL))
              + " eventual, "
              + number(Capacity.getItem(bytes, Capacity.Read.TRANSACTIONAL))
              + " transactional");
      out.println(
          "wcu            "
              + Capacity.write(0, bytes, Capacity.Write.STANDARD)
              + " standard, "
              + Capacity.write(0, bytes, Capacity.Write.TRANSACTIONAL)
              + " transactional");
      if (!ItemSize.fits(bytes)) {
        out.println(
            "too large      "
                + (bytes - DynamoDbLimits.MAX_ITEM_BYTES)
                + " bytes over"
                + " the 400 KB item limit ("
                + DynamoDbLimits.MAX_ITEM_BYTES
                + " bytes);"
                + " DynamoDB rejects this item");
      }
    }
    out.flush();
    return ItemSize.fits(bytes) ? ExitCode.OK.code() : ExitCode.FINDINGS.code();
  }

  /** Prints 1 as {@code 1} and a half as {@code 0.5}: capacity units are multiples of 0.5. */
  static String number(double units) {
    return BigDecimal.valueOf(units).stripTrailingZeros().toPlainString();
  }
}
