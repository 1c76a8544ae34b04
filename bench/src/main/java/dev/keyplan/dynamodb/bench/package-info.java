/**
 * DynamoDB's side of the check benchmark: {@link dev.keyplan.dynamodb.bench.DynamoDbBenchStore},
 * with its single-table model generator and the validation that each model exercises every plan and
 * rule.
 */
package dev.keyplan.dynamodb.bench;
