/**
 * The Amazon DynamoDB plug-in: {@link dev.keyplan.dynamodb.DynamoDbStore}, the {@code Store} that
 * reads a model's {@code dynamodb:} section (tables, item types and indexes, possibly imported from
 * a NoSQL Workbench model or {@code describe-table} output) and analyses it. The store's code lies
 * in the subpackages (model, facts, schema, workbench, design, emit, simulate here; verify, report
 * and cli in their modules).
 */
package dev.keyplan.dynamodb;
