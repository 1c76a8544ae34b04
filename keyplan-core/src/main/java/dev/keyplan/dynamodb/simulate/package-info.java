/**
 * The DynamoDB simulator: each table and global index of a model's {@code dynamodb:} design as a
 * partition map over simulated time, with the per-partition ceilings, adaptive capacity, burst
 * capacity, on-demand limits and partition splits DynamoDB documents. The entry point is {@link
 * dev.keyplan.dynamodb.simulate.DynamoDbSimulator#run}; its options are {@link
 * dev.keyplan.dynamodb.simulate.DynamoDbSetup}; docs/simulate-dynamodb.md explains every mechanism
 * with its source and what is approximated.
 */
package dev.keyplan.dynamodb.simulate;
