/**
 * DynamoDB store facts, each with its source: the limits and quotas ({@link
 * dev.keyplan.dynamodb.facts.DynamoDbLimits}), attribute values and the DynamoDB JSON reader
 * ({@link dev.keyplan.dynamodb.facts.AttributeValue}, {@link
 * dev.keyplan.dynamodb.facts.DynamoJson}), exact item sizes ({@link
 * dev.keyplan.dynamodb.facts.ItemSize}) and how a model attribute is stored in an item ({@link
 * dev.keyplan.dynamodb.facts.AttributeTypes}), the capacity units a request consumes ({@link
 * dev.keyplan.dynamodb.facts.Capacity}) and the price table ({@link
 * dev.keyplan.dynamodb.facts.PriceTable}). docs/dynamodb-arithmetic.md explains each number.
 */
package dev.keyplan.dynamodb.facts;
