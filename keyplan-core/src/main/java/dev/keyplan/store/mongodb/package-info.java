/**
 * MongoDB store facts: the limits and defaults ({@link dev.keyplan.store.mongodb.MongoDbLimits}),
 * the hashed shard-key value ({@link dev.keyplan.store.mongodb.HashedKey}), BSON document sizes
 * ({@link dev.keyplan.store.mongodb.DocumentSize}, from {@link
 * dev.keyplan.store.mongodb.FieldSpec} shapes or real documents) and the Extended JSON reader
 * ({@link dev.keyplan.store.mongodb.ExtendedJson}).
 *
 * <p>BSON is encoded and Extended JSON is read by the official {@code org.mongodb:bson} library,
 * never by code of keyplan's: a size or a hash is only as right as the bytes it is computed on.
 * docs/mongodb-arithmetic.md explains each number with its source.
 */
package dev.keyplan.store.mongodb;
