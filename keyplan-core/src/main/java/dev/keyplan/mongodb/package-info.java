/**
 * The MongoDB plug-in: {@link dev.keyplan.mongodb.MongoDbStore}, the {@code Store} that reads a
 * model's {@code mongodb:} section (collections, embedded documents, indexes and shard keys,
 * possibly imported from {@code getIndexes()} and {@code config.collections} output) and analyses
 * it. The store's code lies in the subpackages (model, facts, catalog, design, emit, simulate here;
 * verify, report and cli in their modules).
 */
package dev.keyplan.mongodb;
