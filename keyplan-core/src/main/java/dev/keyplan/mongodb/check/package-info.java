/**
 * The rules over MongoDB designs: {@link dev.keyplan.mongodb.check.MongoDbRule}, the kind of rule
 * that reads a {@code MongoDbAnalysis}, each rule over this store alone (listed in {@link
 * dev.keyplan.mongodb.check.MongoDbRules}), and this store's parts of the rules over several stores
 * (listed in {@link dev.keyplan.mongodb.check.MongoDbRuleParts}). The shard-key figures the key
 * rules share (the inserts per second, the price of resharding) are the analysis' {@code
 * MongoDbShard}'s, so a finding and the report agree.
 */
package dev.keyplan.mongodb.check;
