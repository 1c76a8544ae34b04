/**
 * {@code keyplan mongodb}: MongoDB arithmetic on one value or document, {@code hash} (the hashed
 * shard-key value) and {@code doc-size} (the BSON size of a document), and the options of {@code
 * keyplan simulate --store mongodb} ({@link dev.keyplan.mongodb.cli.MongoDbSimulateOptions}).
 */
package dev.keyplan.mongodb.cli;
