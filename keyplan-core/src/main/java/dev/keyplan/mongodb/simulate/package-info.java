/**
 * The MongoDB simulator: one sharded collection's chunks, the balancer that moves ranges between
 * shards and gives up on jumbo chunks, zones, the AutoMerger, and where mongos sends each pattern's
 * requests, second by second. {@link dev.keyplan.mongodb.simulate.MongoDbSimulator} is the entry
 * point, {@link dev.keyplan.mongodb.simulate.MongoDbSetup} its options, {@link
 * dev.keyplan.mongodb.simulate.MongoDbRun} what it returns. docs/simulate-mongodb.md explains the
 * mechanics, their sources and what is approximated.
 */
package dev.keyplan.mongodb.simulate;
