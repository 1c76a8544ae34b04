/**
 * Writes an analysed MongoDB design as a mongosh script for {@code keyplan emit mongosh} ({@link
 * dev.keyplan.mongodb.emit.MongoshScript}): collections with their {@code $jsonSchema} validators,
 * indexes, shard keys and zones, from the same database commands ({@link
 * dev.keyplan.mongodb.emit.MongoCommands}) that {@code keyplan verify} sends through the driver.
 */
package dev.keyplan.mongodb.emit;
