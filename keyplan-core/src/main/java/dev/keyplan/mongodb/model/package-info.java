/**
 * The {@code mongodb:} section of a model: {@link dev.keyplan.mongodb.model.MongoDbDesign}
 * (collections, the entities embedded in them, field types, indexes, shard keys and zones, and the
 * cluster's shard count, per-shard budget and range size) and {@link
 * dev.keyplan.mongodb.model.MongoDbSectionReader}, which reads it.
 */
package dev.keyplan.mongodb.model;
