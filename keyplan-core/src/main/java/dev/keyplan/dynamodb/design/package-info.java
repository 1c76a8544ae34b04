/**
 * The analysis of a DynamoDB design: {@link dev.keyplan.dynamodb.design.DynamoDbAnalyzer} binds the
 * tables and item types, plans every pattern (API call, table or index, key condition, units per
 * request), and adds up the heat of each partition key value, each table's size and partitions and
 * each copy's monthly cost, into one {@link dev.keyplan.dynamodb.design.DynamoDbAnalysis} that
 * rules read and renderers print.
 */
package dev.keyplan.dynamodb.design;
