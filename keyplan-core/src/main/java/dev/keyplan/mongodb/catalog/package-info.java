/**
 * What a MongoDB deployment says about itself, read from the files a model names: indexes as {@code
 * getIndexes()} prints them ({@link dev.keyplan.mongodb.catalog.IndexesFile}) and shard keys and
 * shards as the config database holds them ({@link dev.keyplan.mongodb.catalog.ShardingFile}).
 *
 * <p>The text is read by the {@code org.mongodb:bson} library (through {@link
 * dev.keyplan.mongodb.facts.ExtendedJson} for syntax errors), never by keyplan's own parser; this
 * package only notes where each value is written, so that a problem names its file:line:column. The
 * merge into the design is {@code MongoDbImport}'s, in {@code dev.keyplan.mongodb.design}. Formats,
 * merge rules and errors: docs/mongodb-import.md.
 */
package dev.keyplan.mongodb.catalog;
