/**
 * DynamoDB's designer for {@code keyplan design} (issue 20): a single table with generic keys, item
 * collections shared by read attribute, overloaded global indexes and write sharding, each
 * candidate read and checked as {@code keyplan check} does ({@link
 * dev.keyplan.dynamodb.designer.DynamoDbDesigner}).
 */
package dev.keyplan.dynamodb.designer;
