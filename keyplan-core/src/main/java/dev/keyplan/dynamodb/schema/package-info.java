/**
 * Reads the table definitions a {@code dynamodb: {schema: FILE}} names, a NoSQL Workbench model or
 * the DynamoDB API's own shapes ({@code describe-table} output, CreateTable input), into {@link
 * dev.keyplan.dynamodb.schema.ImportedTable}s. {@link dev.keyplan.dynamodb.schema.SchemaFiles} is
 * the entry point; formats and checks: docs/dynamodb-import.md.
 */
package dev.keyplan.dynamodb.schema;
