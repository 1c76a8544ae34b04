/**
 * How a DynamoDB analysis reads in each format of {@code keyplan check}: {@link
 * dev.keyplan.dynamodb.report.DynamoDbSections}, the store's {@code StoreReport}, and its text,
 * JSON and Markdown parts ({@link dev.keyplan.dynamodb.report.DynamoDbText}, {@link
 * dev.keyplan.dynamodb.report.DynamoDbJson}, {@link dev.keyplan.dynamodb.report.DynamoDbMarkdown}):
 * patterns with their operation, key condition and units, item types and sizes, heat of the busiest
 * key per copy, sizes and partitions, and monthly costs.
 */
package dev.keyplan.dynamodb.report;
