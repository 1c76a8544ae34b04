/**
 * The rules over DynamoDB designs: {@link dev.keyplan.dynamodb.check.DynamoDbRule}, the kind of
 * rule that reads a {@code DynamoDbAnalysis}, each rule over this store alone (listed in {@link
 * dev.keyplan.dynamodb.check.DynamoDbRules}), and this store's parts of the rules over several
 * stores (listed in {@link dev.keyplan.dynamodb.check.DynamoDbRuleParts}). Every figure a rule
 * prints that the analysis computes (a copy's write cost, an item's local index entries) is read
 * from the analysis, not worked out again here, so a finding and the report agree.
 */
package dev.keyplan.dynamodb.check;
