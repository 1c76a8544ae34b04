/**
 * The DynamoDB side of keyplan analyze's store exports: a table export to S3 in DynamoDB JSON, read
 * line by line with the core's DynamoDB JSON reader and item size ({@link
 * dev.keyplan.dynamodb.export.DynamoDbExportFormat}).
 */
package dev.keyplan.dynamodb.export;
