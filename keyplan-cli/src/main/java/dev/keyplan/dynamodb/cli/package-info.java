/**
 * {@code keyplan dynamodb}: DynamoDB arithmetic on one item, {@code item-size} (its exact size and
 * the read and write capacity units it costs), and the options of {@code keyplan simulate --store
 * dynamodb} ({@link dev.keyplan.dynamodb.cli.DynamoDbSimulateOptions}).
 */
package dev.keyplan.dynamodb.cli;
