/**
 * The {@code dynamodb:} section of a model: {@link dev.keyplan.dynamodb.model.DynamoDbDesign}
 * (tables with their keys, indexes and capacity, item types with key templates, pinned access
 * paths, the price table and average load) and {@link
 * dev.keyplan.dynamodb.model.DynamoDbSectionReader}, which reads it.
 */
package dev.keyplan.dynamodb.model;
