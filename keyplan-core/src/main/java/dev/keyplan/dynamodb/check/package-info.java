/**
 * The rules over DynamoDB designs: {@link dev.keyplan.dynamodb.check.DynamoDbRule}, the kind of
 * rule that reads a {@code DynamoDbAnalysis}, each rule over this store alone (listed in {@link
 * dev.keyplan.dynamodb.check.DynamoDbRules}), this store's parts of the rules over several stores
 * (listed in {@link dev.keyplan.dynamodb.check.DynamoDbRuleParts}), and the figures several of its
 * rules print ({@link dev.keyplan.dynamodb.check.DynamoDbFigures}).
 */
package dev.keyplan.dynamodb.check;
