/**
 * MongoDB's designer for {@code keyplan design} (issue 20): collections, embed or reference, ESR
 * indexes and shard keys, each read off the store's own analysis ({@link
 * dev.keyplan.mongodb.designer.MongoDbDesigner}).
 */
package dev.keyplan.mongodb.designer;
