/**
 * The rules over MongoDB designs: {@link dev.keyplan.mongodb.check.MongoDbRule}, the kind of rule
 * that reads a {@code MongoDbAnalysis}, each rule over this store alone (listed in {@link
 * dev.keyplan.mongodb.check.MongoDbRules}), this store's parts of the rules over several stores
 * (listed in {@link dev.keyplan.mongodb.check.MongoDbRuleParts}), and the shard-key figures its key
 * rules share ({@link dev.keyplan.mongodb.check.ShardKeyFacts}).
 */
package dev.keyplan.mongodb.check;
