/**
 * MongoDB store facts: the limits and defaults ({@link dev.keyplan.mongodb.facts.MongoDbLimits}),
 * the hashed shard-key value ({@link dev.keyplan.mongodb.facts.HashedKey}), BSON document sizes
 * ({@link dev.keyplan.mongodb.facts.DocumentSize}, from {@link dev.keyplan.mongodb.facts.FieldSpec}
 * shapes or real documents) and the Extended JSON reader ({@link
 * dev.keyplan.mongodb.facts.ExtendedJson}).
 *
 * <p>BSON is encoded and Extended JSON is read by the official {@code org.mongodb:bson} library,
 * never by code of keyplan's: a size or a hash is only as right as the bytes it is computed on.
 * docs/mongodb-arithmetic.md explains each number with its source.
 */
package dev.keyplan.mongodb.facts;
