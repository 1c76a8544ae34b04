package dev.keyplan.mongodb.cli;

import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.FormatOption;
import dev.keyplan.cli.Input;
import dev.keyplan.cli.OutputFormat;
import dev.keyplan.mongodb.facts.DocumentSize;
import dev.keyplan.mongodb.facts.ExtendedJson;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.bson.BsonDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan mongodb doc-size DOC.json}: a document's exact BSON size, measured by the {@code
 * org.mongodb:bson} library, and whether MongoDB stores it. The manual's {@code {"_id": {"$oid":
 * "…"}, "item": "Chocolates", "qty": 25}} is 52 bytes.
 */
@Command(
    name = "doc-size",
    mixinStandardHelpOptions = true,
    header = "Print a document's BSON size and whether it fits MongoDB's 16 MiB limit.",
    description = {
      "Reads one document in MongoDB Extended JSON (as mongoexport or EJSON.stringify writes it;"
          + " mongosh's ObjectId(\"…\") forms are read too) and prints the size of its BSON"
          + " encoding: 4 bytes of length, then per field a type byte, the name and a NUL, and"
          + " the value, then a NUL; array elements are named \"0\", \"1\", … and those names"
          + " count. Also its nesting depth, as the server counts it (at most 100 levels).",
      "",
      "Exit code 1 means the document is over 16 MiB (16,777,216 bytes) and MongoDB rejects it.",
      "",
      "Examples:",
      "  keyplan mongodb doc-size order.json",
      "  mongoexport --collection orders --limit 1 | keyplan mongodb doc-size -",
    },
    footer = {
      "",
      "JSON output (--format json):",
      "  {\"bytes\": 52, \"limit\": 16777216, \"fits\": true, \"depth\": 1}",
    })
public final class DocSizeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin FormatOption format;

  @Parameters(
      index = "0",
      paramLabel = "DOC.json",
      description = "The document in Extended JSON, or '-' to read it from standard input.")
  String file;

  @Override
  public Integer call() {
    Input.requireTextOrJson(format.get(), "mongodb doc-size");
    BsonDocument document = ExtendedJson.parseDocument(Input.name(file), Input.read(file));
    long bytes = DocumentSize.of(document);
    int depth = DocumentSize.nestingDepth(document);
    boolean fits = DocumentSize.fits(bytes);
    long limit = MongoDbLimits.MAX_DOCUMENT_BYTES;
    PrintWriter out = spec.commandLine().getOut();
    if (format.get() == OutputFormat.json) {
      out.println(
          "{\"bytes\": "
              + bytes
              + ", \"limit\": "
              + limit
              + ", \"fits\": "
              + fits
              + ", \"depth\": "
              + depth
              + "}");
    } else {
      out.println("bytes      " + bytes);
      out.println(
          "limit      "
              + limit
              + " (16 MiB)"
              + (fits ? ", " + (limit - bytes) + " bytes to spare" : ""));
      out.println("depth      " + depth + " of " + MongoDbLimits.MAX_NESTING_DEPTH + " levels");
      if (!fits) {
        out.println(
            "too large  "
                + (bytes - limit)
                + " bytes over the 16 MiB document limit;"
                + " MongoDB rejects this document");
      }
    }
    out.flush();
    return fits ? ExitCode.OK.code() : ExitCode.FINDINGS.code();
  }
}
