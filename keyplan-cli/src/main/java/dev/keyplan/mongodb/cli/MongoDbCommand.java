package dev.keyplan.mongodb.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan mongodb}: MongoDB arithmetic on one value or one document. So far the hashed
 * shard-key value of a value and the BSON size of a document; the design checks (indexes, shard
 * keys, chunks) come with the model's mongodb: section.
 */
@Command(
    name = "mongodb",
    mixinStandardHelpOptions = true,
    description =
        "MongoDB arithmetic on one value or document: the hashed-index value a hashed"
            + " shard key routes by, and a document's exact BSON size against the 16 MiB limit."
            + " Values and documents are written in MongoDB Extended JSON.",
    subcommands = {HashCommand.class, DocSizeCommand.class})
public final class MongoDbCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}
