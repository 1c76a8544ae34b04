/**
 * {@code keyplan verify --store mongodb}: the design applied to a real MongoDB (a mongod, or a
 * mongos of a sharded cluster) in a database of its own through the official driver, documents
 * loaded as the model's spreads shape them, and keyplan's predictions set beside what the server
 * reports: per read the index, blocking sort, shards reached and keys and documents examined
 * ({@code explain}), per pattern latency, per collection document sizes. The entry point is {@link
 * dev.keyplan.mongodb.verify.MongoDbVerifier#run}; docs/verify-mongodb.md says what is compared.
 */
package dev.keyplan.mongodb.verify;
