/**
 * The analysis of a MongoDB design: {@link dev.keyplan.mongodb.design.MongoDbAnalyzer} merges the
 * imported indexes and shard keys, binds the collections and measures their documents with the BSON
 * library, plans every pattern by the ESR guideline (index, sort, routing), and works out each
 * collection's load and chunks per shard and the embed-or-reference advice of every relationship,
 * into one {@link dev.keyplan.mongodb.design.MongoDbAnalysis} that rules read and renderers print.
 */
package dev.keyplan.mongodb.design;
