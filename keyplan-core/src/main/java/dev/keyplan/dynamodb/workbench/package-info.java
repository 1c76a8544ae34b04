/**
 * Reads a NoSQL Workbench for DynamoDB model file ({@link
 * dev.keyplan.dynamodb.workbench.WorkbenchReader}) into a {@link
 * dev.keyplan.dynamodb.workbench.WorkbenchModel}: its tables with keys, attributes, facets,
 * indexes, capacity settings and sample items, every problem reported at its {@code
 * file:line:column}. Format: docs/workbench-import.md.
 */
package dev.keyplan.dynamodb.workbench;
